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
