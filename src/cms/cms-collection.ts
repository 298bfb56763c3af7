import type { Table } from "drizzle-orm";
import type { CollectionField } from "../cores/collection";
import type { SaveFieldType } from "../cores/save";
import type { WriteOperation } from "../cores/validate-fields";

/** Property names of a Drizzle table's columns (`publishedVersionId`, `title`, …). */
export type ColumnName<T extends Table> = keyof T["_"]["columns"] & string;

/**
 * An inline-save address of a field: the field itself, or a dotted path into it where `*` stands
 * for any list index (`sections.*.heading`). Only paths that start with a declared field compile.
 */
export type InlinePath<F extends string> = F | `${F}.${string}`;

/** What a collection's `validate` hook sees besides the data. */
export interface CmsValidateContext {
  operation: WriteOperation;
  /** The `MEDIA_URL` base when the site has one: images must then be media assets. */
  mediaBase: string | undefined;
}

/**
 * One collection as a site declares it to `createCms`: its Drizzle tables, its fields (each a
 * column of `table`, checked at compile time), drafts, search and the inline-editable paths.
 */
export interface CmsCollection<T extends Table = Table, F extends string = string> {
  table: T;
  /** The `<slug>_versions` table; required for drafts. */
  versionsTable?: Table;
  fields: Readonly<Record<F, CollectionField>>;
  /** Drafts and publishing (`true`, or with the number of superseded drafts kept per page). */
  drafts?: boolean | { maxPerDoc: number };
  /** Fields indexed for full-text search (needs the `<slug>_search` FTS5 table). */
  search?: readonly F[];
  /** Paths editable in place through `POST /api/cms/save` (`data-cms-field` markers). */
  inline?: Readonly<Partial<Record<InlinePath<F>, SaveFieldType>>>;
  /** Runs on every write of this collection, from any path (REST, inline save, room, service). */
  validate?: (data: Record<string, unknown>, ctx: CmsValidateContext) => void | Promise<void>;
  /**
   * The address the site serves a record at (`/courses/${record.slug}`), or `null`: scoped
   * accounts' `paths` are checked against it. Default `/<slug>` for a record with a `slug` field.
   */
  address?: (record: Record<string, unknown>) => string | null;
  /** Property a marker's `<key>` names: `id` (default) or a unique column such as `slug`. */
  keyField?: ColumnName<T>;
  /**
   * Old addresses of renamed records (drafts collections): when a publish changes `field`, the
   * old value redirects to the new one (`pageRedirects` of "cms-toolkit/schema").
   */
  redirects?: { table: Table; field: ColumnName<T> };
  /**
   * Translated into the site's locales (`createCms({ locales, defaultLocale })`): each translation is
   * a row of its own (the table needs `locale` and `sourceId`); `shared` fields are written on the
   * source only and read from it in every translation.
   */
  localized?: { shared: readonly F[] };
}

/**
 * The declarations a column can hold: a `number` field needs a number column and an `image` field
 * a JSON-mode column, so a mismatch is a type error where the site compiles (start-up checks the
 * same for a declaration built without {@link cmsCollection}).
 */
export type FieldForColumn<T extends Table, K extends string> = K extends keyof T["_"]["columns"]
  ? T["_"]["columns"][K] extends { _: { dataType: infer D } }
    ? D extends "number"
      ? CollectionField
      : D extends "json"
        ? CollectionField
        : Exclude<CollectionField, { type: "number" } | { type: "image" }>
    : CollectionField
  : CollectionField;

/** The options of {@link cmsCollection}: a collection without its table. */
export type CmsCollectionOptions<T extends Table, F extends string> = Omit<CmsCollection<T, F>, "table">;

/**
 * Declares a collection over a Drizzle table. Field names are checked against the table's columns,
 * and `search`, `inline` and `keyField` against the fields, when the site compiles: a typo is a
 * type error, not a field silently dropped at run time.
 *
 * @example
 * const pagesCollection = cmsCollection(pages, {
 *   versionsTable: pagesVersions,
 *   fields: { title: { type: "text", required: true }, body: { type: "richtext" } },
 *   drafts: true,
 *   search: ["title", "body"],
 *   inline: { title: "text", body: "richtext" },
 * });
 */
export function cmsCollection<T extends Table, const F extends ColumnName<T>>(
  table: T,
  options: CmsCollectionOptions<T, NoInfer<F>> & { fields: Readonly<{ [K in F]: FieldForColumn<T, K> }> },
): CmsCollection<T, F> {
  return { ...options, table };
}
