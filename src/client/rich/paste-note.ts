import { normalizePastedHtml, type PasteRules } from "./paste-normalize";

/** How long a note stays, once shown. */
const NOTE_MS = 20_000;

/**
 * The editor's paste step and its notes: normalizes pasted HTML (`normalizePastedHtml`) and, when
 * images had to be left out, says so in a polite live region under the toolbar, so the editor
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
      const { html: normalized, droppedImages } = normalizePastedHtml(html, doc, rules);
      say(
        droppedImages === 0
          ? ""
          : `${droppedImages === 1 ? "1 pasted image was" : `${droppedImages} pasted images were`} left out: images from other sites or files cannot be linked. Upload them with Insert image.`,
      );
      return normalized;
    },
  };
}
