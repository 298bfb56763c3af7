import type { EditorView } from "prosemirror-view";
import * as Y from "yjs";
import type { Awareness } from "y-protocols/awareness";
import { readableTextOn } from "../contrast";
import { guardPresence } from "./presence-guard";

/** A field whose presence is shared: its element and, for plain text bound to the room, its `Y.Text`. */
export interface PresenceField {
  element: HTMLElement;
  /** Set for plain fields bound to a `Y.Text`: carets travel as Yjs relative positions, so they survive concurrent edits. */
  text?: Y.Text;
  /** Rich fields draw their own carets (y-prosemirror) and images have none: only the outline and name are drawn. */
  outlineOnly?: boolean;
  /** A rich field's editor, for what is drawn inside it (the comments' highlights). */
  view?: EditorView;
}

/** What one editor shares about where they are. */
interface Where {
  address: string;
  anchor?: unknown;
  head?: unknown;
}

/* The overlay's styles travel with the live-editing chunk. */
const CSS = `
.cms-presence{position:absolute;left:0;top:0;width:0;height:0;z-index:2147482000;pointer-events:none}
.cms-presence>div{position:absolute;pointer-events:none}
.cms-presence-field{outline:2px solid;outline-offset:4px;border-radius:2px}
.cms-presence-field>span{position:absolute;left:-6px;bottom:calc(100% + 6px);font:600 11px/1.4 system-ui,sans-serif;padding:0 .3em;border-radius:.2em;white-space:nowrap}
.cms-presence-selection{opacity:.3}
`;

/** The awareness field that carries {@link Where}. */
export const FIELD_STATE = "field";

/**
 * Presence where people look: shares which field this editor is in (and, in plain fields, the
 * caret and selection), and draws every other editor's on the page: an outline in their colour
 * with their name on the field they are in, and their caret and selection inside plain fields,
 * as rich fields show them. `fields` may change while shared (the sections editor adds and
 * removes its entries' fields); carets follow every change to the room's document. Drawn in one overlay that ignores the pointer and is hidden from
 * screen readers (the edit bar's list says who is where).
 *
 * @example
 * const presence = shareFieldPresence(document, provider.awareness, new Map([["pages:1:title", { element: h1, text }]]));
 */
export function shareFieldPresence(doc: Document, awareness: Awareness, fields: ReadonlyMap<string, PresenceField>): { destroy(): void } {
  guardPresence(awareness);
  const win = doc.defaultView ?? window;
  const style = doc.createElement("style");
  style.textContent = CSS;
  doc.head.append(style);
  const overlay = doc.createElement("div");
  overlay.className = "cms-presence";
  overlay.setAttribute("aria-hidden", "true");
  doc.body.append(overlay);

  const addressOf = (node: EventTarget | null): string | null => {
    for (const [address, field] of fields) if (node instanceof Node && field.element.contains(node)) return address;
    return null;
  };
  const share = () => {
    const address = addressOf(doc.activeElement);
    const field = address ? fields.get(address) : undefined;
    let where: Where | null = address ? { address } : null;
    if (where && field && !field.outlineOnly) {
      const range = selectionOffsets(field.element);
      if (range) where = { ...where, ...positions(field, range) };
    }
    const before = JSON.stringify(awareness.getLocalState()?.[FIELD_STATE] ?? null);
    if (JSON.stringify(where) !== before) awareness.setLocalStateField(FIELD_STATE, where);
  };

  let frame = 0;
  const draw = () => {
    frame = 0;
    overlay.replaceChildren();
    for (const [clientID, state] of awareness.getStates()) {
      if (clientID === awareness.clientID) continue;
      const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
      const where = (state as Record<string, unknown>)[FIELD_STATE] as Where | null | undefined;
      const field = where && typeof where.address === "string" ? fields.get(where.address) : undefined;
      if (!field || !user || typeof user.name !== "string") continue;
      const color = typeof user.color === "string" && /^#[0-9a-f]{3,6}$/i.test(user.color) ? user.color : "#64748b";
      drawField(overlay, field.element, user.name, color, win);
      const range = field.outlineOnly ? null : remoteRange(field, where!);
      if (range) drawRange(overlay, field.element, range, color, win);
    }
  };
  const redraw = () => {
    if (!frame) frame = win.requestAnimationFrame(draw);
  };

  const onSelection = () => share();
  doc.addEventListener("selectionchange", onSelection);
  doc.addEventListener("focusin", onSelection);
  doc.addEventListener("focusout", onSelection);
  awareness.on("change", redraw);
  // Any change to the page's document may move a caret: fields added since (a new section's) too.
  awareness.doc.on("update", redraw);
  win.addEventListener("scroll", redraw, { passive: true });
  win.addEventListener("resize", redraw);
  share();
  redraw();
  return {
    destroy() {
      doc.removeEventListener("selectionchange", onSelection);
      doc.removeEventListener("focusin", onSelection);
      doc.removeEventListener("focusout", onSelection);
      awareness.off("change", redraw);
      awareness.doc.off("update", redraw);
      win.removeEventListener("scroll", redraw);
      win.removeEventListener("resize", redraw);
      if (frame) win.cancelAnimationFrame(frame);
      awareness.setLocalStateField(FIELD_STATE, null);
      overlay.remove();
      style.remove();
    },
  };
}

