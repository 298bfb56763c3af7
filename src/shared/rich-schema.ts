import { addSuggestionMarks } from "@handlewithcare/prosemirror-suggest-changes";
import { Schema, type Attrs, type DOMOutputSpec, type MarkSpec, type Node as RichNode } from "prosemirror-model";
import { BLOCK_JOIN, BLOCK_RETYPE, BLOCK_SPLIT } from "./review-suggestions";
import { isSafeLinkUrl, isSafeUrl } from "./safe-url";

/**
 * The one ProseMirror schema of rich text, shared by the browser editor and the server's
 * HTML ⇄ document ⇄ Yjs conversion. It holds exactly what `sanitizeRichHtml` keeps (its
 * allowlist), so stored HTML and the editor's document describe the same things:
 *
 * | HTML                                   | schema                                     |
 * |----------------------------------------|--------------------------------------------|
 * | `p`, `h1`–`h4`, `blockquote`, `hr`     | paragraph, heading (level 1–4), blockquote, horizontal_rule |
 * | `pre` (written `<pre><code>…</code></pre>`) | code_block (plain text, no marks)     |
 * | `ul`, `ol`, `li`                       | bullet_list, ordered_list, list_item       |
 * | `br`                                   | hard_break                                 |
 * | `img` in running text                  | image (inline, so it can sit in a paragraph or a link) |
 * | `figure` > `img` + `figcaption`        | figure > figure_image + figcaption?        |
 * | `strong` `em` `u` `s` `code` `a`       | marks strong, em, underline, strike, code, link |
 * | (none: never parsed, never written)    | marks insertion, deletion, modification (suggestions) |
 *
 * Images are inline because editor HTML puts them inside paragraphs (and links); a figure needs a
 * block-level picture beside its caption, and ProseMirror forbids mixing inline and block content
 * in one node, so the figure's picture is its own leaf node, `figure_image`, with the same
 * attributes. Mark order is nesting order on output: `link` outermost, then strong, em,
 * underline, strike, code (so `<strong><em>` is the canonical spelling of bold italic).
 * Nothing here touches `document` at import time, so the module loads in workerd as well.
 *
 * The suggestion marks are those of `@handlewithcare/prosemirror-suggest-changes` (its
 * `addSuggestionMarks`), each `id` a suggestion id of `cms:suggestions`
 * (`src/shared/review-suggestions.ts`). They live in the room's document only: no HTML parse rule
 * creates them (a pasted or saved `<ins>`/`<del>` can never make a suggestion), and the server's
 * HTML writer and the draft reading never emit them. Likewise the block attributes `cms:split`,
 * `cms:join` and `cms:retype` of paragraphs and headings (a block split off, proposed to join the
 * one before, or given another type by an open suggestion): never parsed, never written as HTML.
 *
 * URLs follow the sanitizer's one scheme rule (`isSafeUrl`): a link or image parsed from HTML with
 * a `javascript:`, `data:`, `vbscript:` (or disguised) URL is not created, and one that arrives
 * in a document anyway (a peer in a live room can send any mark) is rendered without its `href` or
 * `src`, so the editor's DOM, and the HTML it hands back, never hold it.
 *
 * @example
 * import { EditorState } from "prosemirror-state";
 * const state = EditorState.create({ schema: richSchema });
 */
