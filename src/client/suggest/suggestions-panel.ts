import { editorColor } from "../../shared/editor-color";
import { createDialog, textButton } from "../dialog";
import { formatTime } from "../format-time";
import { humanName } from "../human-name";
import { addStylesOnce } from "../style-once";
import { retypeWords } from "./retype-words";
import type { ListedSuggestion, SuggestApi } from "./suggest-api";

const CSS = `
.cms-suggestions{width:min(26rem,92vw);margin:auto 1rem auto auto;color:#1d232b;background:#fff}
.cms-suggestions ol{list-style:none;padding:0;margin:.5rem 0;display:grid;gap:.5rem;max-height:60vh;overflow:auto}
.cms-suggestion-item{border:1px solid #8a94a6;border-left:4px solid var(--cms-author,#4363d8);border-radius:.4rem;padding:.5rem .6rem}
.cms-suggestion-item p{margin:.2rem 0}
.cms-suggestion-item q{font-style:italic}
.cms-suggestions-all{display:flex;gap:.5rem;flex-wrap:wrap}
.cms-suggestions .cms-suggestion-item button{width:auto;display:inline-flex;margin:.2rem .4rem 0 0}
`;

/** Who is looking: their editor id and whether they may publish (and so settle anyone's suggestions). */
export interface SuggestionsPanelOptions {
  api: SuggestApi;
  me: number | string | null;
  canPublish: boolean;
  /** Called after every change the panel made (the count in the edit bar follows the room anyway). */
  onChanged?: () => void;
}

/**
 * Opens the Suggestions panel: every open suggestion of the page with who made it, when, where and
 * what it changes, and Accept / Reject for its author or a publisher; a publisher also gets Accept
 * all / Reject all. A suggestion someone else settled first says so ("Already settled by someone
 * else") and the list is read again.
 *
 * @example
 * await openSuggestionsPanel(document, { api: suggestApi(fetch, "/api/cms/pages/1/suggestions"), me: 7, canPublish: true });
 */
export async function openSuggestionsPanel(doc: Document, options: SuggestionsPanelOptions): Promise<HTMLDialogElement> {
  addStylesOnce(doc, "cms-suggestions-styles", CSS);
  const { dialog, heading, message } = createDialog(doc, "Suggestions", "Suggestions");
  dialog.classList.add("cms-suggestions");
  const list = doc.createElement("ol");
  list.setAttribute("aria-label", "Open suggestions");
  const all = doc.createElement("div");
  all.className = "cms-suggestions-all";
  const acceptAll = textButton(doc, "Accept all", () => void settleAll("accept"));
  const rejectAll = textButton(doc, "Reject all", () => void settleAll("reject"));
  all.append(acceptAll, rejectAll);
  all.hidden = !options.canPublish;
  dialog.append(heading, message, all, list, textButton(doc, "Close", () => dialog.close()));
  dialog.addEventListener("close", () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();

  const load = async (note = "") => {
    message.textContent = note || "Loading suggestions…";
    const answer = await options.api.list();
    if (!answer.ok) {
      message.textContent = `Could not load the suggestions: ${answer.error}`;
      return;
    }
    heading.textContent = `Suggestions (${answer.suggestions.length})`;
    list.replaceChildren(...answer.suggestions.map(render));
    acceptAll.disabled = rejectAll.disabled = answer.suggestions.length === 0;
    message.textContent = note || (answer.suggestions.length === 0 ? "No open suggestions." : "");
  };
  const settle = async (suggestion: ListedSuggestion, action: "accept" | "reject", buttons: HTMLButtonElement[]) => {
    for (const button of buttons) button.disabled = true;
    const answer = await options.api.settle(suggestion.id, action);
    options.onChanged?.();
    if (answer.ok) return load(action === "accept" ? "Accepted." : "Rejected.");
    if (answer.settled) return load("Already settled by someone else.");
    for (const button of buttons) button.disabled = false;
    message.textContent = `Not ${action}ed: ${answer.error}`;
  };
  const settleAll = async (action: "accept" | "reject") => {
    acceptAll.disabled = rejectAll.disabled = true;
    const answer = await options.api.settleAll(action);
    options.onChanged?.();
    await load(answer.ok ? (action === "accept" ? "All accepted." : "All rejected.") : answer.settled ? "Already settled by someone else." : `Not done: ${answer.error}`);
  };
  const render = (suggestion: ListedSuggestion): HTMLLIElement => {
    const item = doc.createElement("li");
    item.className = "cms-suggestion-item";
    item.dataset.cmsSuggestion = suggestion.id;
    item.style.setProperty("--cms-author", editorColor(String(suggestion.author)));
    const who = doc.createElement("p");
    who.textContent = `${suggestion.authorName || "Someone"} · ${suggestion.at ? formatTime(doc, suggestion.at) : ""}`;
    const what = doc.createElement("p");
    what.append(`${describe(suggestion)} in ${humanName(suggestion.field.split(".")[0] ?? suggestion.field)}: `);
    const words = doc.createElement("q");
    words.textContent = suggestion.text;
    what.append(words);
    item.append(who, what);
    if (options.canPublish || String(suggestion.author) === String(options.me)) {
      const name = suggestion.text ? `“${suggestion.text.slice(0, 40)}”` : describe(suggestion).toLowerCase();
      const accept = textButton(doc, "Accept", () => void settle(suggestion, "accept", [accept, reject]));
      const reject = textButton(doc, "Reject", () => void settle(suggestion, "reject", [accept, reject]));
      accept.setAttribute("aria-label", `Accept ${name}`);
      reject.setAttribute("aria-label", `Reject ${name}`);
      item.append(accept, " ", reject);
    }
    return item;
  };
  await load();
  return dialog;
}

/* What a suggestion does, in words. */
function describe(suggestion: ListedSuggestion): string {
  if (suggestion.kind === "retype") return retypeWords(suggestion.to, suggestion.from);
  const words: Record<string, string> = { insert: "Add", delete: "Delete", format: "Format", add: "Add a section", remove: "Remove a section", move: "Move a section", split: "New paragraph", join: "Join paragraphs" };
  return words[suggestion.kind] ?? "Change";
}
