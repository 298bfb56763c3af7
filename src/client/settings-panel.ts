import { createDialog } from "./dialog";
import { failureText } from "./failure-text";
import type { FetchLike } from "./images/media-api";
import { createMenuEditor, type MenuEditor, type MenuLanguages } from "./pages/menu-editor";
import { listPages } from "./pages/pages-api";

/** One text setting the panel edits. */
export interface SettingsPanelField {
  key: string;
  label: string;
}

export interface SettingsPanelOptions {
  /** Which settings to offer, in order. */
  fields: readonly SettingsPanelField[];
  /** The settings endpoint (GET `{ settings }`, PATCH a partial patch); default `/api/cms/settings`. */
  settingsUrl?: string;
  fetch?: FetchLike;
  /**
   * Whether this editor may change the settings (the server needs the admin role, since every
   * visitor sees them at once); default true. When false the values are shown read-only, with a
   * note to ask an admin, and there is no Save button.
   */
  canChange?: boolean;
  /**
   * The whole-site export (`GET /api/cms/export`, admins only), offered as a download link to an
   * editor who `canChange`; default `/api/cms/export`, `null` for none.
   */
  exportUrl?: string | null;
  /** Also edit the site menu (the `menu` setting: which pages, in which order, under which labels). */
  menu?: boolean;
  /** The site's languages: with more than one, each menu entry gets a label per other locale. */
  languages?: MenuLanguages;
  /** Called with the saved settings after a successful save. */
  onSaved?: (settings: Record<string, unknown>) => void;
}

/**
 * A small settings dialog for the edit bar's Settings button: it loads the current values, lets
 * the editor change the listed text settings (and, with `menu`, the site menu), and PATCHes only
 * the ones that changed. Saving publishes: every visitor sees settings at once. Errors the
 * server gives (a 422's violations included) are shown in the dialog, which stays open.
 *
 * @example
 * window.addEventListener("cms:open-settings", () =>
 *   openSettingsPanel(document, { fields: [{ key: "siteName", label: "Site name" }] }));
 */
export async function openSettingsPanel(doc: Document, options: SettingsPanelOptions): Promise<void> {
  const url = options.settingsUrl ?? "/api/cms/settings";
  const doFetch = options.fetch ?? ((input, init) => (doc.defaultView ?? window).fetch(input, init));
  const { dialog, heading, message } = createDialog(doc, "Site settings");
  const form = doc.createElement("form");
  form.method = "dialog";
  form.append(heading);

  const canChange = options.canChange ?? true;
  const loaded = await readJson(doFetch, url, { method: "GET" });
  const current = (loaded.ok && isRecord(loaded.body.settings) ? loaded.body.settings : {}) as Record<string, unknown>;
  if (!loaded.ok) message.textContent = `Could not load the settings: ${loaded.error}`;
  const inputs = options.fields.map((field) => {
    const label = doc.createElement("label");
    label.style.display = "grid";
    label.textContent = field.label;
    const input = doc.createElement("input");
    input.name = field.key;
    input.value = typeof current[field.key] === "string" ? (current[field.key] as string) : "";
    input.readOnly = !canChange;
    label.append(input);
    form.append(label);
    return { field, input, initial: input.value };
  });

  let menu: MenuEditor | null = null;
  if (options.menu && loaded.ok) {
    const pages = await listPages({ fetch: (input, init) => doFetch(String(input), init) });
    if (pages.ok) {
      menu = createMenuEditor(doc, { current: current.menu, pages: pages.value, readOnly: !canChange, languages: options.languages });
      form.append(menu.element);
    } else message.textContent = `Could not load the pages for the menu: ${pages.error}`;
  }

  const exportUrl = options.exportUrl === undefined ? "/api/cms/export" : options.exportUrl;
  if (canChange && exportUrl) form.append(exportLink(doc, exportUrl));

  const save = doc.createElement("button");
  save.type = "submit";
  save.textContent = "Save settings";
  const cancel = doc.createElement("button");
  cancel.type = "button";
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", () => dialog.close());
  if (canChange) form.append(message, save, cancel);
  else {
    if (loaded.ok) message.textContent = "Every visitor sees these at once, so only an admin can change them. Ask an admin.";
    cancel.textContent = "Close";
    form.append(message, cancel);
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const patch: Record<string, unknown> = Object.fromEntries(inputs.filter((i) => i.input.value !== i.initial).map((i) => [i.field.key, i.input.value]));
    if (menu?.changed()) patch.menu = menu.value();
    if (Object.keys(patch).length === 0) return dialog.close();
    message.textContent = "Saving…";
    void readJson(doFetch, url, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(patch) }).then((saved) => {
      if (!saved.ok) {
        message.textContent = `Not saved: ${saved.error}`;
        return;
      }
      options.onSaved?.(isRecord(saved.body.settings) ? saved.body.settings : {});
      dialog.close();
    });
  });
  dialog.addEventListener("close", () => dialog.remove());
  dialog.append(form);
  doc.body.append(dialog);
  dialog.showModal();
}

/* A plain link: the browser streams the archive to disk itself, so no byte of it passes through the page. */
function exportLink(doc: Document, url: string): HTMLElement {
  const row = doc.createElement("p");
  const link = doc.createElement("a");
  link.href = url;
  link.download = "";
  link.textContent = "Export the whole site";
  link.title = "Download an archive of every page, draft, setting and media file (cms-toolkit import restores it)";
  row.append(link);
  return row;
}

type JsonAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; error: string };

async function readJson(doFetch: FetchLike, url: string, init: RequestInit): Promise<JsonAnswer> {
  try {
    const response = await doFetch(url, init);
    if (!response.ok) return { ok: false, error: await failureText(response) };
    const body = (await response.json().catch(() => ({}))) as unknown;
    return { ok: true, body: isRecord(body) ? body : {} };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
