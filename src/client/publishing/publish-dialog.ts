import { createDialog, textButton } from "../dialog";
import { formatTime } from "../format-time";
import { parseVersionList, type VersionList } from "../history/versions-api";
import { publishActions, readLocalTime, type ActionResult, type FetchLike, type PublishUrls } from "./publish-actions";
import { violationList, violationWords } from "./violation-list";
import { draftDifference } from "./draft-difference";

export interface PublishDialogOptions {
  urls: PublishUrls;
  /** The editor holds the publish privilege; without it the dialog says to ask a publisher. */
  canPublish: boolean;
  fetch: FetchLike;
  /** Saves what is pending before publishing or scheduling, so nothing typed is left out. */
  beforePublish: () => Promise<void>;
  /** Called with each action's outcome (for the edit bar's status line). */
  onResult?: (text: string) => void;
}

/**
 * The Publish dialog: what visitors see now (published or not) and any scheduled publish; for a
 * publisher, Publish now, Schedule at a date and time, Cancel the schedule and Unpublish; for an
 * editor without the privilege, the same state and a plain "ask a publisher". Resolves once open.
 *
 * @example
 * await openPublishDialog(document, { urls, canPublish: true, fetch, beforePublish: () => queue.flush() });
 */
export async function openPublishDialog(doc: Document, options: PublishDialogOptions): Promise<HTMLDialogElement> {
  const { dialog, heading, message } = createDialog(doc, "Publish", "Publish this page");
  const state = doc.createElement("p");
  const controls = doc.createElement("div");
  const close = textButton(doc, "Close", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  const fixes = doc.createElement("div");
  dialog.append(heading, state, controls, message, fixes, close);
  doc.body.append(dialog);
  dialog.showModal();

  const time = (iso: string) => formatTime(doc, iso);
  const actions = publishActions(options.fetch, options.urls, time, (violations) => violations.map((violation) => violationWords(doc, violation)).join("; "));
  let versions: VersionList = { items: [], scheduled: null, next: null };
  /* The live row's pointer says what visitors see, whether or not that version is on the list's first page. */
  let liveVersion: number | null = null;
  /* The live row itself, to compare the draft with what visitors see. */
  let liveRow: unknown = null;
  /* Suggestions still open in the page's room: publishing leaves them out (the draft ignores them). */
  let openSuggestions = 0;

  const load = async () => {
    try {
      const init = { credentials: "same-origin", headers: { accept: "application/json" } } as const;
      const [list, page] = await Promise.all([options.fetch(options.urls.versions, init), options.fetch(options.urls.page, init)]);
      const listed: unknown = list.ok ? await list.json() : null;
      versions = listed ? parseVersionList(listed) : versions;
      if (page.ok) {
        liveRow = await page.json();
        liveVersion = readPointer(liveRow);
      }
      openSuggestions = readOpenSuggestions(listed) ?? readOpenSuggestions(liveRow) ?? 0;
    } catch {
      message.textContent = "Could not read the page's publishing state.";
    }
    render();
  };

  const run = async (action: () => Promise<ActionResult>, needsSave: boolean) => {
    for (const button of controls.querySelectorAll("button")) button.disabled = true;
    message.textContent = "Working…";
    fixes.replaceChildren();
    if (needsSave) await options.beforePublish();
    const result = await action();
    message.textContent = result.text;
    if (!result.ok && result.violations?.length) fixes.append(violationList(doc, result.violations, () => dialog.close()));
    options.onResult?.(result.text);
    await load();
  };

  /* The controls are built once, so a date typed while the state loads is kept. */
  const now = textButton(doc, "Publish now", () => void run(actions.publishNow, true));
  const later = doc.createElement("fieldset");
  const legend = doc.createElement("legend");
  legend.textContent = "Publish later";
  const label = doc.createElement("label");
  const input = doc.createElement("input");
  input.type = "datetime-local";
  input.name = "publish-at";
  label.append("Date and time ", input);
  const schedule = textButton(doc, "Schedule", () => {
    const read = readLocalTime(input.value, Date.now());
    if (!read.ok) {
      message.textContent = read.error;
      input.focus();
      return;
    }
    void run(() => actions.schedule(read.at), true);
  });
  later.append(legend, label, schedule);
  const cancel = textButton(doc, "Cancel the schedule", () => void run(actions.cancelSchedule, false));
  const unpublish = textButton(doc, "Unpublish", () => void run(actions.unpublish, false));
  if (options.canPublish) controls.append(now, later, cancel, unpublish);
  else {
    const ask = doc.createElement("p");
    ask.textContent = "Publishing needs the publish privilege. Your changes are saved as a draft: ask a publisher to publish them.";
    controls.append(ask);
  }

  const render = () => {
    const lines = [liveVersion !== null ? `Published: visitors see version ${liveVersion}.` : "Not published: visitors do not see this page."];
    const draft = versions.items.find((item) => item.state === "pending");
    const differs = draft ? draftDifference(draft.data, liveRow) : [];
    if (liveVersion !== null) {
      lines.push(
        differs.length > 0
          ? `The draft differs from what visitors see (changed: ${differs.join(", ")}); publishing shows it to them.`
          : "The draft is the same as what visitors see.",
      );
    }
    if (openSuggestions > 0) lines.push(`${openSuggestions} ${openSuggestions === 1 ? "suggestion" : "suggestions"} open: publishing leaves them out.`);
    if (versions.scheduled) lines.push(`Scheduled to go live ${time(versions.scheduled.at)}${versions.scheduled.by ? ` (set by ${versions.scheduled.by})` : ""}.`);
    state.textContent = lines.join(" ");
    cancel.hidden = !versions.scheduled;
    unpublish.hidden = liveVersion === null;
    for (const button of controls.querySelectorAll("button")) button.disabled = false;
  };

  render();
  await load();
  return dialog;
}

/* The publish state's count of open suggestions, where the answer carries one. */
function readOpenSuggestions(body: unknown): number | null {
  const value = body !== null && typeof body === "object" ? (body as { openSuggestions?: unknown }).openSuggestions : null;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

function readPointer(row: unknown): number | null {
  const value = row !== null && typeof row === "object" ? (row as { publishedVersionId?: unknown }).publishedVersionId : null;
  return typeof value === "number" ? value : null;
}
