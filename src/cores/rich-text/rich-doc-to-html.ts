import type { Fragment, Mark, Node } from "prosemirror-model";
import { clampLevel } from "../../shared/rich-schema";
import { escapeText } from "../sanitize/escape";
import { imageAttributes, linkAttributes } from "../sanitize/rich-html-attributes";

/** The simple block nodes: their start and end tags. Others are written by {@link writeBlock}. */
const WRAPPERS: ReadonlyMap<string, readonly [string, string]> = new Map([
  ["paragraph", ["<p>", "</p>"]],
  ["blockquote", ["<blockquote>", "</blockquote>"]],
  ["bullet_list", ["<ul>", "</ul>"]],
  ["ordered_list", ["<ol>", "</ol>"]],
  ["list_item", ["<li>", "</li>"]],
  ["figure", ["<figure>", "</figure>"]],
  ["figcaption", ["<figcaption>", "</figcaption>"]],
  ["code_block", ["<pre><code>", "</code></pre>"]],
]);

const MARK_TAGS: ReadonlyMap<string, readonly [string, string]> = new Map([
  ["strong", ["<strong>", "</strong>"]],
  ["em", ["<em>", "</em>"]],
  ["underline", ["<u>", "</u>"]],
  ["strike", ["<s>", "</s>"]],
  ["code", ["<code>", "</code>"]],
]);

/**
 * Writes a rich-text document as HTML already in the sanitizer's canonical form, so
 * `sanitizeRichHtml(out) === out`: every text escaped, link and image attributes written by the
 * sanitizer's own attribute rules (an unsafe `href` leaves plain text, an unsafe `src` leaves
 * nothing), marks nested in schema order, code blocks as `<pre><code>`. A document that is one
 * empty paragraph (an editor's empty state) is the empty string, so an untouched empty field
 * stays `""`. Needs no DOM; accepts any node structure, even one that breaks the schema's content
 * rules, since it only ever writes balanced, escaped markup.
 *
 * @example
 * richDocToHtml(htmlToRichDoc("<p>Hi <b>there</b></p>")); // "<p>Hi <strong>there</strong></p>"
 * richDocToHtml(htmlToRichDoc("")); // ""
 */
export function richDocToHtml(doc: Node): string {
  const only = doc.childCount === 1 ? doc.firstChild : null;
  if (only !== null && only.type.name === "paragraph" && only.childCount === 0) return "";
  return writeContent(doc.content);
}

function writeContent(content: Fragment): string {
  let out = "";
  // Marks still open, outermost first, with the end tag each one wrote ("" for one written as nothing).
  const open: Mark[] = [];
  const ends: string[] = [];
  const closeTo = (depth: number): void => {
    while (open.length > depth) {
      open.pop();
      out += ends.pop() ?? "";
    }
  };
  content.forEach((child) => {
    if (!child.isInline) {
      closeTo(0);
      out += writeBlock(child);
      return;
    }
    const marks = child.marks;
    let keep = 0;
    while (keep < open.length && keep < marks.length && open[keep]?.eq(marks[keep] as Mark)) keep++;
    closeTo(keep);
    for (let i = keep; i < marks.length; i++) {
      const mark = marks[i] as Mark;
      const [start, end] = markTags(mark, open);
      out += start;
      open.push(mark);
      ends.push(end);
    }
    out += writeInline(child);
  });
  closeTo(0);
  return out;
}

function writeBlock(node: Node): string {
  const name = node.type.name;
  if (name === "heading") {
    const level = clampLevel(node.attrs.level);
    return `<h${level}>${writeContent(node.content)}</h${level}>`;
  }
  if (name === "horizontal_rule") return "<hr>";
  if (name === "figure_image") return imageTag(node);
  if (name === "code_block") return `<pre><code>${escapeText(node.textContent)}</code></pre>`;
  const wrapper = WRAPPERS.get(name);
  const inner = writeContent(node.content);
  return wrapper === undefined ? inner : wrapper[0] + inner + wrapper[1];
}

function writeInline(node: Node): string {
  if (node.isText) return escapeText(node.text ?? "");
  if (node.type.name === "hard_break") return "<br>";
  if (node.type.name === "image") return imageTag(node);
  return writeContent(node.content);
}

function markTags(mark: Mark, open: readonly Mark[]): readonly [string, string] {
  if (mark.type.name !== "link") return MARK_TAGS.get(mark.type.name) ?? ["", ""];
  // A link inside a link is not HTML (parsers split them): like the sanitizer, keep the outer one.
  if (open.some((outer) => outer.type === mark.type)) return ["", ""];
  const attributes = linkAttributes(stringAttrs(mark.attrs, ["href", "title", "target"]));
  return attributes === null ? ["", ""] : [`<a${attributes}>`, "</a>"];
}

function imageTag(node: Node): string {
  const attributes = imageAttributes(stringAttrs(node.attrs, ["src", "alt", "width", "height"]), undefined);
  return attributes === null ? "" : `<img${attributes}>`;
}

/** The named attributes that have a value, as strings, the shape the sanitizer's attribute rules read. */
function stringAttrs(attrs: Readonly<Record<string, unknown>>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = attrs[name];
    if (typeof value === "string" || typeof value === "number") out[name] = String(value);
  }
  return out;
}
