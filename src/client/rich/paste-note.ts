import { normalizePastedHtml, type PasteRules } from "./paste-normalize";

/** How long a note stays, once shown. */
const NOTE_MS = 20_000;

/**
 * The editor's paste step and its notes: normalizes pasted HTML (`normalizePastedHtml`) and, when
 * images had to be left out, names them in a polite live region under the toolbar, so the editor
 * knows to upload them instead of finding the gap later; `say` puts any other note there.
 *
 * @example
 * const note = createPasteNote(document);
 * toolbar.after(note.element);
 * new EditorView(host, { transformPastedHTML: (html) => note.normalize(html, rules), ... });
 */
export function createPasteNote(doc: Document): { element: HTMLElement; normalize: (html: string, rules: PasteRules) => string; say: (text: string) => void } {
  const element = doc.createElement("p");
  element.className = "cms-rich-note";
  element.setAttribute("role", "status");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (text: string) => {
    clearTimeout(timer);
    element.textContent = text;
    if (text !== "") timer = setTimeout(() => (element.textContent = ""), NOTE_MS);
  };
  return {
    element,
    say,
    normalize(html, rules) {
      const { html: normalized, dropped } = normalizePastedHtml(html, doc, rules);
      say(droppedNote(dropped));
      return normalized;
    },
  };
}

/** The note for left-out images, naming each (the first few), or "" when none were. */
function droppedNote(dropped: string[]): string {
  if (dropped.length === 0) return "";
  const shown = dropped.slice(0, 3).join(", ") + (dropped.length > 3 ? ` and ${dropped.length - 3} more` : "");
  const count = dropped.length === 1 ? "1 pasted image was" : `${dropped.length} pasted images were`;
  const [it, they] = dropped.length === 1 ? ["it", "it"] : ["they", "them"];
  return `${count} left out (${shown}): ${it} could not be copied into the media library. Upload ${they} with Insert image.`;
}
