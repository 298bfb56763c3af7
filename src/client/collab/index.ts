/*
 * The live-editing chunk (Yjs, the y-partyserver provider, y-prosemirror): loaded only for a
 * versioned page, so plain-text pages without a room never download it.
 */
import type { Plugin } from "prosemirror-state";
import { redo, undo, yCursorPlugin, ySyncPlugin, yUndoPlugin } from "y-prosemirror";
import type * as Y from "yjs";
import type { Awareness } from "y-protocols/awareness";
import type { KeyBindings } from "../rich/rich-commands";

export { connectLive } from "./live-session";
export { parseRoomEvent } from "../../shared/room-protocol";
export type { LiveSession, LiveSessionOptions } from "./live-session";
export { bindText, bindJsonLeaf, LOCAL_ORIGIN } from "./bind-fields";
export type { FieldBinding } from "./bind-fields";

/**
 * The ProseMirror plugins and keys that bind a rich field to the room's `Y.XmlFragment` of that
 * field: content sync, the other editors' cursors, and undo that only undoes this editor's edits.
 *
 * @example
 * mountRichText(element, { ...richCollab(doc.getXmlFragment("body"), provider.awareness) });
 */
export function richCollab(fragment: Y.XmlFragment, awareness: Awareness): { plugins: Plugin[]; keys: KeyBindings } {
  return {
    plugins: [ySyncPlugin(fragment), yCursorPlugin(awareness), yUndoPlugin()],
    keys: { "Mod-z": undo, "Mod-y": redo, "Mod-Shift-z": redo },
  };
}
