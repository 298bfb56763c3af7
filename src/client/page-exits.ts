import type { SaveQueueSnapshot } from "./save-queue";

export interface PageExitHooks {
  /** Sends pending edits now (the requests use keepalive, so they outlive the page). */
  flush: () => void;
  /** Whether leaving now would lose something: the browser then asks the editor to confirm. */
  shouldWarn: () => boolean;
}

/**
 * Flushes pending edits whenever the page may be going away: the tab is hidden, the page is
 * hidden (`pagehide`, which also covers the back-forward cache), or the editor follows a link
 * within the site; `beforeunload` asks for confirmation while `shouldWarn()` says so.
 * Returns a function that removes the listeners.
 *
 * @example
 * const stop = watchPageExits(window, { flush: () => void queue.flush(), shouldWarn: () => queue.snapshot().inFlight });
 */
export function watchPageExits(win: Window, hooks: PageExitHooks): () => void {
  const doc = win.document;
  const onVisibility = () => {
    if (doc.visibilityState === "hidden") hooks.flush();
  };
  const onPageHide = () => hooks.flush();
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (link instanceof HTMLAnchorElement && link.origin === win.location.origin) hooks.flush();
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    hooks.flush();
    if (!hooks.shouldWarn()) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = "";
  };
  doc.addEventListener("visibilitychange", onVisibility);
  win.addEventListener("pagehide", onPageHide);
  doc.addEventListener("click", onClick, true);
  win.addEventListener("beforeunload", onBeforeUnload);
  return () => {
    doc.removeEventListener("visibilitychange", onVisibility);
    win.removeEventListener("pagehide", onPageHide);
    doc.removeEventListener("click", onClick, true);
    win.removeEventListener("beforeunload", onBeforeUnload);
  };
}

/** What decides whether leaving the page would lose edits. */
export interface LeaveState {
  snapshot: SaveQueueSnapshot;
  /** Auto-save is off: dirty fields are sent only by the Save button. */
  manual: boolean;
  /** Saves in flight without keepalive (they die with the page). */
  unkeptInFlight: number;
  /** Live edits made offline that are kept nowhere but this tab. */
  offlineUnkept: boolean;
}

/**
 * Whether leaving now would lose an edit, asked after the exit flush has sent what was pending:
 * unsaved fields with auto-save off, fields whose last save failed, saves in flight that lack
 * keepalive, and offline live edits not kept on the device. A keepalive save in flight is not
 * a reason: the browser finishes it after the page is gone.
 *
 * @example
 * unsavedOnLeave({ snapshot: queue.snapshot(), manual: false, unkeptInFlight: 0, offlineUnkept: false }) // false
 */
export function unsavedOnLeave(state: LeaveState): boolean {
  const { snapshot } = state;
  return (state.manual && snapshot.dirty.length > 0) || snapshot.failed.length > 0 || state.unkeptInFlight > 0 || state.offlineUnkept;
}
