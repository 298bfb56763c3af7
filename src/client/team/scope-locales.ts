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

/**
 * The scope's `locales` from the checked codes: none checked leaves the part out (every language).
 *
 * @example
 * scopeLocales(["de"]) // ["de"]
 * scopeLocales([]) // undefined
 */
export function scopeLocales(checked: readonly string[]): string[] | undefined {
  return checked.length > 0 ? [...checked] : undefined;
}
