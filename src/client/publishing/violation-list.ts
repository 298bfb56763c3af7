import type { PublishViolation } from "./violations";

/**
 * The editable element a violation's path names on this page (`sections.0.heading` → the marker
 * `pages:<id>:sections.0.heading`), else the nearest entry around it (`data-cms-entry`), else null.
 *
 * @example
 * placeOf(document, "sections.1.items.0.title") // <strong data-cms-field="pages:1:sections.1.items.0.title">
 */
export function placeOf(doc: Document, path: string): HTMLElement | null {
  for (const element of doc.querySelectorAll<HTMLElement>("[data-cms-field]")) {
    if (fieldPath(element.dataset.cmsField ?? "") === path) return element;
  }
  const segments = path.split(".");
  for (let end = segments.length - 1; end > 0; end--) {
    const entry = segments.slice(0, end).join(".");
    const found = [...doc.querySelectorAll<HTMLElement>("[data-cms-entry]")].find((element) => element.dataset.cmsEntry === entry);
    if (found) return found;
  }
  return null;
}

/**
 * Where a violation is, in the page's words: the section by its kind and position, and the item
 * of a list inside it ("Features (section 2), item 1"); empty for a field of the page itself.
 *
 * @example
 * describePlace(document, "sections.1.items.0.title") // "Features (section 2), item 1"
 */
export function describePlace(doc: Document, path: string): string {
  const [root, ...rest] = path.split(".");
  if (root !== "sections" || rest.length === 0) return "";
  const parts: string[] = [];
  let prefix = "sections";
  for (const segment of rest) {
    prefix = `${prefix}.${segment}`;
    if (!/^\d+$/.test(segment)) continue;
    const index = Number(segment) + 1;
    if (parts.length > 0) {
      parts.push(`item ${index}`);
      continue;
    }
    const entry = [...doc.querySelectorAll<HTMLElement>("[data-cms-entry]")].find((element) => element.dataset.cmsEntry === prefix);
    const kind = entry?.dataset.cmsKind;
    parts.push(kind ? `${kind} (section ${index})` : `Section ${index}`);
  }
  return parts.join(", ");
}

/**
 * One refusal in words: where it is and what is wrong, the field named by its declared label as
 * the server's message names it ("Call to action (section 1): Link is required").
 *
 * @example
 * violationWords(document, { path: "sections.0.href", message: "Link is required" }) // "Call to action (section 1): Link is required"
 */
export function violationWords(doc: Document, violation: PublishViolation): string {
  const place = describePlace(doc, violation.path);
  const message = violation.message.charAt(0).toUpperCase() + violation.message.slice(1);
  return place ? `${place}: ${message}` : message;
}

/**
 * The control an editor fixes a field with: the marker itself when it is edited in place, the
 * editor inside it (rich text), or what stands beside a marker the page hides or cannot edit (a
 * typed value's form control, an image's button); else the marker, made focusable.
 *
 * @example
 * controlOf(hrefMarker) // the <input> that edits the link
 */
export function controlOf(target: HTMLElement): HTMLElement {
  if (target.isContentEditable) return target;
  const inside = target.querySelector<HTMLElement>("[contenteditable=true]");
  if (inside) return inside;
  const beside = target.nextElementSibling;
  if (beside instanceof HTMLElement) {
    if (beside.classList.contains("cms-image-button")) return beside;
    const control = beside.classList.contains("cms-value-field") ? beside.querySelector<HTMLElement>("input, select, textarea, button") : null;
    if (control) return control;
  }
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  return target;
}

/**
 * The dialog's list of what publish refused: each violation in words with the section it is in,
 * and a "Go to" button that takes the editor to the control that fixes it (focused, in view).
 *
 * @example
 * dialog.append(violationList(document, violations, () => dialog.close()));
 */
export function violationList(doc: Document, violations: readonly PublishViolation[], beforeGo: () => void): HTMLUListElement {
  const list = doc.createElement("ul");
  list.className = "cms-violations";
  list.setAttribute("aria-label", "What to fix before publishing");
  for (const violation of violations) {
    const words = violationWords(doc, violation);
    const item = doc.createElement("li");
    item.append(words);
    const target = placeOf(doc, violation.path);
    if (target) {
      const go = doc.createElement("button");
      go.type = "button";
      go.textContent = "Go to";
      go.setAttribute("aria-label", `Go to ${words}`);
      go.addEventListener("click", () => {
        beforeGo();
        const control = controlOf(target);
        control.scrollIntoView({ block: "center" });
        control.focus();
      });
      item.append(" ", go);
    }
    list.append(item);
  }
  return list;
}

function fieldPath(address: string): string {
  return address.split(":").slice(2).join(":");
}
