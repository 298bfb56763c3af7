import { createDialog, settleOnce, textButton } from "../dialog";
import type { EntryKind } from "./entry-kinds";

/**
 * The "Add section" chooser: a modal listing each kind of the site's catalog by name, with its
 * description as the button's description. Resolves the chosen kind, or null when cancelled.
 *
 * @example
 * const kind = await chooseKind(document, [...kinds.sections.values()]);
 */
export function chooseKind(doc: Document, kinds: readonly EntryKind[]): Promise<EntryKind | null> {
  const { dialog, heading } = createDialog(doc, "Add section", "Add a section");
  dialog.classList.add("cms-chooser");
  return new Promise((resolve) => {
    const finish = settleOnce<EntryKind | null>(dialog, resolve, null);
    const list = doc.createElement("ul");
    kinds.forEach((kind, i) => {
      const item = doc.createElement("li");
      const button = textButton(doc, "", () => finish(kind));
      const name = doc.createElement("strong");
      name.textContent = kind.label;
      const description = doc.createElement("span");
      description.id = `cms-chooser-${i}`;
      description.textContent = kind.description;
      button.append(name, description);
      button.setAttribute("aria-label", kind.label);
      if (kind.description) button.setAttribute("aria-describedby", description.id);
      item.append(button);
      list.append(item);
    });
    dialog.append(heading, list, textButton(doc, "Cancel", () => finish(null)));
    doc.body.append(dialog);
    dialog.showModal();
  });
}
