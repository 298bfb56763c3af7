import { languageName } from "../languages/translations";
import { localeOptions, scopeLocales } from "./scope-locales";

/** The Languages part of the scope inputs: its checkboxes, and the `locales` they describe. */
export interface LocaleChoices {
  element: HTMLFieldSetElement;
  /** The checked locales, in the offered order; `undefined` when none is checked (every language). */
  value(): string[] | undefined;
}

/**
 * A "Languages" group of checkboxes, one per offered locale (named "German (de)"), checked as the
 * scope has them; `null` when there is nothing to offer (a site of one language, and a scope
 * without `locales`).
 *
 * @example
 * const languages = localeChoices(document, "cms-team-invite", undefined, ["en", "de"]);
 */
export function localeChoices(doc: Document, idPrefix: string, chosen: readonly string[] | undefined, site: readonly string[]): LocaleChoices | null {
  const offered = localeOptions(site, chosen);
  if (offered.length === 0) return null;
  const element = doc.createElement("fieldset");
  const legend = doc.createElement("legend");
  legend.textContent = "Languages";
  const note = doc.createElement("small");
  note.id = `${idPrefix}-locales-hint`;
  note.textContent = "None checked: every language. Checked: only pages in those languages (a collection that is not translated is left out).";
  element.setAttribute("aria-describedby", note.id);
  element.append(legend, note);
  const boxes = offered.map((locale) => {
    const box = doc.createElement("input");
    box.type = "checkbox";
    box.id = `${idPrefix}-locale-${locale}`;
    box.name = "locales";
    box.value = locale;
    box.defaultChecked = chosen?.includes(locale) ?? false;
    const label = doc.createElement("label");
    label.className = "cms-team-check";
    label.htmlFor = box.id;
    label.append(box, `${languageName(locale)} (${locale})`);
    element.append(label);
    return box;
  });
  return { element, value: () => scopeLocales(boxes.filter((box) => box.checked).map((box) => box.value)) };
}
