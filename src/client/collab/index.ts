/*
 * The live-editing chunk (Yjs, the y-partyserver provider, y-prosemirror): loaded only for a
 * versioned page, so plain-text pages without a room never download it.
 */
import type { Plugin } from "prosemirror-state";
import type { RichHistory } from "../rich/rich-text";
import { yCursorPlugin } from "y-prosemirror";
import type * as Y from "yjs";
import type { UndoTarget } from "../undo/value-history";
import { readableTextOn } from "../contrast";
import type { Awareness } from "y-protocols/awareness";
import { guardPresence } from "./presence-guard";
import { richSync } from "./rich-runs";
import { commentMarks } from "../comments/rich-highlight";
import { caretOutsideWidgets } from "./caret-outside-widgets";
import { domCaretFirst } from "./dom-caret";

export { connectLive } from "./live-session";
export { JSON_ROOT, parseRoomEvent } from "../../shared/room-protocol";
export type { LiveSession, LiveSessionOptions } from "./live-session";
export { bindText, bindJsonLeaf, LOCAL_ORIGIN } from "./bind-fields";
export { STRUCTURE_ORIGIN } from "./origins";
export { createPageUndo } from "./page-undo";
export type { PageUndo } from "./page-undo";
export { bindListText, bindListValue, findListLeaf } from "./bind-list";
export type { FieldBinding } from "./bind-fields";
export { shareFieldPresence, FIELD_STATE } from "./field-presence";
export type { PresenceField } from "./field-presence";
export { guardPresence } from "./presence-guard";
export { richNodesOf } from "./read-only-rich";

/**
 * The ProseMirror plugins and keys that bind a rich field to the room's `Y.XmlFragment` of that
 * field: content sync (each editor's run of letters kept together), the other editors' cursors
 * (with this editor's caret kept out of them, and a caret it just moved kept as they redraw), the
 * comments' highlights, and the page's undo (`createPageUndo`), so the field's keys take back this
 * editor's newest step of the page, never another editor's.
 *
 * @example
 * mountRichText(element, { ...richCollab(doc.getXmlFragment("body"), provider.awareness, pageUndo.target) });
 */
export function richCollab(fragment: Y.XmlFragment, awareness: Awareness, undo: UndoTarget): { plugins: Plugin[]; history: RichHistory } {
  // Before the cursor plugin subscribes: a malformed remote cursor would make it throw on every redraw.
  guardPresence(awareness);
  return {
    plugins: [...richSync(fragment), yCursorPlugin(awareness, { cursorBuilder: remoteCursor }) as Plugin, caretOutsideWidgets(), domCaretFirst(), commentMarks()],
    history: {
      undo: (_state, dispatch) => (dispatch ? undo.undo() : undo.canUndo()),
      redo: (_state, dispatch) => (dispatch ? undo.redo() : undo.canRedo()),
      depth: () => undo.depth(),
      seal: () => undo.seal(),
    },
  };
}

/* A remote caret with its editor's name, the label's text readable on the editor's colour. */
function remoteCursor(user: { name?: unknown; color?: unknown }): HTMLElement {
  const color = typeof user.color === "string" ? user.color : "#64748b";
  const cursor = document.createElement("span");
  cursor.className = "ProseMirror-yjs-cursor";
  cursor.style.borderColor = color;
  const label = document.createElement("div");
  label.style.background = color;
  label.style.color = readableTextOn(color);
  label.textContent = typeof user.name === "string" ? user.name : "";
  // Word joiners keep the caret from breaking the line it sits in.
  cursor.append("\u2060", label, "\u2060");
  return cursor;
}
