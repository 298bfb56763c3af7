import { HttpError } from "./errors";

/*
 * A site's languages (issue 37): which locales it has, its default, and where a locale looks for a
 * field its translation leaves empty. Declared once on createCms and read by every entry point.
 */

/** A locale code: a language and optional subtags, `en`, `de`, `pt-BR`. */
const LOCALE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** The languages as `createCms` resolves them: every locale has a fallback chain ending at the default. */
export interface Languages {
  locales: readonly string[];
  defaultLocale: string;
  /** For each locale other than the default, where an empty field is read from, in order. */
  fallback: Readonly<Record<string, readonly string[]>>;
}

/**
 * True for a well-formed locale code.
 *
 * @example
 * isLocaleCode("pt-BR") // true
 */
export function isLocaleCode(value: unknown): value is string {
  return typeof value === "string" && LOCALE_CODE.test(value);
}

/**
 * The 400 for a locale the site does not declare (or a malformed one), naming those it does.
 *
 * @example
 * if (!languages.locales.includes(locale)) throw unknownLocale(locale, languages);
 */
export function unknownLocale(locale: string, languages: Pick<Languages, "locales"> | null): HttpError {
  const known = languages ? `this site's locales are ${languages.locales.join(", ")}` : "this collection is not translated";
  return new HttpError(400, `unknown locale ${JSON.stringify(locale)}: ${known}`, { code: "unknown_locale" });
}

/**
 * The locale a read of a translated collection is narrowed to: `raw` when the site declares it,
 * else its default when `raw` is absent; `undefined` for a collection that is not translated
 * (`languages` null) and no `raw`. A locale not declared is {@link unknownLocale}'s 400.
 *
 * @example
 * readLocale(url.searchParams.get("locale"), languages) // "en" when absent
 */
export function readLocale(raw: string | null | undefined, languages: Languages | null): string | undefined {
  if (raw === null || raw === undefined) return languages?.defaultLocale;
  if (!languages || !languages.locales.includes(raw)) throw unknownLocale(raw, languages);
  return raw;
}
