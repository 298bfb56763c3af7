import type { RichToken, TextFormat } from "./text-format";
import { wordTokens } from "./word-diff";

const BLOCKS = new Set(["P", "H1", "H2", "H3", "H4", "H5", "H6", "LI", "BLOCKQUOTE", "PRE", "FIGCAPTION", "DIV", "TR"]);
const MARKS: Record<string, string> = { STRONG: "bold", B: "bold", EM: "italic", I: "italic", U: "underline", S: "strikethrough", DEL: "strikethrough", CODE: "code" };
const PLAIN: TextFormat = { marks: [] };

/*
 * What a block says about itself in a comparison, so a paragraph turned into a heading, a list
 * item or a quote shows as changed: "Heading 2: ", "• ", "1. ", "Quote: ".
 */
function blockLabel(element: Element): string {
  if (/^H[1-6]$/.test(element.tagName)) return `Heading ${element.tagName[1]}: `;
  if (element.tagName === "LI") {
    const list = element.parentElement;
    if (list?.tagName !== "OL") return "• ";
    return `${[...list.children].filter((child) => child.tagName === "LI").indexOf(element) + 1}. `;
  }
  if (element.closest("blockquote")) return "Quote: ";
  return "";
}

/**
 * Rich HTML as the words a reader sees, each with its formatting (bold, italic, a link's address),
 * one line per block (headings, list items and quotes labelled), images as `[image: alt]`. A
 * comparison of these tokens shows a word made bold or a link's address changed, not only changed
 * words. Parsed inertly (a `DOMParser` document runs no scripts and loads no images).
 *
 * @example
 * htmlToTokens(document, '<p>Hi <a href="https://x.test">you</a></p>')
 * // [{ text: "Hi", format: { marks: [] } }, { text: " ", … }, { text: "you", format: { marks: [], href: "https://x.test" } }]
 */
export function htmlToTokens(doc: Document, html: string): RichToken[] {
  const parser = new (doc.defaultView ?? window).DOMParser();
  const body = parser.parseFromString(html, "text/html").body;
  const tokens: RichToken[] = [];
  let lineOpen = false;
  const endLine = () => {
    if (lineOpen) tokens.push({ text: "\n", format: PLAIN });
    lineOpen = false;
  };
  const words = (text: string, format: TextFormat) => {
    for (const word of wordTokens(text)) {
      if (!lineOpen && !word.trim()) continue;
      lineOpen = true;
      tokens.push({ text: word, format });
    }
  };
  const walk = (node: Node, format: TextFormat): void => {
    if (node.nodeType === 3) return words(node.textContent ?? "", format);
    if (!(node instanceof Element)) return;
    if (node.tagName === "IMG") return words(`[image: ${node.getAttribute("alt") || "no alt text"}]`, format);
    if (node.tagName === "BR") return endLine();
    const block = BLOCKS.has(node.tagName);
    if (block) {
      endLine();
      const label = blockLabel(node);
      // A list item's paragraph or a quote's paragraph carries the label once, on the outer block.
      if (label && !(node.tagName === "P" && node.parentElement && BLOCKS.has(node.parentElement.tagName))) (tokens.push({ text: label, format: PLAIN }), (lineOpen = true));
    }
    const mark = MARKS[node.tagName];
    const href = node.tagName === "A" ? (node.getAttribute("href") ?? "") : undefined;
    const inner: TextFormat = mark && !format.marks.includes(mark) ? { ...format, marks: [...format.marks, mark] } : href !== undefined ? { ...format, href } : format;
    node.childNodes.forEach((child) => walk(child, inner));
    if (block) endLine();
  };
  body.childNodes.forEach((child) => walk(child, PLAIN));
  while (tokens.length > 0 && tokens[tokens.length - 1]!.text === "\n") tokens.pop();
  return tokens;
}
