/*
 * What an edit-mode page tells the browser client of its language (issue 37), written by the page
 * (`editorScript`, `editorScriptTag`) and read by the client (`mountLouise`'s `languages`).
 */

/**
 * The window event a live page dispatches when its room says its source changed (the room event
 * `source-changed`), for the languages chunk's "Show source", which the live session knows nothing
 * of. Here, not beside the room events, so the languages chunk does not pull in the room protocol.
 */
export const SOURCE_CHANGED_EVENT = "cms:source-changed";

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
  /**
   * A translation's fields it leaves empty that visitors read from another locale instead (the
   * fallback chain's published value): edit mode shows that text beside the empty field, marked as
   * such, never as the field's value. Only text and rich text (stored HTML) values.
   */
  fallbacks?: Readonly<Record<string, PageFallback>>;
}

/** The text visitors see in place of a translation's empty field, and the locale it comes from. */
export interface PageFallback {
  locale: string;
  /** Plain text, or a rich field's stored (sanitized) HTML. */
  value: string;
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

/**
 * `languages` with the fallbacks a translated read found (`readTranslated`'s `fallbacks`, field to
 * locale, and the `row` it read them into), kept to text values; unchanged on a source, on a page
 * without languages, or when nothing falls back.
 *
 * @example
 * withFallbacks(german, { body: "en" }, { title: "", body: "<p>Hi</p>" })
 * // { ...german, fallbacks: { body: { locale: "en", value: "<p>Hi</p>" } } }
 */
export function withFallbacks(
  languages: PageLanguages | undefined,
  fallbacks: Readonly<Record<string, string>>,
  row: Readonly<Record<string, unknown>>,
): PageLanguages | undefined {
  if (!languages || languages.sourceId === undefined || languages.sourceId === null) return languages;
  const shown: Record<string, PageFallback> = {};
  for (const [field, locale] of Object.entries(fallbacks)) {
    const value = row[field];
    if (typeof value === "string") shown[field] = { locale, value };
  }
  return Object.keys(shown).length > 0 ? { ...languages, fallbacks: shown } : languages;
}
