import { pageAddress, translationStatusText, type TranslationList, type TranslationsAnswer } from "./translations";

/** A page of the Translations panel: its source and one cell per declared locale. */
export interface GridRow {
  sourceId: number;
  title: string;
  cells: GridCell[];
}

/** One locale of one page: what it says, and where its page is (`null` while there is none); `outside` for a locale the account's scope does not show. */
export interface GridCell {
  locale: string;
  status: "missing" | "outdated" | "up-to-date" | "outside";
  text: string;
  href: string | null;
}

/** A record as the collection's list answers it (`GET /api/cms/<c>?locale=`). */
export interface ListedRecord {
  id: number;
  slug: string;
  title: string;
  sourceId: number | null;
}

/**
 * Reads the records of a list answer (`{ items, next }`), keeping those with an id and a slug.
 *
 * @example
 * parseRecordList({ items: [{ id: 2, slug: "about", title: "About", sourceId: null }], next: null }) // { items: [...], next: null }
 */
export function parseRecordList(body: unknown): { items: ListedRecord[]; next: string | null } {
  const record = body !== null && typeof body === "object" ? (body as { items?: unknown; next?: unknown }) : {};
  const items = (Array.isArray(record.items) ? record.items : []).flatMap((raw): ListedRecord[] => {
    const row = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
    if (typeof row.id !== "number" || typeof row.slug !== "string") return [];
    return [{ id: row.id, slug: row.slug, title: typeof row.title === "string" && row.title ? row.title : row.slug, sourceId: typeof row.sourceId === "number" ? row.sourceId : null }];
  });
  const next = typeof record.next === "string" && record.next ? record.next : typeof record.next === "number" ? String(record.next) : null;
  return { items, next };
}

/**
 * One row of the Translations panel: each declared locale of the page with its status and, when it
 * has a page, that page's address (`slugs`: record id → slug, of the records listed so far). A
 * locale the listing leaves out is one the account's scope does not show (it may have a
 * translation): "outside your access", never "not translated yet".
 *
 * @example
 * gridRow({ locales: ["en", "de"], defaultLocale: "en" }, { id: 2, slug: "about", title: "About", sourceId: null }, listing, new Map([[9, "ueber-uns"]]))
 * // { sourceId: 2, title: "About", cells: [{ locale: "en", …, href: "/about" }, { locale: "de", …, href: "/de/ueber-uns" }] }
 */
export function gridRow(languages: { locales: readonly string[]; defaultLocale: string }, source: ListedRecord, listing: TranslationList, slugs: ReadonlyMap<number, string>): GridRow {
  const cells = languages.locales.map((locale): GridCell => {
    const entry = listing.translations.find((item) => item.locale === locale);
    if (!entry) return { locale, status: "outside", text: "outside your access", href: null };
    const slug = entry.id === source.id ? source.slug : entry.id === null ? undefined : slugs.get(entry.id);
    return { locale, status: entry.status, text: translationStatusText(entry, languages.defaultLocale), href: slug === undefined ? null : pageAddress(languages, locale, slug) };
  });
  return { sourceId: source.id, title: source.title, cells };
}

/**
 * The Translations panel's row of a source page, from the answer of its listing (`GET
 * …/:id/translations`). A page outside the account's scope (a `paths` scope: 403 `out_of_scope`)
 * is outside its access in every locale, as a locale the listing leaves out is; any other failure
 * is the row's error.
 *
 * @example
 * translationRow(await loadTranslations({ ...context, pageId: "2" }), languages, about, slugs) // { sourceId: 2, title: "About", cells: [...] }
 */
export function translationRow(listing: TranslationsAnswer, languages: { locales: readonly string[]; defaultLocale: string }, source: ListedRecord, slugs: ReadonlyMap<number, string>): GridRow | { title: string; error: string } {
  if (listing.ok) return gridRow(languages, source, listing.value, slugs);
  if (listing.outside) return gridRow(languages, source, { source: source.id, translations: [] }, slugs);
  return { title: source.title, error: listing.error };
}
