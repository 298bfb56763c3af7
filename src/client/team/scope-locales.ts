// The Languages part of a scope, as the Team panel offers and sends it; no DOM, so unit tests load it anywhere.

/**
 * The locales to offer: the site's, in its order, then any the scope already names that the site
 * does not (so saving a form never drops a part of a scope it did not show).
 *
 * @example
 * localeOptions(["en", "de"], ["fr"]) // ["en", "de", "fr"]
 */
export function localeOptions(site: readonly string[], chosen: readonly string[] = []): string[] {
  return [...new Set([...site, ...chosen])];
}

/** The Languages checkboxes of a scope: one per offered locale, and whether "No language" is shown (checked). */
export interface LocaleBoxes {
  boxes: { locale: string; checked: boolean }[];
  /** The scope names no locale at all (`locales: []`, the account touches no page): a box of its own says so. */
  none: boolean;
}

/**
 * The checkboxes that show a scope's `locales`: each offered locale (see {@link localeOptions}),
 * checked as the scope has it, and for `locales: []` a checked "No language" box, since no box
 * checked means every language. {@link scopeLocales} of what they show is the scope's `locales`
 * again, so saving a form unchanged keeps what the server holds.
 *
 * @example
 * localeBoxes(["en", "de"], ["de"]) // { boxes: [{ locale: "en", checked: false }, { locale: "de", checked: true }], none: false }
 * localeBoxes(["en", "de"], []) // { boxes: [… both unchecked], none: true }
 */
export function localeBoxes(site: readonly string[], chosen: readonly string[] | undefined): LocaleBoxes {
  const boxes = localeOptions(site, chosen).map((locale) => ({ locale, checked: chosen?.includes(locale) ?? false }));
  return { boxes, none: chosen !== undefined && chosen.length === 0 };
}

/**
 * The scope's `locales` from the checked codes: none checked leaves the part out (every
 * language), unless "No language" is checked (`[]`: no page at all).
 *
 * @example
 * scopeLocales(["de"]) // ["de"]
 * scopeLocales([]) // undefined
 * scopeLocales([], true) // []
 */
export function scopeLocales(checked: readonly string[], none = false): string[] | undefined {
  if (checked.length > 0) return [...checked];
  return none ? [] : undefined;
}
