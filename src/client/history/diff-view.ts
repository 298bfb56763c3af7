import type { FieldComparison } from "./field-compare";
import { describeFormat, type TextFormat } from "./text-format";

/** The styles of a comparison figure (`renderField`), for the panel that shows one. */
export const DIFF_CSS = `
.cms-diff{margin:.6rem 0}
.cms-diff figcaption{font-weight:600}
.cms-diff p{white-space:pre-wrap;margin:.2rem 0}
.cms-diff del{background:#fde2e2;color:#7f1d1d}
.cms-diff ins{background:#dcfce7;color:#14532d}
.cms-diff-link{text-decoration:underline}
.cms-diff-note{font-size:.85em;font-style:normal;font-weight:normal}
.cms-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

/** How a screen reader is told which side a changed run is from. */
export interface DiffWords {
  removed: string;
  added: string;
}

/* The history panel compares a chosen version (older) with the current draft (newer). */
const HISTORY_WORDS: DiffWords = { removed: "in this version", added: "in the current draft" };

/**
 * One field's comparison as a figure: its name, then its words with what the older side had in
 * `<del>` and what the newer side has in `<ins>`, each said in words for screen readers.
 *
 * @example
 * detail.append(renderField(document, comparison));
 */
export function renderField(doc: Document, comparison: FieldComparison, words: DiffWords = HISTORY_WORDS): HTMLElement {
  const figure = doc.createElement("figure");
  figure.className = "cms-diff";
  const caption = doc.createElement("figcaption");
  caption.textContent = comparison.field;
  const text = doc.createElement("p");
  for (const part of comparison.parts) {
    if (part.kind === "same") {
      text.append(formatted(doc, part.text, part.format));
      continue;
    }
    // <del> holds what the older side had, <ins> what the newer side has instead.
    const mark = doc.createElement(part.kind === "removed" ? "del" : "ins");
    const hint = doc.createElement("span");
    hint.className = "cms-visually-hidden";
    hint.textContent = part.kind === "removed" ? ` [${words.removed}: ` : ` [${words.added}: `;
    const end = doc.createElement("span");
    end.className = "cms-visually-hidden";
    end.textContent = "] ";
    mark.append(hint, formatted(doc, part.text, part.format));
    // A changed run says its formatting in words too: a link's address is not visible otherwise.
    const format = describeFormat(part.format);
    if (format && part.text.trim()) {
      const note = doc.createElement("span");
      note.className = "cms-diff-note";
      note.textContent = ` (${format})`;
      mark.append(note);
    }
    mark.append(end);
    text.append(mark);
  }
  figure.append(caption, text);
  return figure;
}

const TAGS: Record<string, string> = { bold: "strong", italic: "em", underline: "u", strikethrough: "s", code: "code" };

/* A run's text shown with its formatting; a link as underlined text, never a live link in the panel. */
function formatted(doc: Document, text: string, format: TextFormat | undefined): Node {
  let node: Node = doc.createTextNode(text);
  for (const mark of [...(format?.marks ?? [])].reverse()) {
    const element = doc.createElement(TAGS[mark] ?? "span");
    element.append(node);
    node = element;
  }
  if (format?.href !== undefined) {
    const link = doc.createElement("span");
    link.className = "cms-diff-link";
    link.append(node);
    node = link;
  }
  return node;
}
