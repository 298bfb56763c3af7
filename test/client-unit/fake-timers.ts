import type { SaveTimers } from "../../src/client/save-queue";

/** A manual clock for the save queue: `advance(ms)` fires the timers that fall due. */
export function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: SaveTimers = {
    setTimeout(callback, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    pendingCount: () => pending.size,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        pending.delete(id);
        timer.callback();
      }
    },
  };
}

/** A send function whose calls are recorded and resolved by the test. */
export function controlledSend() {
  const calls: { field: string; value: unknown; resolve: (ok: boolean) => void }[] = [];
  const send = (field: string, value: unknown) => new Promise<boolean>((resolve) => calls.push({ field, value, resolve }));
  return { calls, send };
}

/** Lets queued promise callbacks run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
