import type { Mark, Node, NodeType } from "prosemirror-model";
import * as Y from "yjs";
import { BLOCK_SUGGESTIONS, isSuggestionId } from "../../shared/review-suggestions";
import { clampLevel, readDimension, richSchema } from "../../shared/rich-schema";
import { isSafeLinkUrl, isSafeUrl } from "../../shared/safe-url";
import { MAX_RICH_HTML_DEPTH } from "../sanitize";

const { nodes, marks } = richSchema;

/**
 * Reads a Yjs XML fragment (as y-prosemirror writes it: one `Y.XmlElement` per node named after
 * its type, attributes as node attributes, `Y.XmlText` with marks as formatting attributes) into
 * a document of {@link richSchema}, leniently and without touching the fragment. y-prosemirror's
 * own reader deletes from the shared document whatever does not fit the schema; on the server a
 * read must never edit what editors see, and a peer can send anything, so here an element of an
 * unknown type is unwrapped (its content kept), unknown marks and attributes are ignored,
 * attribute values are checked against the schema's types, and a link or image whose URL the
 * sanitizer would refuse (`isSafeUrl`) is dropped (the link's text kept). Elements nested deeper
 * than `MAX_RICH_HTML_DEPTH` (512, the sanitizer's own cut-off) are left out, as the sanitizer
 * cuts off such HTML: a hostile update of 20,000 nested blockquotes then converts (shortened)
 * instead of overflowing the stack on every later flush and publish. The result may still break the
 * schema's content rules (say, text straight inside a list); `node.check()` tells.
 *
 * @example
 * const doc = fragmentToRichDoc(ydoc.getXmlFragment("body"));
 */
export function fragmentToRichDoc(fragment: Y.XmlFragment): Node {
  return nodes.doc.create(null, readChildren(fragment, 0));
}

function readChildren(parent: Y.XmlFragment | Y.XmlElement, depth: number): Node[] {
  const out: Node[] = [];
  for (const child of parent.toArray()) {
    if (child instanceof Y.XmlText) out.push(...readText(child));
    else if (child instanceof Y.XmlElement && depth < MAX_RICH_HTML_DEPTH) out.push(...readElement(child, depth + 1));
  }
  return out;
}

function readElement(element: Y.XmlElement, depth: number): Node[] {
  const children = readChildren(element, depth);
  const type = Object.hasOwn(nodes, element.nodeName) ? nodes[element.nodeName] : undefined;
  if (type === undefined || type === nodes.doc || type === nodes.text) return children;
  const attrs = readAttrs(type, element.getAttributes());
  if (attrs === null) return children;
  if (type === nodes.code_block) {
    // Code keeps its text only, as the schema says (`marks: ""`).
    const text = children.map((child) => child.textContent).join("");
    return [type.create(null, text === "" ? null : richSchema.text(text))];
  }
  return [type.create(attrs, type.isLeaf ? null : children)];
}

/** Attributes for `type` from stored values, or null when a required one is missing or invalid. */
function readAttrs(type: NodeType, stored: Record<string, unknown>): Record<string, unknown> | null {
  if (type === nodes.heading) return { level: clampLevel(stored.level), ...blockSuggestionsOf(stored) };
  if (type === nodes.paragraph) return blockSuggestionsOf(stored);
  if (type === nodes.image || type === nodes.figure_image) {
    if (typeof stored.src !== "string" || !isSafeUrl(stored.src, "src")) return null;
    return {
      src: stored.src,
      alt: typeof stored.alt === "string" ? stored.alt : null,
      width: readDimension(stored.width),
      height: readDimension(stored.height),
    };
  }
  return {};
}

/* A block's suggestion attributes (`cms:split`, `cms:join`) that name a suggestion id, for the draft reading. */
function blockSuggestionsOf(stored: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of BLOCK_SUGGESTIONS.keys()) {
    const id = stored[name];
    if (isSuggestionId(id)) out[name] = id;
  }
  return out;
}

function readText(text: Y.XmlText): Node[] {
  const out: Node[] = [];
  for (const op of text.toDelta() as { insert?: unknown; attributes?: Record<string, unknown> }[]) {
    if (typeof op.insert !== "string" || op.insert === "") continue;
    out.push(richSchema.text(op.insert, readMarks(op.attributes ?? {})));
  }
  return out;
}

function readMarks(attributes: Record<string, unknown>): Mark[] {
  let set: readonly Mark[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    const mark = readMark(name, value);
    if (mark !== null) set = mark.addToSet(set);
  }
  return [...set];
}

function readMark(name: string, value: unknown): Mark | null {
  if (name === "link") {
    const attrs = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
    if (typeof attrs.href !== "string" || !isSafeLinkUrl(attrs.href)) return null;
    return marks.link.create({
      href: attrs.href,
      title: typeof attrs.title === "string" ? attrs.title : null,
      target: attrs.target === "_blank" ? "_blank" : null,
    });
  }
  if (name === "insertion" || name === "deletion") {
    const id = typeof value === "object" && value !== null ? (value as Record<string, unknown>).id : undefined;
    return isSuggestionId(id) ? marks[name].create({ id }) : null;
  }
  // A modification records a node's attribute or type change, which y-prosemirror does not carry.
  if (name === "modification") return null;
  const type = Object.hasOwn(marks, name) ? marks[name] : undefined;
  return type === undefined ? null : type.create();
}
