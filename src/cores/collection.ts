import { checkFieldDef, type FieldDef, type FieldType } from "./field-types";
import { listShape } from "./list-shape";
import type { SectionCatalog } from "./sections";
import { localePath, type LocaleAddressing } from "../shared/locale-path";

/**
 * Field types a collection can declare (the table in `docs/contract.md`). `richtext` is HTML text
 * that passes through `sanitizeRichHtml`; `slug` is unique within the collection.
 */
export type CollectionFieldType = FieldType;

/**
 * One field of a collection: a {@link FieldDef}, and for a `json` field that holds a list of
 * sections, the kinds of section it admits (`catalog`). The live room then holds the list as a
 * structure (entries with stable ids, text merged by character) and refuses entries and values the
 * catalog does not declare; see `docs/room-protocol.md`.
 */
export type CollectionField = Exclude<FieldDef, { type: "json" }> | { type: "json"; required?: boolean; label?: string; catalog?: SectionCatalog };

export interface CollectionConfig {
  /** Collection name; its versions table is `<slug>_versions`. */
  slug: string;
  fields: Record<string, CollectionField>;
  versions?: { drafts: boolean; maxPerDoc?: number };
  /** Fields indexed for full-text search; a `json` field is indexed by flattening every string leaf. */
  search?: { fields: string[] };
  /**
   * The address the site serves a record at (`/blog/spring`), from its fields; `null` when it has
   * none. Scoped accounts' `paths` are checked against it. Default: `/<slug>` when the record has a
   * string `slug` field (`/<locale>/<slug>` for a translation), else `null`.
   */
  address?: (record: Record<string, unknown>) => string | null;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Declares a collection and checks the declaration once, at start-up, so a typo fails loudly
 * instead of silently dropping a field.
 *
 * @example
 * export const pagesCollection = defineCollection({
 *   slug: "pages",
 *   fields: { slug: { type: "text", required: true }, title: { type: "text", required: true },
 *             body: { type: "richtext" }, sections: { type: "json" } },
 *   versions: { drafts: true },
 *   search: { fields: ["title", "body", "sections"] },
 * });
 */
export function defineCollection<const C extends CollectionConfig>(config: C): Readonly<C> {
  if (!NAME.test(config.slug)) throw new TypeError(`collection slug ${JSON.stringify(config.slug)} must be a plain identifier`);
  const names = Object.keys(config.fields);
  if (names.length === 0) throw new TypeError(`collection ${config.slug} declares no fields`);
  for (const name of names) {
    const field = config.fields[name] as CollectionField;
    if (!NAME.test(name)) throw new TypeError(`collection ${config.slug}: field name ${JSON.stringify(name)} must be a plain identifier`);
    checkFieldDef(field, `collection ${config.slug}: field ${name}`);
    if ("catalog" in field && field.catalog !== undefined) {
      if (field.type !== "json") throw new TypeError(`collection ${config.slug}: field ${name} has a catalog but is not a json field`);
      listShape(field.catalog);
    }
  }
  for (const name of config.search?.fields ?? []) {
    if (!(name in config.fields)) throw new TypeError(`collection ${config.slug}: search field ${name} is not a declared field`);
  }
  const maxPerDoc = config.versions?.maxPerDoc;
  if (maxPerDoc !== undefined && (!Number.isInteger(maxPerDoc) || maxPerDoc < 1)) {
    throw new TypeError(`collection ${config.slug}: versions.maxPerDoc must be a positive integer`);
  }
  return Object.freeze(config);
}

/**
 * A record's address as the scope rule places it: the collection's `address` rule (handed the
 * whole record, its `locale` and `sourceId` too), else `/<slug>`, and for a translation (a record
 * with a `locale` that names its `sourceId`) `/<locale>/<slug>`, its own address: a `paths` scope
 * covers a translation by where it lives (`/de/`), never by its source's address. `null` without
 * a string `slug`.
 *
 * @example
 * recordAddress(pagesCollection, { slug: "about" }) // "/about"
 * recordAddress(pagesCollection, { slug: "ueber-uns", locale: "de", sourceId: 2 }) // "/de/ueber-uns"
 */
export function recordAddress(config: Pick<CollectionConfig, "address">, record: Record<string, unknown>): string | null {
  if (config.address) return config.address(record);
  if (typeof record.slug !== "string") return null;
  // A translation is never in the default locale, so its locale is always its address's prefix.
  const translated = typeof record.sourceId === "number" && typeof record.locale === "string";
  return translated ? `/${record.locale}/${record.slug}` : `/${record.slug}`;
}

/**
 * Where visitors read a record, for a link to it (a mention mail's): the collection's `address`
 * rule, else `localePath`, the rule the site's page route and its sitemap follow (the home page at
 * `/` or `/<locale>/`, a translation at `/<locale>/<slug>`). It differs from `recordAddress`, the
 * scope rule's place, only for a home page: a scope names it `/home`, visitors read it at `/`.
 * `null` without a string `slug`.
 *
 * @example
 * publicAddress(pagesCollection, { locales: ["en", "de"], defaultLocale: "en" }, { slug: "ueber-uns", locale: "de", sourceId: 2 }) // "/de/ueber-uns"
 * publicAddress(pagesCollection, null, { slug: "home" }) // "/"
 */
export function publicAddress(config: Pick<CollectionConfig, "address">, languages: LocaleAddressing, record: Record<string, unknown>): string | null {
  if (config.address) return config.address(record);
  if (typeof record.slug !== "string") return null;
  const locale = typeof record.locale === "string" ? record.locale : (languages?.defaultLocale ?? "");
  return localePath(languages, locale, record.slug);
}

/**
 * Names of the collection's rich-text fields.
 *
 * @example
 * richFieldsOf(pagesCollection) // ["body"]
 */
export function richFieldsOf(config: CollectionConfig): string[] {
  return Object.entries(config.fields)
    .filter(([, field]) => field.type === "richtext")
    .map(([name]) => name);
}
