import type { UndoTarget } from "./value-history";

/**
 * The page's order of one's own undo steps across fields. Each field keeps its own history; this
 * keeps which field each step belongs to, in the order they were made, so the edit bar's Undo
 * takes back the newest step of the page (title, then body, then title again), and Redo brings
 * them back in order. It learns of steps by each field's undo depth, so merged typing (one step)
 * counts once and a history a field dropped (another editor changed the value) drops its steps.
 * A step in one field ends the other fields' current steps (`seal`), so steps never straddle.
 */
export interface EditOrder {
  /**
   * Starts following a field, with the steps it already has left out of the page order. A target
   * followed more than once (the page's one live history, under every field and section) is
   * followed until it is forgotten as often.
   */
  follow(target: UndoTarget): void;
  forget(target: UndoTarget): void;
  /** Reads every field's depth and records new steps (and steps a field dropped). */
  sync(): void;
  /** Undoes the page's newest step (or, with `target`, that field's newest); false when none. */
  undo(target?: UndoTarget): boolean;
  /** Redoes the page's newest undone step (or that field's); false when none. */
  redo(target?: UndoTarget): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  /** The field whose step Undo (or Redo) would take next, or null when there is none. */
  next(action: "undo" | "redo"): UndoTarget | null;
}

/* Removes the last occurrence of `target` in `list`; true when there was one. */
const removeLast = (list: UndoTarget[], target: UndoTarget) => {
  const at = list.lastIndexOf(target);
  if (at >= 0) list.splice(at, 1);
  return at >= 0;
};

/**
 * @example
 * const order = createEditOrder();
 * order.follow(title); order.follow(body);
 * // … the editor types in title, body, title; after each edit:
 * order.sync();
 * order.undo(); // takes back the second title edit
 */
export function createEditOrder(): EditOrder {
  const known = new Map<UndoTarget, number>();
  const followers = new Map<UndoTarget, number>();
  const done: UndoTarget[] = [];
  const undone: UndoTarget[] = [];

  const sync = () => {
    for (const [target, before] of known) {
      const depth = target.depth();
      if (depth > before) {
        for (let i = before; i < depth; i++) done.push(target);
        // A new edit ends the redo chain, as in every editor; and the other fields' current steps,
        // so typing back in the title after the body is a step of its own, not part of the first.
        undone.length = 0;
        for (const other of known.keys()) if (other !== target) other.seal();
      } else for (let i = depth; i < before; i++) removeLast(done, target);
      known.set(target, depth);
    }
  };
  const newest = (from: UndoTarget[], can: (target: UndoTarget) => boolean) => {
    sync();
    // A step its field can no longer take (its history was cleared) is skipped, never a dead end.
    while (from.length > 0 && !can(from[from.length - 1]!)) from.pop();
    return from[from.length - 1] ?? null;
  };
  const move = (from: UndoTarget[], to: UndoTarget[], can: (target: UndoTarget) => boolean, act: (target: UndoTarget) => boolean, target?: UndoTarget) => {
    sync();
    const chosen = target ?? newest(from, can);
    if (!chosen || !act(chosen)) return false;
    removeLast(from, chosen);
    to.push(chosen);
    known.set(chosen, chosen.depth());
    return true;
  };

  return {
    follow(target) {
      const count = followers.get(target) ?? 0;
      followers.set(target, count + 1);
      if (count === 0) known.set(target, target.depth());
    },
    forget(target) {
      const count = (followers.get(target) ?? 0) - 1;
      // A section removed takes its registration along; the history it shares stays with its steps.
      if (count > 0) return void followers.set(target, count);
      followers.delete(target);
      known.delete(target);
      for (const list of [done, undone]) while (removeLast(list, target));
    },
    sync,
    undo: (target) => move(done, undone, (t) => t.canUndo(), (t) => t.undo(), target),
    redo: (target) => move(undone, done, (t) => t.canRedo(), (t) => t.redo(), target),
    canUndo: () => done.some((target) => target.canUndo()),
    canRedo: () => undone.length > 0,
    next: (action) => (action === "undo" ? newest(done, (t) => t.canUndo()) : newest(undone, (t) => t.canRedo())),
  };
}
