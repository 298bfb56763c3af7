import * as Y from "yjs";
import { isEntryId } from "../shared/entry-id";
import { HttpError } from "../shared/errors";
import type { RoomField } from "./room-document";

/*
 * Where a comment sits: a field address (`title`, `body`, `sections.<entryId>.heading`, or a whole
 * section `sections.<entryId>`) resolved in the room's document, and character offsets into that
 * field's text turned into Yjs relative positions and back. A rich-text field's text is the text of
 * its runs (each `Y.XmlText`, in document order) joined by "\n"; an embedded node counts as one
 * character, as in y-prosemirror's positions.
 */

/** A field a comment can sit on: a plain text, a rich-text fragment, or one entry of a list. */
export type AnchorTarget = { kind: "text"; text: Y.Text } | { kind: "rich"; fragment: Y.XmlFragment } | { kind: "entry"; map: Y.Map<unknown> };

/** A thread's place now: its words and offsets, `null` offsets once its words are gone. */
export interface AnchorReading {
  quote: string;
  from: number | null;
  to: number | null;
}

const OBJECT = "\ufffc";

/**
 * The target a field address names, or a 400 `invalid_field` saying why it is not one.
 *
 * @example
 * anchorTarget(doc, fields, "sections.k3v9q0x2m7ab.heading") // { kind: "text", text: Y.Text }
 */
export function anchorTarget(doc: Y.Doc, fields: readonly RoomField[], address: string): AnchorTarget {
  const [name = "", ...rest] = address.split(".");
  const field = fields.find((f) => f.name === name);
  if (!field) throw invalidField(`no field named ${JSON.stringify(name)} in this collection`);
  if (field.type === "text" && rest.length === 0) return { kind: "text", text: doc.getText(name) };
  if (field.type === "richtext" && rest.length === 0) return { kind: "rich", fragment: doc.getXmlFragment(name) };
  if (!field.list || rest.length === 0) throw invalidField(`${address} is not a text field (comments sit on text, rich text, or an entry of a list)`);
  let list = doc.getArray<unknown>(name);
  for (let i = 0; i < rest.length; i += 2) {
    const id = rest[i] as string;
    const entry = isEntryId(id) ? list.toArray().find((item): item is Y.Map<unknown> => item instanceof Y.Map && item.get("id") === id) : undefined;
    if (!entry) throw invalidField(`${address}: no entry ${JSON.stringify(id)} (address entries by their id)`);
    const key = rest[i + 1];
    if (key === undefined) return { kind: "entry", map: entry };
    const value = entry.get(key);
    if (value instanceof Y.Text && i + 2 === rest.length) return { kind: "text", text: value };
    if (!(value instanceof Y.Array) || i + 2 === rest.length) throw invalidField(`${address} is not a text field of the entry`);
    list = value;
  }
  throw invalidField(`${address} is not a field address`);
}

/**
 * The target's text as offsets count it.
 *
 * @example
 * targetText({ kind: "text", text }) // "Launch price: $20"
 */
export function targetText(target: AnchorTarget): string {
  if (target.kind === "text") return target.text.toString();
  if (target.kind === "entry") return "";
  return runsOf(target.fragment).map(runText).join("\n");
}

/**
 * Relative positions for `[from, to)` in the target's text: the start sticks to the first quoted
 * character and the end to the last, so typing before or after the words leaves them out and
 * typing inside them grows them. Offsets out of range are a 400 `invalid_range`.
 *
 * @example
 * const { from, to } = makeAnchors(target, 0, 6);
 */
export function makeAnchors(target: AnchorTarget, from: number, to: number): { from: Uint8Array; to: Uint8Array } {
  const length = targetText(target).length;
  if (from > to) throw new HttpError(400, `from (${from}) is after to (${to})`, { code: "invalid_range" });
  if (to > length) throw new HttpError(400, `to (${to}) is past the end of the field's text (${length} characters)`, { code: "invalid_range" });
  if (from === to) throw new HttpError(400, "from and to are equal: select at least one character", { code: "invalid_range" });
  return { from: Y.encodeRelativePosition(relativeAt(target, from, 0)), to: Y.encodeRelativePosition(relativeAt(target, to, -1)) };
}

