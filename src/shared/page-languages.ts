/*
 * What an edit-mode page tells the browser client of its language (issue 37), written by the page
 * (`editorScript`, `editorScriptTag`) and read by the client (`mountLouise`'s `languages`).
 */

/** A page's language as the client reads it. */
export interface PageLanguages {
  /** The locale of the record the page shows. */
  locale: string;
  /** The site's locales, in its order. */
  locales: readonly string[];
  defaultLocale: string;
  /** The record this page translates; `null` (or omitted) when the page is the source. */
  sourceId?: number | null;
  /** The collection's shared fields (`localized.shared`): edited on the source, read-only in a translation. */
  shared?: readonly string[];
}

/**
 * The page's language from its row and the site's declaration; `undefined` on a site without
 * languages, for a collection not translated (`localized` null) or a row without a locale.
 *
 * @example
 * pageLanguages({ locales: ["en", "de"], defaultLocale: "en" }, { locale: "de", sourceId: 2 }, { shared: ["image"] })
 * // { locale: "de", locales: ["en", "de"], defaultLocale: "en", sourceId: 2, shared: ["image"] }
 */
export function pageLanguages(
  languages: { locales: readonly string[]; defaultLocale: string } | null | undefined,
  row: { locale?: unknown; sourceId?: unknown },
  localized: { shared: readonly string[] } | null | undefined,
): PageLanguages | undefined {
  if (!languages || !localized || typeof row.locale !== "string") return undefined;
  return { locale: row.locale, locales: [...languages.locales], defaultLocale: languages.defaultLocale, sourceId: typeof row.sourceId === "number" ? row.sourceId : null, shared: [...localized.shared] };
}

/**
 * The fields a translation shows but may not change: its shared fields (the server refuses their
 * change there with 403 `shared_field`). None on a source or a page without languages.
 *
 * @example
 * translationReadOnly({ locale: "de", locales: ["en", "de"], defaultLocale: "en", sourceId: 2, shared: ["image"] }) // ["image"]
 */
export function translationReadOnly(languages: PageLanguages | undefined): readonly string[] {
  return languages?.sourceId === undefined || languages.sourceId === null ? [] : (languages.shared ?? []);
}
