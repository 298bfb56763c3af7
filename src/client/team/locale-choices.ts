import { languageName } from "../languages/translations";
import { checkBox } from "./check-box";
import { localeBoxes, scopeLocales } from "./scope-locales";

/** The Languages part of the scope inputs: its checkboxes, and the `locales` they describe. */
export interface LocaleChoices {
  element: HTMLFieldSetElement;
  /** The checked locales, in the offered order; `undefined` when none is checked (every language); `[]` for "No language". */
  value(): string[] | undefined;
}

/**
 * A "Languages" group of checkboxes, one per offered locale (named "German (de)"), checked as the
 * scope has them, and for a scope of no locale (`locales: []`) a checked "No language" box, so
 * the form shows and keeps it (none checked is every language); `null` when there is nothing to
 * offer (a site of one language, and a scope without `locales`).
 *
 * @example
 * const languages = localeChoices(document, "cms-team-invite", undefined, ["en", "de"]);
 */
export function localeChoices(doc: Document, idPrefix: string, chosen: readonly string[] | undefined, site: readonly string[]): LocaleChoices | null {
  const shown = localeBoxes(site, chosen);
  if (shown.boxes.length === 0 && !shown.none) return null;
  const element = doc.createElement("fieldset");
  const legend = doc.createElement("legend");
  legend.textContent = "Languages";
  const note = doc.createElement("small");
  note.id = `${idPrefix}-locales-hint`;
  note.textContent = "None checked: every language. Checked: only pages in those languages (a collection that is not translated is left out).";
  element.setAttribute("aria-describedby", note.id);
  element.append(legend, note);
  const checkbox = (id: string, value: string, checked: boolean, text: string) => checkBox(doc, element, `${idPrefix}-${id}`, checked, text, { name: "locales", value });
  const boxes = shown.boxes.map(({ locale, checked }) => checkbox(`locale-${locale}`, locale, checked, `${languageName(locale)} (${locale})`));
  // Only a scope that holds no language gets this box: unchecking it (with no language checked) widens to every language.
  const none = shown.none ? checkbox("locale-none", "", true, "No language (this account touches no page)") : null;
  // "No language" and a language exclude each other: checking one clears the other.
  none?.addEventListener("change", () => none.checked && boxes.forEach((box) => (box.checked = false)));
  for (const box of boxes) box.addEventListener("change", () => box.checked && none && (none.checked = false));
  return { element, value: () => scopeLocales(boxes.filter((box) => box.checked).map((box) => box.value), none?.checked ?? false) };
}