export const richSchema = new Schema({
  nodes: {
    doc: { content: "block+" },
    paragraph: {
      group: "block",
      content: "inline*",
      attrs: blockSuggestionAttrs(),
      parseDOM: [{ tag: "p" }],
      toDOM: () => ["p", 0],
    },
    heading: {
      group: "block",
      content: "inline*",
      defining: true,
      attrs: { level: { default: 1, validate: "number" }, ...blockSuggestionAttrs() },
      parseDOM: [1, 2, 3, 4].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      toDOM: (node) => [`h${clampLevel(node.attrs.level)}`, 0],
    },
    blockquote: {
      group: "block",
      content: "block+",
      defining: true,
      parseDOM: [{ tag: "blockquote" }],
      toDOM: () => ["blockquote", 0],
    },
    code_block: {
      group: "block",
      content: "text*",
      marks: "",
      code: true,
      defining: true,
      parseDOM: [{ tag: "pre", preserveWhitespace: "full" }],
      toDOM: () => ["pre", ["code", 0]],
    },
    horizontal_rule: {
      group: "block",
      parseDOM: [{ tag: "hr" }],
      toDOM: () => ["hr"],
    },
    bullet_list: {
      group: "block",
      content: "list_item+",
      parseDOM: [{ tag: "ul" }],
      toDOM: () => ["ul", 0],
    },
    ordered_list: {
      group: "block",
      content: "list_item+",
      parseDOM: [{ tag: "ol" }],
      toDOM: () => ["ol", 0],
    },
    list_item: {
      content: "paragraph block*",
      defining: true,
      parseDOM: [{ tag: "li" }],
      toDOM: () => ["li", 0],
    },
    figure: {
      group: "block",
      content: "figure_image figcaption?",
      defining: true,
      parseDOM: [{ tag: "figure" }],
      toDOM: () => ["figure", 0],
    },
    figure_image: {
      // A figure's picture sits in a required position, so ProseMirror must be able to create
      // one when it fills a figure: hence a default `src`. An empty one is never written out.
      attrs: { ...imageAttrSpecs(), src: { default: "", validate: "string" } },
      parseDOM: [{ tag: "figure > img[src]", priority: 60, getAttrs: readImageAttrs }],
      toDOM: (node) => ["img", imageDomAttrs(node.attrs)],
    },
    figcaption: {
      content: "inline*",
      parseDOM: [{ tag: "figcaption" }],
      toDOM: () => ["figcaption", 0],
    },
    text: { group: "inline" },
    image: {
      group: "inline",
      inline: true,
      draggable: true,
      attrs: imageAttrSpecs(),
      parseDOM: [{ tag: "img[src]", getAttrs: readImageAttrs }],
      toDOM: (node) => ["img", imageDomAttrs(node.attrs)],
    },
    hard_break: {
      group: "inline",
      inline: true,
      selectable: false,
      parseDOM: [{ tag: "br" }],
      toDOM: () => ["br"],
    },
  },
  marks: withSuggestionMarks({
    link: {
      attrs: {
        href: { validate: "string" },
        title: { default: null, validate: "string|null" },
        target: { default: null, validate: "string|null" },
      },
      // Typing at the end of a link should not extend it.
      inclusive: false,
      parseDOM: [{ tag: "a[href]", getAttrs: readLinkAttrs }],
      toDOM: (mark): DOMOutputSpec => ["a", linkDomAttrs(mark.attrs), 0],
    },
    strong: {
      parseDOM: [{ tag: "strong" }, { tag: "b" }],
      toDOM: () => ["strong", 0],
    },
    em: {
      parseDOM: [{ tag: "em" }, { tag: "i" }],
      toDOM: () => ["em", 0],
    },
    underline: {
      parseDOM: [{ tag: "u" }],
      toDOM: () => ["u", 0],
    },
    strike: {
      parseDOM: [{ tag: "s" }, { tag: "strike" }, { tag: "del" }],
      toDOM: () => ["s", 0],
    },
    code: {
      parseDOM: [{ tag: "code" }],
      toDOM: () => ["code", 0],
    },
  }),
});

/** The package's suggestion marks after ours, without their parse rules (see {@link richSchema}). */
function withSuggestionMarks<M extends string>(marks: Record<M, MarkSpec>): Record<M | "insertion" | "deletion" | "modification", MarkSpec> {
  const all = addSuggestionMarks(marks);
  for (const name of ["insertion", "deletion", "modification"] as const) all[name] = { ...all[name], parseDOM: [] };
  return all;
}

/**
 * How deep a rich-text field may nest: a node's level is its depth in the document (a top-level
 * block is 1, its text 2). Kept exactly where the room's guard puts it: y-prosemirror writes each
 * node as a Yjs element and each run of text as a Yjs text inside its block, and the room refuses
 * an update with anything deeper than this, counted the same way.
 *
 * @example
 * if (depth + 1 > MAX_RICH_NESTING) refuse();
 */
export const MAX_RICH_NESTING = 64;

const isImageNode = (node: RichNode): boolean => node.type === richSchema.nodes.image || node.type === richSchema.nodes.figure_image;

