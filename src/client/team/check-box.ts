/**
 * A checkbox with its label (the Team forms' `cms-team-check`), appended to `parent`; `name`
 * groups boxes sent as one list.
 *
 * @example
 * const none = checkBox(document, fieldset, "cms-team-invite-locale-none", true, "No language");
 */
export function checkBox(doc: Document, parent: HTMLElement, id: string, checked: boolean, text: string, name?: { name: string; value: string }): HTMLInputElement {
  const box = doc.createElement("input");
  box.type = "checkbox";
  box.id = id;
  if (name) {
    box.name = name.name;
    box.value = name.value;
  }
  box.defaultChecked = checked;
  const label = doc.createElement("label");
  label.className = "cms-team-check";
  label.htmlFor = id;
  label.append(box, text);
  parent.append(label);
  return box;
}
