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
