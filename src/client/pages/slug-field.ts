import { isReservedSlug, isSlug } from "../../shared/slug";

/** The address box of the page dialogs: an input and its check. */
export interface SlugField {
  label: HTMLLabelElement;
  input: HTMLInputElement;
  /** Why the address cannot be used (`null`: it can), given the slugs other pages hold. */
  problem(taken: ReadonlySet<string>): string | null;
}

/**
 * A labelled "Address" input (`/<slug>`) with the site's slug rule, as the server checks it.
 *
 * @example
 * const slug = slugField(document, "about");
 * form.append(slug.label);
 * if (slug.problem(taken)) …
 */
export function slugField(doc: Document, value: string): SlugField {
  const { label, input } = labelledInput(doc, "Address (after /)", "slug");
  input.value = value;
  input.autocomplete = "off";
  input.spellcheck = false;
  input.pattern = "[a-z0-9][a-z0-9\\-]{0,119}";
  return {
    label,
    input,
    problem(taken) {
      const slug = input.value.trim();
      if (!isSlug(slug)) return "Use lower-case letters, digits and hyphens, starting with a letter or digit.";
      if (isReservedSlug(slug)) return `/${slug} belongs to the site itself; choose another address.`;
      if (taken.has(slug)) return `Another page already uses /${slug}.`;
      return null;
    },
  };
}

/**
 * A text input inside its label, stacked: the page dialogs' one form row.
 *
 * @example
 * const { label, input } = labelledInput(document, "Title", "title");
 */
export function labelledInput(doc: Document, text: string, name: string): { label: HTMLLabelElement; input: HTMLInputElement } {
  const label = doc.createElement("label");
  label.style.display = "grid";
  label.textContent = text;
  const input = doc.createElement("input");
  input.name = name;
  label.append(input);
  return { label, input };
}
