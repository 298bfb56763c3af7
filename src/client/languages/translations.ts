import { localePath } from "../../shared/locale-path";
import type { PageLanguages } from "../../shared/page-languages";

/** A locale's state for one page, as `GET /api/cms/<c>/:id/translations` answers it. */
export interface TranslationEntry {
  locale: string;
  /** The record in that locale; `null` while there is no translation. */
  id: number | null;
  published: boolean;
  status: "missing" | "outdated" | "up-to-date";
  /** An outdated translation's source versions to compare: `from` is the one it was made from (null when unknown), `to` the newest. */
  sourceVersions?: { from: number | null; to: number };
}

/** The translations listing: the source's id and one entry per declared locale, in order. */
export interface TranslationList {
  source: number;
  translations: TranslationEntry[];
}

const STATUSES = new Set(["missing", "outdated", "up-to-date"]);

/** A page's translations as the panels read them; a refusal says whether the account's scope leaves the page out. */
export type TranslationsAnswer = { ok: true; value: TranslationList } | { ok: false; error: string; outside: boolean };

/**
 * Whether a refusal is the account's scope leaving the record out (403 `out_of_scope`, as
 * `GET …/:id/translations` answers a paths-scoped account for a page outside its paths): read from
 * the body's `code`, never its words.
 *
 * @example
 * await isOutOfScope(Response.json({ error: "…", code: "out_of_scope" }, { status: 403 })) // true
 */
export async function isOutOfScope(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  return body?.code === "out_of_scope";
}

/**
 * Reads the body of `GET …/:id/translations`, keeping only well-formed entries; `null` for an
 * answer that is not a listing.
 *
 * @example
 * parseTranslationList({ source: 2, translations: [{ locale: "de", id: null, published: false, status: "missing" }] })?.translations[0].status // "missing"
 */
export function parseTranslationList(body: unknown): TranslationList | null {
  if (!isRecord(body) || typeof body.source !== "number" || !Array.isArray(body.translations)) return null;
  const translations = body.translations.flatMap((raw): TranslationEntry[] => {
    if (!isRecord(raw) || typeof raw.locale !== "string" || typeof raw.status !== "string" || !STATUSES.has(raw.status)) return [];
    const id = typeof raw.id === "number" ? raw.id : null;
    const entry: TranslationEntry = { locale: raw.locale, id, published: raw.published === true, status: raw.status as TranslationEntry["status"] };
    const versions = raw.sourceVersions;
    if (isRecord(versions) && typeof versions.to === "number") entry.sourceVersions = { from: typeof versions.from === "number" ? versions.from : null, to: versions.to };
    return [entry];
  });
  return { source: body.source, translations };
}

/**
 * A language's name in the editor's words ("German"), from the browser's own list; the code itself
 * where the browser has no name for it.
 *
 * @example
 * languageName("de", "en") // "German"
 */
export function languageName(locale: string, inLanguage = "en"): string {
  try {
    const name = new Intl.DisplayNames([inLanguage, "en"], { type: "language" }).of(locale);
    return name && name !== locale ? name : locale;
  } catch {
    return locale;
  }
}

/**
 * What the switcher says of a locale of this page: the source, not translated yet, outdated or up
 * to date, and whether that locale's page is published.
 *
 * @example
 * translationStatusText({ locale: "de", id: 9, published: true, status: "outdated" }, "en") // "outdated, published"
 */
export function translationStatusText(entry: TranslationEntry, defaultLocale: string): string {
  if (entry.status === "missing") return "not translated yet";
  const state = entry.locale === defaultLocale ? "source" : entry.status === "outdated" ? "outdated" : "up to date";
  return `${state}, ${entry.published ? "published" : "not published"}`;
}

/**
 * Where visitors (and editors) read a record of `slug` in `locale`: the package's one address rule.
 *
 * @example
 * pageAddress({ locale: "en", locales: ["en", "de"], defaultLocale: "en" }, "de", "ueber-uns") // "/de/ueber-uns"
 */
export function pageAddress(languages: Pick<PageLanguages, "locales" | "defaultLocale">, locale: string, slug: string): string {
  return localePath({ locales: languages.locales, defaultLocale: languages.defaultLocale }, locale, slug);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
