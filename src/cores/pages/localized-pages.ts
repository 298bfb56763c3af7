import type { LocaleAddressing } from "../../shared/locale-path";
import type { D1Client } from "../d1-client";
import { decodeRow, ident, type TableMeta } from "../table-meta";

/*
 * Reading pages by their visitor's address (issue 37): a page in a locale, the published
 * translations of a page (hreflang), and every published page grouped with its translations (the
 * sitemap). A table without `locale`/`source_id` columns, or a site without languages, has one
 * locale: every row is its own group.
 */

/** One published locale of a page: where `localePath` puts it. */
export interface PageAlternate {
  locale: string;
  slug: string;
}

interface LocaleSql {
  T: string;
  pk: string;
  address: string;
  pointer: string | null;
  locale: string | null;
  source: string | null;
}

function localeSql(meta: TableMeta, field: string): LocaleSql {
  const column = meta.columns[field];
  if (!column) throw new TypeError(`${meta.name} has no column for field ${field}`);
  const { locale, sourceId, publishedVersionId } = meta.columns;
  return {
    T: ident(meta.name),
    pk: ident(meta.columns[meta.primaryKey]!.name),
    address: ident(column.name),
    pointer: publishedVersionId ? ident(publishedVersionId.name) : null,
    locale: locale ? ident(locale.name) : null,
    source: sourceId ? ident(sourceId.name) : null,
  };
}

/**
 * The row at `address` (`slug` within its locale), or `null`. Without languages the locale is not
 * read: every row is the site's one locale's, as before languages existed.
 *
 * @example
 * await findPageAt(env.DB, tableMeta(pages), languages, { locale: "de", slug: "ueber-uns" })
 */
export async function findPageAt(
  db: D1Client,
  meta: TableMeta,
  languages: LocaleAddressing,
  address: { locale: string; slug: string },
  field = "slug",
): Promise<Record<string, unknown> | null> {
  const s = localeSql(meta, field);
  const inLocale = languages && s.locale ? ` AND ${s.locale} = ?2` : "";
  const statement = db.prepare(`SELECT ${meta.selectList} FROM ${s.T} WHERE ${s.address} = ?1${inLocale} LIMIT 1`);
  const row = await (inLocale ? statement.bind(address.slug, address.locale) : statement.bind(address.slug)).first<Record<string, unknown>>();
  return row ? decodeRow(meta, row) : null;
}

/**
 * The published locales of the page `row` is one translation of (the source and its
 * translations, `row` itself included when published), in id order: its hreflang alternates.
 * Empty without languages.
 *
 * @example
 * await publishedAlternates(env.DB, tableMeta(pages), languages, { id: 14, sourceId: 3 }) // [{ locale: "en", slug: "about" }, { locale: "de", slug: "ueber-uns" }]
 */
export async function publishedAlternates(
  db: D1Client,
  meta: TableMeta,
  languages: LocaleAddressing,
  row: Record<string, unknown>,
  field = "slug",
): Promise<PageAlternate[]> {
  const s = localeSql(meta, field);
  if (!languages || !s.locale || !s.source) return [];
  const group = Number(row.sourceId ?? row[meta.primaryKey]);
  const published = s.pointer ? ` AND ${s.pointer} IS NOT NULL` : "";
  const { results } = await db
    .prepare(`SELECT ${s.locale} AS "locale", ${s.address} AS "slug" FROM ${s.T} WHERE (${s.pk} = ?1 OR ${s.source} = ?1)${published} ORDER BY ${s.pk}`)
    .bind(group)
    .all<PageAlternate>();
  return results;
}

/**
 * Every published page, each with its published translations (the source's group, in id order;
 * a translation whose source is not published is a group of its own). Pages of a site without
 * languages are each a group of one, in the default locale.
 *
 * @example
 * await publishedPageGroups(env.DB, tableMeta(pages), languages) // [[{ locale: "en", slug: "home" }, { locale: "de", slug: "home" }], [{ locale: "en", slug: "about" }]]
 */
export async function publishedPageGroups(db: D1Client, meta: TableMeta, languages: LocaleAddressing, field = "slug"): Promise<PageAlternate[][]> {
  const s = localeSql(meta, field);
  const localized = languages !== null && s.locale !== null && s.source !== null;
  const locale = localized ? s.locale : "?1";
  const group = localized ? `coalesce(${s.source}, ${s.pk})` : s.pk;
  const published = s.pointer ? `WHERE ${s.pointer} IS NOT NULL ` : "";
  const statement = db.prepare(`SELECT ${group} AS "grp", ${locale} AS "locale", ${s.address} AS "slug" FROM ${s.T} ${published}ORDER BY ${group}, ${s.pk}`);
  const { results } = await (localized ? statement : statement.bind(languages?.defaultLocale ?? "")).all<PageAlternate & { grp: number }>();
  const groups = new Map<number, PageAlternate[]>();
  for (const { grp, locale: rowLocale, slug } of results) {
    const list = groups.get(grp) ?? [];
    list.push({ locale: rowLocale, slug });
    groups.set(grp, list);
  }
  return [...groups.values()];
}
