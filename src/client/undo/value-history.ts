/** Something that can undo and redo its own edits. */
export interface UndoTarget {
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  /** How many steps there are to undo (the page keeps its fields' steps in the order they were made). */
  depth(): number;
  /** Ends the current step, so the next edit starts a new one (another field was edited meanwhile). */
  seal(): void;
}

export interface ValueHistoryOptions {
  /** Edits closer together than this (typing) become one undo step; default 500 ms. */
  captureMs?: number;
  /** The clock, injected so tests are exact. */
  now?: () => number;
}

/** A field's own edit history over whole values, for fields without a Yjs or ProseMirror history. */
export interface ValueHistory<T> {
  /** Call after each local edit with the field's new value. */
  edited(value: T): void;
  /**
   * Call when the value changed from elsewhere (another editor): the history is dropped, so an
   * undo never writes this editor's older value over someone else's newer one.
   */
  replaced(value: T): void;
  target: UndoTarget;
}

type Step<T> = { before: T; after: T; at: number };

/* Values are compared by their JSON text: field values are strings or small JSON (images). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The local undo stack of one field: each edit is a step from the value before it to the value
 * after it; edits in quick succession that continue the previous one merge into it. `apply`
 * shows and saves a value that undo or redo brings back.
 *
 * @example
 * const history = createValueHistory("About", (value) => { field.setValue(value); queue.edit(address, value); });
 * history.edited("About us");
 * history.target.undo(); // apply("About")
 */
export function createValueHistory<T>(initial: T, apply: (value: T) => void, options: ValueHistoryOptions = {}): ValueHistory<T> {
  const captureMs = options.captureMs ?? 500;
  const now = options.now ?? (() => Date.now());
  const done: Step<T>[] = [];
  const undone: Step<T>[] = [];
  let current = initial;
  /* A step just undone or redone is never extended by the next edit. */
  let sealed = false;

  const move = (from: Step<T>[], to: Step<T>[], pick: (step: Step<T>) => T): boolean => {
    const step = from.pop();
    if (!step) return false;
    to.push(step);
    current = pick(step);
    sealed = true;
    apply(current);
    return true;
  };

  return {
    edited(value) {
      if (same(value, current)) return;
      const at = now();
      const last = done[done.length - 1];
      if (last && !sealed && undone.length === 0 && at - last.at < captureMs && same(last.after, current)) {
        last.after = value;
        last.at = at;
      } else done.push({ before: current, after: value, at });
      undone.length = 0;
      sealed = false;
      current = value;
    },
    replaced(value) {
      if (same(value, current)) return;
      done.length = 0;
      undone.length = 0;
      current = value;
    },
    target: {
      undo: () => move(done, undone, (step) => step.before),
      redo: () => move(undone, done, (step) => step.after),
      canUndo: () => done.length > 0,
      canRedo: () => undone.length > 0,
      depth: () => done.length,
      seal: () => void (sealed = true),
    },
  };
}