/**
 * Where anchors stand now: the words between them and their offsets; `quote: ""` with `null`
 * offsets once the words are deleted (or the anchors no longer sit in the target).
 *
 * @example
 * readAnchors(doc, target, from, to) // { quote: "price", from: 7, to: 12 }
 */
export function readAnchors(doc: Y.Doc, target: AnchorTarget, from: Uint8Array, to: Uint8Array): AnchorReading {
  const start = absoluteIn(doc, target, from);
  const end = absoluteIn(doc, target, to);
  if (start === null || end === null || start >= end) return { quote: "", from: null, to: null };
  return { quote: targetText(target).slice(start, end), from: start, to: end };
}

/**
 * Whether an anchor names an item the room has not received yet (the browser's view can be ahead
 * of the room's: its last keystrokes are still on the way), so it cannot be read now but will be.
 *
 * @example
 * isAhead(doc, anchor.from) // true while the typed words are in flight
 */
export function isAhead(doc: Y.Doc, encoded: Uint8Array): boolean {
  let position: Y.RelativePosition;
  try {
    position = Y.decodeRelativePosition(encoded);
  } catch {
    return false;
  }
  const id = position.item ?? position.type;
  return id !== null && Y.getState(doc.store, id.client) <= id.clock;
}

function relativeAt(target: AnchorTarget, offset: number, assoc: number): Y.RelativePosition {
  if (target.kind === "text") return Y.createRelativePositionFromTypeIndex(target.text, offset, assoc);
  if (target.kind === "entry") return Y.createRelativePositionFromTypeIndex(target.map, 0, assoc);
  let start = 0;
  const runs = runsOf(target.fragment);
  for (const run of runs) {
    if (offset <= start + run.length) return Y.createRelativePositionFromTypeIndex(run, offset - start, assoc);
    start += run.length + 1;
  }
  return Y.createRelativePositionFromTypeIndex(target.fragment, target.fragment.length, assoc);
}

function absoluteIn(doc: Y.Doc, target: AnchorTarget, encoded: Uint8Array): number | null {
  let absolute: Y.AbsolutePosition | null;
  try {
    absolute = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(encoded), doc);
  } catch {
    return null;
  }
  if (!absolute) return null;
  if (target.kind === "text") return absolute.type === target.text ? absolute.index : null;
  if (target.kind === "entry") return null;
  let start = 0;
  for (const run of runsOf(target.fragment)) {
    if (absolute.type === run) return start + absolute.index;
    // A browser anchor between nodes (y-prosemirror's position on an element): the run that follows.
    if (absolute.type instanceof Y.XmlElement || absolute.type instanceof Y.XmlFragment) {
      const child = absolute.type.get(absolute.index);
      if (child !== undefined && (child === run || isInside(run, child))) return start;
    }
    start += run.length + 1;
  }
  return absolute.type instanceof Y.XmlFragment || absolute.type instanceof Y.XmlElement ? Math.max(0, start - 1) : null;
}

function isInside(run: Y.XmlText, node: unknown): boolean {
  for (let parent = run.parent; parent; parent = parent._item?.parent instanceof Y.AbstractType ? parent._item.parent : null) {
    if (parent === node) return true;
  }
  return false;
}

/* The text runs of a fragment, depth first: each paragraph's, heading's or list item's inline content. */
function runsOf(node: Y.XmlFragment | Y.XmlElement): Y.XmlText[] {
  const runs: Y.XmlText[] = [];
  for (const child of node.toArray()) {
    if (child instanceof Y.XmlText) runs.push(child);
    else if (child instanceof Y.XmlElement) runs.push(...runsOf(child));
  }
  return runs;
}

function runText(run: Y.XmlText): string {
  return (run.toDelta() as { insert: unknown }[]).map((op) => (typeof op.insert === "string" ? op.insert : OBJECT)).join("");
}

function invalidField(message: string): HttpError {
  return new HttpError(400, message, { code: "invalid_field" });
}
