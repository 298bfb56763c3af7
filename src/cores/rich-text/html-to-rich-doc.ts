import type { Mark, Node } from "prosemirror-model";
import { clampLevel, readDimension, richSchema } from "../../shared/rich-schema";
import { sanitizeRichHtml } from "../sanitize";
import { parseHtmlTree, type HtmlChild, type HtmlElement } from "./html-tree";

const { nodes, marks } = richSchema;

const INLINE_TAGS: ReadonlySet<string> = new Set(["strong", "em", "u", "s", "code", "a", "br", "img"]);
const MARK_TAGS: ReadonlyMap<string, Mark> = new Map([
  ["strong", marks.strong.create()],
  ["em", marks.em.create()],
  ["u", marks.underline.create()],
  ["s", marks.strike.create()],
  ["code", marks.code.create()],
]);
const HEADINGS: ReadonlyMap<string, number> = new Map([
  ["h1", 1],
  ["h2", 2],
  ["h3", 3],
  ["h4", 4],
]);

/**
 * Reads rich-text HTML into a document of {@link richSchema}, with no DOM. The input is sanitized
 * first, so whatever the schema cannot hold is dropped or unwrapped exactly as `sanitizeRichHtml`
 * would; then the few shapes HTML allows but the schema does not are normalized: loose inline
 * content in a container is wrapped in a paragraph, a list item starts with a paragraph, a stray
 * `li` gets a bullet list, an empty list or `figure` without a direct `img` is unwrapped, a
 * `figcaption` outside a figure is a paragraph, whitespace between blocks is dropped, and `pre`
 * keeps its text only. Text inside text blocks is kept exactly. Breaks and images carry no marks
 * (a linked image loses its link), because the Yjs fragment could not keep them. Empty HTML is a
 * document with one empty paragraph (the smallest document an editor can hold).
 *
 * @example
 * htmlToRichDoc("<p>Hi <b>there</b></p>").toJSON();
 * // { type: "doc", content: [{ type: "paragraph", content: [
 * //   { type: "text", text: "Hi " }, { type: "text", text: "there", marks: [{ type: "strong" }] }] }] }
 */
export function htmlToRichDoc(html: string): Node {
  const tree = parseHtmlTree(sanitizeRichHtml(html));
  const content = readBlocks(tree.children);
  return nodes.doc.create(null, content.length > 0 ? content : [nodes.paragraph.create()]);
}

/** Reads children in a block context: blocks as they come, runs of inline content as paragraphs. */
function readBlocks(children: readonly HtmlChild[]): Node[] {
  const out: Node[] = [];
  let run: Node[] = [];
  let strayItems: Node[] = [];
  const flushRun = (): void => {
    if (run.some((node) => !node.isText || (node.text ?? "").trim() !== "")) out.push(nodes.paragraph.create(null, run));
    run = [];
  };
  const flushItems = (): void => {
    if (strayItems.length > 0) out.push(nodes.bullet_list.create(null, strayItems));
    strayItems = [];
  };
  for (const child of children) {
    if (typeof child !== "string" && child.tag === "li") {
      flushRun();
      strayItems.push(readListItem(child.children));
      continue;
    }
    if (typeof child === "string" || INLINE_TAGS.has(child.tag)) {
      if (typeof child !== "string" || child.trim() !== "") flushItems();
      readInline([child], [], run);
      continue;
    }
    flushRun();
    flushItems();
    readBlock(child, out);
  }
  flushRun();
  flushItems();
  return out;
}

function readBlock(element: HtmlElement, out: Node[]): void {
  const level = HEADINGS.get(element.tag);
  if (level !== undefined) {
    out.push(nodes.heading.create({ level: clampLevel(level) }, readInlineContent(element.children)));
    return;
  }
  switch (element.tag) {
    case "p":
    case "figcaption":
      out.push(nodes.paragraph.create(null, readInlineContent(element.children)));
      return;
    case "pre": {
      const text = readPreText(element);
      out.push(nodes.code_block.create(null, text === "" ? null : richSchema.text(text)));
      return;
    }
    case "hr":
      out.push(nodes.horizontal_rule.create());
      return;
    case "blockquote": {
      const content = readBlocks(element.children);
      out.push(nodes.blockquote.create(null, content.length > 0 ? content : [nodes.paragraph.create()]));
      return;
    }
    case "ul":
    case "ol": {
      const items = readListItems(element.children);
      if (items.length > 0) out.push((element.tag === "ul" ? nodes.bullet_list : nodes.ordered_list).create(null, items));
      return;
    }
    case "figure":
      readFigure(element, out);
      return;
    default:
      // Only allowlisted tags survive sanitizing; anything else would be unwrapped there too.
      out.push(...readBlocks(element.children));
  }
}

