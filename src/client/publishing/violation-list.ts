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
 * Where a violation is, in words: the section (its position and kind) and the field, e.g.
 * "Section 2 (Features), item 1: title".
 *
 * @example
 * describePlace(document, "sections.1.items.0.title") // "Section 2 (Features), item 1: title"
 */
export function describePlace(doc: Document, path: string): string {
  const [root, ...rest] = path.split(".");
  if (root !== "sections" || rest.length === 0) return path;
  const parts: string[] = [];
  const field: string[] = [];
  let prefix = "sections";
  for (let i = 0; i < rest.length; i++) {
    const segment = rest[i] as string;
    const index = Number(segment);
    if (Number.isInteger(index) && segment !== "") {
      prefix = `${prefix}.${segment}`;
      const entry = [...doc.querySelectorAll<HTMLElement>("[data-cms-entry]")].find((element) => element.dataset.cmsEntry === prefix);
      const kind = entry?.dataset.cmsKind;
      parts.push(parts.length === 0 ? `Section ${index + 1}${kind ? ` (${kind})` : ""}` : `item ${index + 1}`);
    } else {
      prefix = `${prefix}.${segment}`;
      if (i === rest.length - 1 || !/^\d+$/.test(rest[i + 1] ?? "")) field.push(segment);
    }
  }
  return `${parts.join(", ")}${field.length > 0 ? `: ${field[field.length - 1]}` : ""}`;
}

/**
 * The dialog's list of what publish refused: each violation with the section it is in, and a
 * "Go to" button that takes the editor to the field (focused, scrolled into view).
 *
 * @example
 * dialog.append(violationList(document, violations, () => dialog.close()));
 */
export function violationList(doc: Document, violations: readonly PublishViolation[], beforeGo: () => void): HTMLUListElement {
  const list = doc.createElement("ul");
  list.className = "cms-violations";
  list.setAttribute("aria-label", "What to fix before publishing");
  for (const violation of violations) {
    const where = describePlace(doc, violation.path);
    const item = doc.createElement("li");
    item.append(`${where} — ${violation.message}`);
    const target = placeOf(doc, violation.path);
    if (target) {
      const go = doc.createElement("button");
      go.type = "button";
      go.textContent = "Go to";
      go.setAttribute("aria-label", `Go to ${where}`);
      go.addEventListener("click", () => {
        beforeGo();
        if (!target.hasAttribute("tabindex") && !target.isContentEditable) target.tabIndex = -1;
        target.scrollIntoView({ block: "center" });
        target.focus();
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
