/*
 * Transaction origins of this tab's own edits. Kept apart from the bindings so the sections
 * editor (its own chunk) can name them without pulling in Yjs bindings or y-prosemirror.
 */

/** This tab's typing and value changes, so their echoes are not applied twice. */
export const LOCAL_ORIGIN = Symbol("cms-local-edit");

/** This tab's structure changes (add, remove, move, duplicate an entry): each is an undo step of its own. */
export const STRUCTURE_ORIGIN = Symbol("cms-structure-edit");
