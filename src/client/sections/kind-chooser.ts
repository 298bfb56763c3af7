import { createDialog, settleOnce, textButton } from "../dialog";
import type { EntryKind } from "./entry-kinds";

/**
 * The "Add section" chooser: a modal listing each kind of the site's catalog as a button named
 * after it, its description beside it as the button's description. Resolves the chosen kind, or
 * null when cancelled.
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
      const button = textButton(doc, kind.label, () => finish(kind));
      const description = doc.createElement("span");
      description.id = `cms-chooser-${i}`;
      description.textContent = kind.description;
      if (kind.description) button.setAttribute("aria-describedby", description.id);
      // The whole card chooses; the button alone is what keyboards and screen readers use.
      item.addEventListener("click", (event) => {
        if (event.target !== button) finish(kind);
      });
      item.append(button, description);
      list.append(item);
    });
    dialog.append(heading, list, textButton(doc, "Cancel", () => finish(null)));
    doc.body.append(dialog);
    dialog.showModal();
  });
}
