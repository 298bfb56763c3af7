/**
 * The editor's modal shell: a `<dialog>` with an accessible name (`label`), a heading (`title`,
 * default the label) and a polite status line for progress and errors. Callers add their own
 * content and call `showModal()`.
 *
 * @example
 * const { dialog, message } = createDialog(document, "Insert image", "Choose an image");
 * message.textContent = "Saving…";
 */
export function createDialog(doc: Document, label: string, title = label): { dialog: HTMLDialogElement; heading: HTMLHeadingElement; message: HTMLParagraphElement } {
  const dialog = doc.createElement("dialog");
  dialog.className = "cms-dialog";
  dialog.setAttribute("aria-label", label);
  const heading = doc.createElement("h2");
  heading.textContent = title;
  const message = doc.createElement("p");
  message.setAttribute("role", "status");
  return { dialog, heading, message };
}

/**
 * A plain text button for dialogs (`type="button"`, so it never submits a form).
 *
 * @example
 * dialog.append(textButton(document, "Cancel", () => dialog.close()));
 */
export function textButton(doc: Document, text: string, onClick: () => void): HTMLButtonElement {
  const button = doc.createElement("button");
  button.type = "button";
  button.textContent = text;
  button.addEventListener("click", onClick);
  return button;
}

/**
 * Makes a dialog settle once: the returned `finish(value)` closes and removes it and hands `value`
 * to `resolve`; closing it any other way (Escape) hands over `cancelled`.
 *
 * @example
 * return new Promise((resolve) => {
 *   const finish = settleOnce(dialog, resolve, null);
 *   dialog.append(textButton(document, "Cancel", () => finish(null)));
 * });
 */
export function settleOnce<T>(dialog: HTMLDialogElement, resolve: (value: T) => void, cancelled: T): (value: T) => void {
  let settled = false;
  const finish = (value: T) => {
    if (settled) return;
    settled = true;
    dialog.close();
    dialog.remove();
    resolve(value);
  };
  dialog.addEventListener("close", () => finish(cancelled));
  return finish;
}
