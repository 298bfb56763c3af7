/** Where the queue stands, for the status line. */
export type SaveState = "idle" | "dirty" | "saving" | "saved" | "failed";

/** A read-only view of the queue after every change. */
export interface SaveQueueSnapshot {
  state: SaveState;
  /** Fields whose current value differs from the last saved one. */
  dirty: string[];
  /** Fields whose last save failed; they stay dirty until a later save succeeds. */
  failed: string[];
  /** True while a save run is under way (the browser should warn before leaving). */
  inFlight: boolean;
}

/** Timer functions, injected so tests run on a fake clock. */
export interface SaveTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SaveQueueOptions {
  /** Sends one field; resolves `true` when the server accepted it. A rejection counts as a failure. */
  send: (field: string, value: unknown) => Promise<boolean>;
  /** Idle time before an automatic save, or `false` for manual saving only. */
  debounceMs: number | false;
  timers?: SaveTimers;
  onChange?: (snapshot: SaveQueueSnapshot) => void;
}

export interface SaveQueue {
  /** Records a field's value as already saved (its baseline): an edit back to it sends nothing. */
  track(field: string, value: unknown): void;
  /** Records an edit and, with auto-save, restarts the idle timer. */
  edit(field: string, value: unknown): void;
  /** Saves every dirty field now; while a run is in flight it queues one coalesced re-run. */
  flush(): Promise<void>;
  snapshot(): SaveQueueSnapshot;
  /** Cancels the idle timer; in-flight requests finish on their own. */
  dispose(): void;
}

const DEFAULT_TIMERS: SaveTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

/* Values are compared by their JSON text: field values are strings or small JSON (images). */
const fingerprint = (value: unknown): string => JSON.stringify(value) ?? "undefined";

/**
 * The auto-save queue of the inline client. One request per changed field, unchanged fields never
 * sent, runs never overlap (edits arriving mid-save are coalesced into one re-run), and a failed
 * field stays dirty so the next edit (or flush) sends it again.
 *
 * @example
 * const queue = createSaveQueue({ send: (field, value) => postSave(field, value), debounceMs: 800 });
 * queue.track("pages:1:title", "About");
 * queue.edit("pages:1:title", "About us"); // saved 800 ms after the last keystroke
 */
export function createSaveQueue(options: SaveQueueOptions): SaveQueue {
  const timers = options.timers ?? DEFAULT_TIMERS;
  const saved = new Map<string, string>();
  const current = new Map<string, unknown>();
  const failed = new Set<string>();
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let rerun = false;
  let lastRun: "saved" | "failed" | null = null;

  const dirtyFields = () => [...current.keys()].filter((field) => fingerprint(current.get(field)) !== saved.get(field));

  const snapshot = (): SaveQueueSnapshot => {
    const dirty = dirtyFields();
    const stillFailed = [...failed].filter((field) => dirty.includes(field));
    let state: SaveState = "idle";
    if (running) state = "saving";
    else if (stillFailed.length > 0) state = "failed";
    else if (dirty.length > 0) state = "dirty";
    else if (lastRun === "saved") state = "saved";
    return { state, dirty, failed: stillFailed, inFlight: running !== null };
  };
  const emit = () => options.onChange?.(snapshot());

  const cancelTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  const runOnce = async () => {
    const batch = dirtyFields().map((field) => [field, current.get(field)] as const);
    if (batch.length === 0) return;
    emit();
    const results = await Promise.all(
      batch.map(async ([field, value]) => {
        let ok = false;
        try {
          ok = await options.send(field, value);
        } catch {
          ok = false;
        }
        return { field, value, ok };
      }),
    );
    for (const { field, value, ok } of results) {
      // The baseline becomes what was sent, not what is current: an edit made mid-save stays dirty.
      if (ok) {
        saved.set(field, fingerprint(value));
        failed.delete(field);
      } else failed.add(field);
    }
    lastRun = results.every((r) => r.ok) ? "saved" : "failed";
  };

  const loop = async () => {
    // Yield once so `running` is set before the first run reports "saving".
    await null;
    do {
      rerun = false;
      await runOnce();
    } while (rerun);
  };

  const flush = (): Promise<void> => {
    cancelTimer();
    if (running) {
      rerun = true;
      return running;
    }
    if (dirtyFields().length === 0) return Promise.resolve();
    running = loop().finally(() => {
      running = null;
      emit();
    });
    return running;
  };

  return {
    track(field, value) {
      saved.set(field, fingerprint(value));
      current.set(field, value);
      emit();
    },
    edit(field, value) {
      current.set(field, value);
      if (options.debounceMs !== false) {
        cancelTimer();
        timer = timers.setTimeout(() => {
          timer = null;
          void flush();
        }, options.debounceMs);
      }
      emit();
    },
    flush,
    snapshot,
    dispose: cancelTimer,
  };
}
