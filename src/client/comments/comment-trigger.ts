/** The floating Comment button and the shortcut that start a comment on the selected words. */
export interface CommentTrigger {
  /** Shows the button beside `rect` (the selection's, in the window), or hides it (`null`). */
  show(rect: DOMRect | null): void;
  destroy(): void;
}

/** Whether a key press is the comment shortcut, Ctrl+Alt+M (Cmd+Alt+M on a Mac; Alt+M types µ there, so by key position). */
export function isCommentShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.altKey && !event.shiftKey && event.code === "KeyM";
}

/**
 * A small "Comment" button floated just above the selected words, and Ctrl/Cmd+Alt+M anywhere on
 * the page; either calls `start`. The button keeps the selection (it never takes the focus on a
 * pointer press), so the words are still selected when the comment box opens.
 *
 * @example
 * const trigger = commentTrigger(document, () => startComment());
 * trigger.show(selection.getRangeAt(0).getBoundingClientRect());
 */
export function commentTrigger(doc: Document, start: () => void): CommentTrigger {
  const win = doc.defaultView ?? window;
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "cms-comment-float";
  button.textContent = "Comment";
  button.setAttribute("aria-label", "Comment on the selected words");
  button.setAttribute("aria-keyshortcuts", "Control+Alt+M");
  button.title = "Comment (Ctrl+Alt+M)";
  button.hidden = true;
  button.addEventListener("pointerdown", (event) => event.preventDefault());
  button.addEventListener("click", () => start());
  doc.body.append(button);
  const onKey = (event: KeyboardEvent) => {
    if (!isCommentShortcut(event)) return;
    event.preventDefault();
    start();
  };
  doc.addEventListener("keydown", onKey, true);
  return {
    show(rect) {
      button.hidden = rect === null;
      if (!rect) return;
      const height = button.offsetHeight || 30;
      const top = rect.top - height - 6 < 0 ? rect.bottom + 6 : rect.top - height - 6;
      button.style.top = `${top + win.scrollY}px`;
      button.style.left = `${Math.max(4, Math.min(rect.right - button.offsetWidth, win.innerWidth - button.offsetWidth - 8)) + win.scrollX}px`;
    },
    destroy() {
      doc.removeEventListener("keydown", onKey, true);
      button.remove();
    },
  };
}