/* Offsets of the selection inside a single-text-node field, or null when it is elsewhere. */
function selectionOffsets(element: HTMLElement): { anchor: number; head: number } | null {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || !element.contains(selection.anchorNode) || !element.contains(selection.focusNode)) return null;
  const offset = (node: Node, at: number) => {
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    range.setEnd(node, at);
    return range.toString().length;
  };
  return { anchor: offset(selection.anchorNode!, selection.anchorOffset), head: offset(selection.focusNode!, selection.focusOffset) };
}

function positions(field: PresenceField, range: { anchor: number; head: number }): { anchor: unknown; head: unknown } {
  if (!field.text) return range;
  const rel = (index: number) => Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(field.text!, index));
  return { anchor: rel(range.anchor), head: rel(range.head) };
}

function remoteRange(field: PresenceField, where: Where): { from: number; to: number } | null {
  const index = (value: unknown): number | null => {
    if (typeof value === "number") return value;
    if (!field.text?.doc || value === null || typeof value !== "object") return null;
    try {
      const absolute = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(value), field.text.doc);
      return absolute && absolute.type === field.text ? absolute.index : null;
    } catch {
      return null;
    }
  };
  const anchor = index(where.anchor);
  const head = index(where.head);
  if (anchor === null || head === null) return null;
  return { from: Math.min(anchor, head), to: Math.max(anchor, head) };
}

function drawField(overlay: HTMLElement, element: HTMLElement, name: string, color: string, win: Window) {
  const rect = element.getBoundingClientRect();
  const box = overlay.ownerDocument.createElement("div");
  box.className = "cms-presence-field";
  place(box, rect, win);
  box.style.outlineColor = color;
  const tag = overlay.ownerDocument.createElement("span");
  tag.textContent = name;
  tag.style.background = color;
  tag.style.color = readableTextOn(color);
  box.append(tag);
  overlay.append(box);
}

function drawRange(overlay: HTMLElement, element: HTMLElement, span: { from: number; to: number }, color: string, win: Window) {
  const text = element.firstChild;
  const length = text?.textContent?.length ?? 0;
  const range = element.ownerDocument.createRange();
  if (text && text.nodeType === 3) {
    range.setStart(text, Math.min(span.from, length));
    range.setEnd(text, Math.min(span.to, length));
  } else range.selectNodeContents(element);
  const rects = [...range.getClientRects()];
  if (span.from === span.to || rects.length === 0) {
    const at = rects[0] ?? range.getBoundingClientRect();
    const caret = overlay.ownerDocument.createElement("div");
    caret.className = "cms-presence-caret";
    place(caret, { left: at.left, top: at.top, width: 2, height: at.height || element.getBoundingClientRect().height }, win);
    caret.style.background = color;
    overlay.append(caret);
    return;
  }
  for (const rect of rects) {
    const mark = overlay.ownerDocument.createElement("div");
    mark.className = "cms-presence-selection";
    place(mark, rect, win);
    mark.style.background = color;
    overlay.append(mark);
  }
}

function place(node: HTMLElement, rect: { left: number; top: number; width: number; height: number }, win: Window) {
  node.style.left = `${rect.left + win.scrollX}px`;
  node.style.top = `${rect.top + win.scrollY}px`;
  node.style.width = `${rect.width}px`;
  node.style.height = `${rect.height}px`;
}