/**
 * Why the part of `doc` between `from` and `to` could not go into a live room, or null when it
 * can: a link or image whose URL the one URL rule (`isSafeUrl`) refuses (an inline image's empty
 * `src` included; a figure's empty picture, the schema's filler, is never written out and may
 * stay), or nesting past {@link MAX_RICH_NESTING}. The browser editor checks what each of
 * its transactions changed, so it never sends what the room's guard refuses.
 *
 * @example
 * unstorableContent(state.doc); // null
 * unstorableContent(richSchema.node("doc", null, [paragraphWithImage("javascript:x")])); // "an image needs a safe source URL"
 */
export function unstorableContent(doc: RichNode, from = 0, to = doc.content.size): string | null {
  let reason: string | null = null;
  doc.nodesBetween(from, to, (node, pos) => {
    if (doc.resolve(pos).depth + 1 > MAX_RICH_NESTING) reason = `it would nest deeper than ${MAX_RICH_NESTING} levels`;
    else if (isImageNode(node) && !(node.type === richSchema.nodes.figure_image && node.attrs.src === "") && !isSafeUrl(String(node.attrs.src), "src")) reason = "an image needs a safe source URL";
    else if (node.marks.some((mark) => mark.type === richSchema.marks.link && !isSafeLinkUrl(String(mark.attrs.href)))) reason = "a link needs a safe address";
    return reason === null;
  });
  return reason;
}

/**
 * A heading level the schema (and the sanitizer: `h1`–`h4`) can hold: anything else is clamped.
 *
 * @example
 * clampLevel(6); // 4
 * clampLevel("2"); // 2
 */
export function clampLevel(level: unknown): 1 | 2 | 3 | 4 {
  const n = Math.trunc(Number(level));
  if (!(n >= 2)) return 1;
  return n >= 4 ? 4 : (n as 2 | 3);
}

/**
 * A whole-number image dimension from an attribute value, or null: the same 1–10000 range the
 * sanitizer keeps, so the editor never holds a size that saving would silently drop.
 *
 * @example
 * readDimension("640"); // 640
 * readDimension("50%"); // null
 */
export function readDimension(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 10_000 ? n : null;
}

/** The smallest part of a DOM element the parse rules read, so this file needs no DOM types. */
interface AttributeSource {
  getAttribute(name: string): string | null;
}

/* The block suggestion attributes (`cms:split`, `cms:join`, `cms:retype`: a suggestion id, or null). */
function blockSuggestionAttrs() {
  return {
    [BLOCK_SPLIT]: { default: null, validate: "string|null" },
    [BLOCK_JOIN]: { default: null, validate: "string|null" },
    [BLOCK_RETYPE]: { default: null, validate: "string|null" },
  };
}

function imageAttrSpecs() {
  return {
    src: { validate: "string" },
    alt: { default: null, validate: "string|null" },
    width: { default: null, validate: "number|null" },
    height: { default: null, validate: "number|null" },
  };
}

function readImageAttrs(dom: AttributeSource): Attrs | false {
  const src = dom.getAttribute("src");
  if (src === null || !isSafeUrl(src, "src")) return false;
  return {
    src,
    alt: dom.getAttribute("alt"),
    width: readDimension(dom.getAttribute("width")),
    height: readDimension(dom.getAttribute("height")),
  };
}

function readLinkAttrs(dom: AttributeSource): Attrs | false {
  const href = dom.getAttribute("href");
  if (href === null || !isSafeLinkUrl(href)) return false;
  const target = dom.getAttribute("target")?.trim().toLowerCase() === "_blank" ? "_blank" : null;
  return { href, title: dom.getAttribute("title"), target };
}

function imageDomAttrs(attrs: Attrs): Record<string, string | null> {
  const src = String(attrs.src);
  return {
    src: isSafeUrl(src, "src") ? src : null,
    alt: typeof attrs.alt === "string" ? attrs.alt : null,
    width: attrs.width == null ? null : String(attrs.width),
    height: attrs.height == null ? null : String(attrs.height),
  };
}

function linkDomAttrs(attrs: Attrs): Record<string, string | null> {
  const blank = attrs.target === "_blank";
  const href = String(attrs.href);
  return {
    href: isSafeLinkUrl(href) ? href : null,
    title: typeof attrs.title === "string" ? attrs.title : null,
    target: blank ? "_blank" : null,
    // The sanitizer adds this to every `target="_blank"` link; the editor shows it the same way.
    rel: blank ? "noopener noreferrer" : null,
  };
}
