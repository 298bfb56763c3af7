import { createDialog, textButton } from "../dialog";
import { addStylesOnce } from "../style-once";
import { formatTime } from "../format-time";
import { failureText } from "../failure-text";
import { compareFields } from "./field-compare";
import { htmlToTokens } from "./html-text";
import { scheduleCancelledNote } from "../schedule-note";
import { DIFF_CSS, renderField } from "./diff-view";
import { parseVersionList, scheduledVersionId, versionStateLabel, type VersionEntry, type VersionList } from "./versions-api";

/* The panel's styles travel with its chunk, so pages that never open it do not carry them. */
const CSS = `
.cms-history{width:min(48rem,92vw);color:#1d232b;background:#fff}
.cms-history ol{list-style:none;padding:0;margin:.5rem 0;max-height:14rem;overflow:auto;display:grid;gap:.25rem}
.cms-version{width:100%;text-align:left;font:inherit;color:#1d232b;background:#fff;border:1px solid #8a94a6;border-radius:.3rem;padding:.3rem .5rem;cursor:pointer}
.cms-version[aria-pressed=true]{border-color:#1d4ed8;background:#eef3ff}
.cms-version[data-state=published] strong{color:#166534}
.cms-version[data-state=scheduled] strong{color:#9a3412}
`;

export interface HistoryPanelOptions {
  /** `GET` lists the page's versions, `POST` saves a draft: `/api/cms/pages/<id>/versions`. */
  versionsUrl: string;
  /** Fields holding rich HTML, compared by their readable text. */
  richFields: ReadonlySet<string>;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /**
   * Called as a restore starts, with the fields it writes; the function it returns is called when
   * the restore is over (`true` when it was saved). The page uses it to recognise its own write
   * when the room tells everyone a draft was written from outside.
   */
  onRestoring?: (fields: string[]) => (restored: boolean) => void;
  /** Called after a version was restored as the newest draft. */
  onRestored?: (versionId: number) => void;
}

/**
 * The page's history: its versions (who, when, and whether published, scheduled or a draft), a
 * field-by-field comparison of the chosen version with the current draft (rich text as a word
 * diff of its readable text that also shows formatting and link changes), and "Restore as a new
 * draft", which asks the draft endpoint to restore that version (`{ restoreVersionId }`: its
 * content replaces the page's, live typing included, as the newest draft; editors in the room see
 * it arrive, and nothing is published), then shows the
 * comparison again against the new draft. Resolves once the dialog is open.
 *
 * @example
 * await openHistoryPanel(document, { versionsUrl: "/api/cms/pages/2/versions", richFields: new Set(["body"]), fetch });
 */
