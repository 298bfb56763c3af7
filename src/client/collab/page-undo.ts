import * as Y from "yjs";
import { SUGGESTIONS_ROOT } from "../../shared/review-suggestions";
import { defaultDeleteFilter, defaultProtectedNodes, ySyncPluginKey } from "y-prosemirror";
import type { UndoTarget } from "../undo/value-history";
import { LOCAL_ORIGIN, STRUCTURE_ORIGIN } from "./origins";

/** The page's one undo history of this editor's own edits in the room's document. */
export interface PageUndo {
  /** Undo and redo for the page's history (the bar's buttons and the keys). */
  target: UndoTarget;
  destroy(): void;
}

/* Typing pauses longer than this start a new undo step. */
const CAPTURE_MS = 500;

/**
 * One Yjs UndoManager over the page's whole document (every field, also those bound later), tracking only this tab's origins
 * (plain typing and values, rich text through y-prosemirror, structure changes), so Undo takes
 * back this editor's newest step wherever it was made, a removed section with its content
 * included, and never what another editor did. A step is one field's typing (a pause, or an edit
 * in another field, ends it); each structure change is a step of its own.
 *
 * @example
 * const undo = createPageUndo(session.doc);
 * history.add(h1, undo.target);
 */
export function createPageUndo(doc: Y.Doc, captureMs = CAPTURE_MS): PageUndo {
  const origins = new Set<unknown>([LOCAL_ORIGIN, STRUCTURE_ORIGIN, ySyncPluginKey]);
  let lastField: string | null = null;
  // Registered before the manager's own handler, so a step is ended before the manager would extend it.
  const endStepOnNewField = (transaction: Y.Transaction) => {
    if (!origins.has(transaction.origin) || transaction.changed.size === 0) return;
    const field = transaction.origin === STRUCTURE_ORIGIN ? null : changedFields(transaction);
    if (field === null || field !== lastField) manager.stopCapturing();
    lastField = field;
  };
  doc.on("afterTransaction", endStepOnNewField);
  const manager = new Y.UndoManager(doc, {
    trackedOrigins: origins,
    captureTimeout: captureMs,
    // Rich text keeps y-prosemirror's rule (a paragraph someone else typed in is never removed by an undo); elsewhere everything of one's own step goes.
    // A suggestion's metadata stays: only the room settles suggestions, and it refuses a client that removes one.
    deleteFilter: (item) => !isSuggestionMeta(item, doc) && (!isRich(item) || defaultDeleteFilter(item, defaultProtectedNodes)),
    // With the whole document in scope, a transaction that changed nothing (y-prosemirror syncs
    // on every selection change) would otherwise become an empty step and clear the redo steps.
    captureTransaction: (transaction) => transaction.changed.size > 0 && transaction.meta.get("addToHistory") !== false,
  });
  return {
    target: {
      undo: () => manager.undo() !== null,
      redo: () => manager.redo() !== null,
      canUndo: () => manager.canUndo(),
      canRedo: () => manager.canRedo(),
      depth: () => manager.undoStack.length,
      seal: () => manager.stopCapturing(),
    },
    destroy() {
      doc.off("afterTransaction", endStepOnNewField);
      manager.destroy();
    },
  };
}

/* Keys for types within one page: a counter, since a WeakMap cannot count its entries. */
const ids = new WeakMap<object, number>();
let nextId = 1;
const idOf = (value: object) => {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = nextId++));
  return id;
};

/*
 * Which fields a transaction changed, as one key: a rich field is its whole fragment, a text its
 * `Y.Text` (also when its first keystroke created it under its entry's key), a value its entry's key.
 */
function changedFields(transaction: Y.Transaction): string {
  const keys = new Set<string>();
  for (const [type, subs] of transaction.changed) {
    const root = rootOf(type);
    // A suggestion's metadata goes with the field it marks, which names the step.
    if (root === transaction.doc.share.get(SUGGESTIONS_ROOT)) continue;
    if (root instanceof Y.XmlFragment) keys.add(`r${idOf(root)}`);
    else if (type instanceof Y.Map) {
      for (const sub of subs) {
        const value = sub === null ? undefined : type.get(sub);
        keys.add(value instanceof Y.AbstractType ? `t${idOf(value)}` : `m${idOf(type)}:${String(sub)}`);
      }
    } else keys.add(`t${idOf(type)}`);
  }
  return [...keys].sort().join(" ");
}

/* What `rootOf` reads of a shared type: typed structurally, as Yjs types its parents loosely. */
type Nested = { _item: Y.Item | null };

function rootOf(type: Nested): Nested {
  let root = type;
  while (root._item?.parent instanceof Y.AbstractType) root = root._item.parent;
  return root;
}

function isSuggestionMeta(item: Y.Item, doc: Y.Doc): boolean {
  return item.parent instanceof Y.AbstractType && rootOf(item.parent) === doc.share.get(SUGGESTIONS_ROOT);
}

function isRich(item: Y.Item): boolean {
  return item.parent instanceof Y.AbstractType && rootOf(item.parent) instanceof Y.XmlFragment;
}
