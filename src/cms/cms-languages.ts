import { getTableColumns } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { isLocaleCode, type Languages } from "../shared/locales";
import type { CmsCollection } from "./cms-collection";

/*
 * The start-up checks of a site's languages and of each translated collection: a mistake here
 * would otherwise surface as a wrong page in some locale, so createCms refuses to start instead,
 * naming what to declare.
 */

/** What `createCms` takes to make a site multilingual. */
export interface CmsLanguagesConfig {
  /** Every locale the site serves, `["en", "de"]`. */
  locales?: readonly string[];
  /** The locale of every source record; one of `locales`. */
  defaultLocale?: string;
  /** Where a locale reads a field its translation leaves empty (`{ "de-AT": ["de"] }`); every chain ends at the default. */
  fallback?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The site's languages checked and resolved, or `null` for a site that declares none.
 *
 * @example
 * resolveLanguages({ locales: ["en", "de"], defaultLocale: "en" }) // { …, fallback: { de: ["en"] } }
 */
export function resolveLanguages(config: CmsLanguagesConfig): Languages | null {
  const { locales, defaultLocale, fallback = {} } = config;
  if (locales === undefined && defaultLocale === undefined) {
    if (Object.keys(fallback).length > 0) throw new TypeError("createCms: fallback needs locales and defaultLocale");
    return null;
  }
  if (!locales || locales.length === 0) throw new TypeError("createCms: defaultLocale needs locales, the list of every locale the site serves (locales: [\"en\", \"de\"])");
  const malformed = locales.filter((locale) => !isLocaleCode(locale));
  if (malformed.length > 0) throw new TypeError(`createCms: locale ${malformed.map((l) => JSON.stringify(l)).join(", ")} is not a locale code (en, de, pt-BR)`);
  if (new Set(locales).size !== locales.length) throw new TypeError("createCms: locales lists a locale twice");
  if (defaultLocale === undefined || !locales.includes(defaultLocale)) {
    throw new TypeError(`createCms: defaultLocale ${JSON.stringify(defaultLocale)} is not one of locales (${locales.join(", ")}): name the locale of the records the site has`);
  }
  const chains: Record<string, readonly string[]> = {};
  for (const [locale, chain] of Object.entries(fallback)) {
    if (!locales.includes(locale)) throw new TypeError(`createCms: fallback names ${locale}, which is not one of locales (${locales.join(", ")})`);
    if (locale === defaultLocale) throw new TypeError(`createCms: fallback of ${locale}: the default locale falls back to nothing`);
    const unknown = chain.filter((other) => !locales.includes(other) || other === locale);
    if (unknown.length > 0) throw new TypeError(`createCms: fallback of ${locale} names ${unknown.join(", ")}, not another of locales (${locales.join(", ")})`);
  }
  for (const locale of locales) {
    if (locale === defaultLocale) continue;
    const chain = fallback[locale] ?? [];
    // Every chain ends at the default, so a visitor never meets an empty field.
    chains[locale] = chain.includes(defaultLocale) ? [...chain] : [...chain, defaultLocale];
  }
  return { locales: [...locales], defaultLocale, fallback: chains };
}

/**
 * Checks a collection's `localized` against the site's languages and its table: the table holds
 * `locale` and `sourceId`, and every shared field is a declared field. Returns the shared fields,
 * or `null` for a collection that is not translated.
 *
 * @example
 * assertLocalized("pages", pagesDeclaration, languages) // { shared: ["sections"] }
 */
export function assertLocalized(slug: string, declared: CmsCollection, languages: Languages | null): { shared: readonly string[] } | null {
  const localized = declared.localized;
  if (!localized) return null;
  if (!languages) throw new TypeError(`collection ${slug}: localized needs the site's languages: createCms({ locales: ["en", …], defaultLocale: "en" })`);
  const columns = getTableColumns(declared.table);
  const missing = [
    ...(columns.locale ? [] : ['locale: text("locale").notNull().default("<default locale>")']),
    ...(columns.sourceId ? [] : ['sourceId: integer("source_id")']),
  ];
  if (missing.length > 0) throw new TypeError(`collection ${slug}: localized needs its table to hold ${missing.join(" and ")}, and the migration that adds them`);
  const unknown = localized.shared.filter((field) => !Object.hasOwn(declared.fields, field));
  if (unknown.length > 0) throw new TypeError(`collection ${slug}: shared field ${unknown.join(", ")} is not one of its fields (${Object.keys(declared.fields).join(", ")})`);
  return { shared: [...localized.shared] };
}

/**
 * True when `property`'s column is unique within its locale: a unique index over `locale` and it.
 * A collection that is not translated has every row in one locale, so that is unique too.
 *
 * @example
 * isUniqueWithinLocale(pages, "slug") // true: pages_locale_slug
 */
export function isUniqueWithinLocale(declared: CmsCollection, property: string): boolean {
  const column = getTableColumns(declared.table)[property];
  const locale = getTableColumns(declared.table).locale;
  if (!column || !locale) return false;
  return getTableConfig(declared.table as SQLiteTable).indexes.some(({ config }) => {
    if (!config.unique) return false;
    const names = config.columns.map((c) => (c as SQLiteColumn).name);
    return names.length === 2 && names.includes(column.name) && names.includes(locale.name);
  });
}