export async function openHistoryPanel(doc: Document, options: HistoryPanelOptions): Promise<HTMLDialogElement> {
  addStylesOnce(doc, "cms-history-styles", CSS + DIFF_CSS);
  const { dialog, heading, message } = createDialog(doc, "Page history");
  dialog.classList.add("cms-history");
  const list = doc.createElement("ol");
  list.setAttribute("aria-label", "Versions, newest first");
  const detail = doc.createElement("section");
  detail.setAttribute("aria-label", "Comparison with the current draft");
  const close = textButton(doc, "Close", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  const older = textButton(doc, "Show older versions", () => void loadOlder());
  older.hidden = true;
  // A scheduled publish that did not go live stays on the record for whoever set it.
  const failure = doc.createElement("p");
  failure.setAttribute("role", "note");
  failure.hidden = true;
  dialog.append(heading, message, failure, list, older, detail, close);
  doc.body.append(dialog);
  dialog.showModal();

  let versions: VersionList = { items: [], scheduled: null, next: null };
  let chosen: number | null = null;

  const load = async () => {
    message.textContent = "Loading versions…";
    const answer = await request(options, "GET");
    if (!answer.ok) {
      message.textContent = `Could not load the history: ${answer.error}`;
      return;
    }
    versions = parseVersionList(answer.body);
    message.textContent = versions.items.length === 0 ? "This page has no saved versions yet." : "";
    const failed = versions.scheduleFailed;
    failure.hidden = !failed;
    failure.textContent = failed ? `${scheduleCancelledNote(formatTime(doc, failed.at), failed.reason)}${failed.by ? ` (scheduled by ${failed.by})` : ""}.` : "";
    renderList();
  };

  const loadOlder = async () => {
    if (!versions.next) return;
    older.disabled = true;
    const answer = await request(options, "GET", undefined, versions.next);
    older.disabled = false;
    if (!answer.ok) {
      message.textContent = `Could not load older versions: ${answer.error}`;
      return;
    }
    const page = parseVersionList(answer.body);
    versions = { ...versions, items: [...versions.items, ...page.items], next: page.next };
    renderList();
  };

  const renderList = () => {
    older.hidden = versions.next === null;
    const scheduledId = scheduledVersionId(versions);
    list.replaceChildren(
      ...versions.items.map((entry, index) => {
        const item = doc.createElement("li");
        const pick = doc.createElement("button");
        pick.type = "button";
        pick.className = "cms-version";
        pick.dataset.state = versionStateLabel(entry, scheduledId).toLowerCase();
        pick.setAttribute("aria-pressed", String(entry.id === chosen));
        const label = versionStateLabel(entry, scheduledId);
        const when = formatTime(doc, entry.createdAt);
        const badge = doc.createElement("strong");
        badge.textContent = label;
        pick.append(`Version ${entry.id}${index === 0 ? " (current draft)" : ""} `, badge, ` · ${entry.author ?? "unknown author"}${when ? ` · ${when}` : ""}`);
        if (label === "Scheduled" && versions.scheduled) pick.append(` · goes live ${formatTime(doc, versions.scheduled.at)}`);
        pick.addEventListener("click", () => show(entry));
        item.append(pick);
        return item;
      }),
    );
  };

  const show = (entry: VersionEntry) => {
    chosen = entry.id;
    renderList();
    const current = versions.items[0]!;
    const title = doc.createElement("h3");
    title.textContent = `Version ${entry.id} compared with the current draft`;
    const comparisons = compareFields(entry.data, current.data, { richFields: options.richFields, htmlToTokens: (html) => htmlToTokens(doc, html) });
    const changed = comparisons.filter((c) => c.changed);
    const same = comparisons.filter((c) => !c.changed).map((c) => c.field);
    const body: Node[] = changed.map((c) => renderField(doc, c));
    const summary = doc.createElement("p");
    summary.textContent = changed.length === 0 ? "Same content as the current draft." : same.length ? `Unchanged: ${same.join(", ")}.` : "";
    const restore = textButton(doc, `Restore version ${entry.id} as a new draft`, () => void restoreVersion(entry, restore));
    restore.disabled = changed.length === 0;
    detail.replaceChildren(title, ...body, summary, restore);
  };

  const restoreVersion = async (entry: VersionEntry, button: HTMLButtonElement) => {
    button.disabled = true;
    message.textContent = `Restoring version ${entry.id}…`;
    const current = versions.items[0]?.data ?? {};
    const over = options.onRestoring?.(Object.keys(entry.data).filter((field) => Object.hasOwn(current, field)));
    // A restore, not an edit: the server writes the version's snapshot over the live page whole, so
    // words typed live since (which a base-less edit would keep) give way to the chosen version.
    const answer = await request(options, "POST", { restoreVersionId: entry.id });
    over?.(answer.ok);
    if (!answer.ok) {
      message.textContent = `Not restored: ${answer.error}`;
      button.disabled = false;
      return;
    }
    await load();
    // The comparison again, now against the restored draft (so it no longer shows the old differences).
    const shown = versions.items.find((item) => item.id === entry.id);
    if (shown) show(shown);
    message.textContent = `Version ${entry.id} restored as a new draft.`;
    options.onRestored?.(entry.id);
  };

  await load();
  return dialog;
}

type Answer = { ok: true; body: unknown } | { ok: false; error: string };

async function request(options: HistoryPanelOptions, method: "GET" | "POST", body?: unknown, cursor?: string): Promise<Answer> {
  const url = cursor ? `${options.versionsUrl}${options.versionsUrl.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}` : options.versionsUrl;
  try {
    const response = await options.fetch(url, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) return { ok: false, error: await failureText(response) };
    return { ok: true, body: await response.json().catch(() => null) };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}