/** A list's items; content between items (not valid in a list) becomes an item of its own. */
function readListItems(children: readonly HtmlChild[]): Node[] {
  const items: Node[] = [];
  let loose: HtmlChild[] = [];
  const flushLoose = (): void => {
    if (readBlocks(loose).length > 0) items.push(readListItem(loose));
    loose = [];
  };
  for (const child of children) {
    if (typeof child !== "string" && child.tag === "li") {
      flushLoose();
      items.push(readListItem(child.children));
    } else {
      loose.push(child);
    }
  }
  flushLoose();
  return items;
}

function readListItem(children: readonly HtmlChild[]): Node {
  const content = readBlocks(children);
  if (content[0]?.type !== nodes.paragraph) content.unshift(nodes.paragraph.create());
  return nodes.list_item.create(null, content);
}

/**
 * A figure is its first direct `img` and its first `figcaption`; anything else inside it follows
 * the figure as ordinary blocks. Without a direct image there is no figure to hold, so it is
 * unwrapped (its caption becoming a paragraph) and nothing is lost.
 */
function readFigure(element: HtmlElement, out: Node[]): void {
  const image = element.children.find((child): child is HtmlElement => typeof child !== "string" && child.tag === "img");
  const caption = element.children.find((child): child is HtmlElement => typeof child !== "string" && child.tag === "figcaption");
  const attrs = image === undefined ? null : imageAttrs(image.attributes);
  if (image === undefined || attrs === null) {
    out.push(...readBlocks(element.children));
    return;
  }
  const content = [nodes.figure_image.create(attrs)];
  if (caption !== undefined) content.push(nodes.figcaption.create(null, readInlineContent(caption.children)));
  out.push(nodes.figure.create(null, content));
  out.push(...readBlocks(element.children.filter((child) => child !== image && child !== caption)));
}

function readInlineContent(children: readonly HtmlChild[]): Node[] {
  const out: Node[] = [];
  readInline(children, [], out);
  return out;
}

/**
 * Reads inline content, carrying the marks of the elements it sits in. Only text takes marks:
 * y-prosemirror stores a non-text node's attributes but not its marks, so a mark on a break or an
 * image would vanish on its first trip through the room; leaving them off here keeps the direct
 * and the Yjs round trips identical.
 */
function readInline(children: readonly HtmlChild[], active: readonly Mark[], out: Node[]): void {
  for (const child of children) {
    if (typeof child === "string") {
      if (child !== "") out.push(richSchema.text(child, active));
      continue;
    }
    const mark = child.tag === "a" ? linkMark(child.attributes) : MARK_TAGS.get(child.tag);
    if (mark !== undefined) {
      readInline(child.children, mark.addToSet(active), out);
    } else if (child.tag === "br") {
      out.push(nodes.hard_break.create());
    } else if (child.tag === "img") {
      const attrs = imageAttrs(child.attributes);
      if (attrs !== null) out.push(nodes.image.create(attrs));
    } else {
      // Sanitized HTML never has a block inside inline content; were it there, keep its text.
      readInline(child.children, active, out);
    }
  }
}

/** A `pre`'s text: marks dropped, `br` as a line feed, and the one line feed a parser eats after `<pre>`. */
function readPreText(element: HtmlElement): string {
  const collect = (children: readonly HtmlChild[]): string =>
    children.map((child) => (typeof child === "string" ? child : child.tag === "br" ? "\n" : collect(child.children))).join("");
  const first = element.children[0];
  const children = typeof first === "string" && first.startsWith("\n") ? [first.slice(1), ...element.children.slice(1)] : element.children;
  return collect(children);
}

function linkMark(attributes: Record<string, string>): Mark | undefined {
  const href = own(attributes, "href");
  if (href === undefined) return undefined;
  return marks.link.create({
    href,
    title: own(attributes, "title") ?? null,
    target: own(attributes, "target") === "_blank" ? "_blank" : null,
  });
}

function imageAttrs(attributes: Record<string, string>): Record<string, string | number | null> | null {
  const src = own(attributes, "src");
  if (src === undefined) return null;
  return {
    src,
    alt: own(attributes, "alt") ?? null,
    width: readDimension(own(attributes, "width")),
    height: readDimension(own(attributes, "height")),
  };
}

function own(attributes: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(attributes, name) ? attributes[name] : undefined;
}
