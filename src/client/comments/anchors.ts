import type { EditorView } from "prosemirror-view";
import { absolutePositionToRelativePosition, relativePositionToAbsolutePosition, ySyncPluginKey, type ProsemirrorBinding } from "y-prosemirror";
import * as Y from "yjs";

/** A field whose words a thread can be on: plain text bound to its `Y.Text` (top-level or in a list entry), or a rich field's editor. */
export type FieldTarget = { kind: "text"; field: string; text: Y.Text } | { kind: "rich"; field: string; view: EditorView };

/**
 * A place on the page a thread can be on: a field's words, or a whole list entry (a section),
 * with the element that shows it (`E`: the page's `HTMLElement`).
 */
export type CommentTarget<E = unknown> = (FieldTarget | { kind: "entry"; field: string }) & { element: E };

/** Offsets of a thread's words in its field now: characters of a plain text, ProseMirror positions of a rich one. */
export interface Span {
  from: number;
  to: number;
}

/** An anchor as the comments REST API takes it: the two relative positions, encoded, in base64. */
export interface WireAnchor {
  from: string;
  to: string;
}

function bindingOf(view: EditorView): ProsemirrorBinding | null {
  return (ySyncPluginKey.getState(view.state) as { binding?: ProsemirrorBinding } | undefined)?.binding ?? null;
}

/**
 * Where a thread's words are in its field now, or null when they cannot be found there (the field
 * holds no such words any more, or the anchors belong to another field). A span whose ends meet
 * is words that were deleted.
 *
 * @example
 * spanOf(target, thread.from, thread.to) // { from: 4, to: 9 }
 */
export function spanOf(target: CommentTarget, from: Y.RelativePosition | null, to: Y.RelativePosition | null): Span | null {
  if (!from || !to || target.kind === "entry") return null;
  if (target.kind === "text") {
    const doc = target.text.doc;
    if (!doc) return null;
    const start = Y.createAbsolutePositionFromRelativePosition(from, doc);
    const end = Y.createAbsolutePositionFromRelativePosition(to, doc);
    if (start?.type !== target.text || end?.type !== target.text) return null;
    return { from: start.index, to: Math.max(start.index, end.index) };
  }
  const binding = bindingOf(target.view);
  if (!binding) return null;
  const start = relativePositionToAbsolutePosition(binding.doc, binding.type, from, binding.mapping);
  const end = relativePositionToAbsolutePosition(binding.doc, binding.type, to, binding.mapping);
  if (start === null || end === null) return null;
  const size = target.view.state.doc.content.size;
  return { from: Math.min(start, size), to: Math.min(Math.max(start, end), size) };
}

const base64 = (position: Y.RelativePosition): string => {
  const bytes = Y.encodeRelativePosition(position);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * The anchor for the words `span` of a field, made from this editor's own document (its view can
 * be ahead of the room's): the start tied to the first word's letter, the end to the last one's,
 * so text typed before or after the words stays out and text typed inside them grows the thread.
 *
 * @example
 * anchorFor({ kind: "text", field: "title", element, text }, { from: 0, to: 5 }) // { from: "AQ…", to: "AQ…" }
 */
export function anchorFor(target: CommentTarget, span: Span): WireAnchor | null {
  if (target.kind === "entry" || span.from >= span.to) return null;
  if (target.kind === "text") {
    return { from: base64(Y.createRelativePositionFromTypeIndex(target.text, span.from)), to: base64(Y.createRelativePositionFromTypeIndex(target.text, span.to, -1)) };
  }
  const binding = bindingOf(target.view);
  if (!binding) return null;
  const start = absolutePositionToRelativePosition(span.from, binding.type, binding.mapping) as Y.RelativePosition;
  const end = absolutePositionToRelativePosition(span.to, binding.type, binding.mapping) as Y.RelativePosition;
  // Tied to the letter before the end (inside the words) where there is one, as for plain text.
  const place = Y.createAbsolutePositionFromRelativePosition(end, binding.doc);
  const tied = place && place.type instanceof Y.XmlText && place.index > 0 ? Y.createRelativePositionFromTypeIndex(place.type, place.index, -1) : end;
  return { from: base64(start), to: base64(tied) };
}

/**
 * The text a span covers in its field now.
 *
 * @example
 * wordsIn(target, { from: 4, to: 9 }) // "price"
 */
export function wordsIn(target: FieldTarget, span: Span): string {
  if (target.kind === "text") return target.text.toString().slice(span.from, span.to);
  return target.view.state.doc.textBetween(span.from, span.to, " ");
}
