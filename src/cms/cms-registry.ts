import { noteRule } from "../shared/rule-tally";
import { getTableColumns } from "drizzle-orm";
import { defineCollection, type CollectionConfig } from "../cores/collection";
import type { DraftDeps } from "../cores/drafts";
import type { MediaReferenceTarget } from "../cores/media";
import type { SaveCollectionConfig } from "../cores/save";
import { createSearchCache, type SearchCache } from "../cores/search";
import type { Languages } from "../shared/locales";
import type { EditorRouteEnv } from "../shared/route-types";
import type { CmsCollection, CmsValidateContext } from "./cms-collection";
import { assertLocalized, isUniqueWithinLocale } from "./cms-languages";

/** Collections by slug, as a site hands them to `createCms`. */
export type CmsCollections = Readonly<Record<string, CmsCollection>>;

/** The declared field names of collection `K` of a site's collections (`string` for an unknown set). */
export type CmsFieldName<C extends CmsCollections, K extends keyof C> = K extends keyof C ? (C[K] extends CmsCollection<infer _T, infer F> ? F : never) : never;

/** One collection resolved once: its checked config and what every write path needs from it. */
export interface RegisteredCollection {
  slug: string;
  declared: CmsCollection;
  config: CollectionConfig;
  /** The collection's `validate`, in the form every write path calls it. */
  validate: (data: Record<string, unknown>, ctx: CmsValidateContext) => Promise<void>;
  /**
   * The collection's published-generation cache of search answers, `null` without `search`. The
   * search route and `CmsService.search` both read through it: they search with the same options,
   * so an answer either computed is one the other may serve, under the same staleness rule.
   */
  searchCache: SearchCache | null;
  /** Translated into the site's locales: the fields written on the source only; `null` when not translated. */
  localized: { shared: readonly string[] } | null;
}

/**
 * The one registry of a site's collections, read by the routes, the room, inline save and the
 * service, so a collection is declared once and every write path checks it alike.
 */
export interface CmsRegistry {
  collections: readonly RegisteredCollection[];
  /** The site's languages (`createCms({ locales, defaultLocale, fallback })`), `null` when it declares none. */
  languages: Languages | null;
  get(slug: string): RegisteredCollection | undefined;
  /** The draft cores' deps of a drafts-enabled collection; `undefined` for any other slug. */
  draftDeps(slug: string, mediaBase: string | undefined): DraftDeps | undefined;
  /** Slugs whose pages have live rooms (every drafts-enabled collection). */
  roomSlugs: readonly string[];
  /** Inline save's per-collection config (collections that declare `inline`). */
  saveCollections<Env extends EditorRouteEnv>(): Record<string, SaveCollectionConfig<Env>>;
  /** Where a media URL may be referenced: every declared field, and every version snapshot. */
  mediaReferences: readonly MediaReferenceTarget[];
}

/**
 * Checks every declaration (the same start-up checks as `defineCollection`, plus drafts needing a
 * versions table, and a translated collection against the site's languages) and builds the registry.
 *
 * @example
 * const registry = buildRegistry({ pages: pagesCollection }, resolveLanguages({ locales: ["en", "de"], defaultLocale: "en" }));
 * registry.draftDeps("pages", env.MEDIA_URL);
 */
export function buildRegistry(collections: CmsCollections, languages: Languages | null = null): CmsRegistry {
  const list = Object.entries(collections).map(([slug, declared]) => registerCollection(slug, declared, languages));
  const bySlug = new Map(list.map((entry) => [entry.slug, entry]));
  return {
    collections: list,
    languages,
    get: (slug) => bySlug.get(slug),
    draftDeps(slug, mediaBase) {
      const entry = bySlug.get(slug);
      if (!entry?.declared.versionsTable || !entry.config.versions?.drafts) return undefined;
      return {
        table: entry.declared.table,
        versionsTable: entry.declared.versionsTable,
        config: entry.config,
        ...(mediaBase ? { mediaBase } : {}),
        ...(entry.declared.redirects ? { redirects: entry.declared.redirects } : {}),
        ...(entry.localized ? { localized: entry.localized } : {}),
        ...(languages ? { languages } : {}),
        validate: (snapshot, { operation }) => entry.validate(snapshot, { operation, mediaBase }),
      };
    },
    roomSlugs: list.filter((entry) => entry.config.versions?.drafts).map((entry) => entry.slug),
    saveCollections<Env extends EditorRouteEnv>() {
      const out: Record<string, SaveCollectionConfig<Env>> = {};
      for (const entry of list) {
        const inline = entry.declared.inline;
        if (!inline) continue;
        out[entry.slug] = {
          table: entry.declared.table,
          ...(entry.declared.versionsTable ? { versionsTable: entry.declared.versionsTable } : {}),
          collection: entry.config,
          fields: inline as Record<string, NonNullable<(typeof inline)[string]>>,
          ...(entry.declared.keyField ? { keyField: entry.declared.keyField } : {}),
          validate: (data, { operation, env }) => entry.validate(data, { operation, mediaBase: mediaBaseOf(env) }),
        };
      }
      return out;
    },
    mediaReferences: list.flatMap((entry) => [
      { table: entry.declared.table, fields: Object.keys(entry.declared.fields) },
      ...(entry.declared.versionsTable ? [{ table: entry.declared.versionsTable, fields: ["versionData"], drafts: true }] : []),
    ]),
  };
}

/**
 * Checks one declaration and resolves it: the `CollectionConfig` the cores read, and its hook.
 *
 * @example
 * const { config } = registerCollection("pages", pagesCollection);
 */
export function registerCollection(slug: string, declared: CmsCollection, languages: Languages | null = null): RegisteredCollection {
  const drafts = declared.drafts;
  if (drafts && !declared.versionsTable) throw new TypeError(`collection ${slug}: drafts need a versionsTable`);
  const config = defineCollection({
    slug,
    fields: declared.fields,
    ...(drafts ? { versions: { drafts: true, ...(typeof drafts === "object" ? { maxPerDoc: drafts.maxPerDoc } : {}) } } : {}),
    ...(declared.search ? { search: { fields: [...declared.search] } } : {}),
    ...(declared.address ? { address: declared.address } : {}),
  });
  assertSlugsUnique(slug, declared);
  assertInlineTypes(slug, declared);
  assertColumnsFit(slug, declared);
  const localized = assertLocalized(slug, declared, languages);
  const hook = declared.validate;
  return {
    slug,
    declared,
    config,
    validate: async (data, ctx) => {
      noteRule("hook");
      await hook?.(data, ctx);
    },
    searchCache: declared.search ? createSearchCache() : null,
    localized,
  };
}

/** The site's `MEDIA_URL`, when the env has one: the base of the strict media rule. */
export function mediaBaseOf(env: Pick<EditorRouteEnv, "MEDIA_URL">): string | undefined {
  return env.MEDIA_URL || undefined;
}

/**
 * A `slug` field is unique within its collection, and D1 is what keeps it so: its column must be
 * declared `.unique()`, so every write (insert, update, publish) meets the one constraint and
 * answers 409 `conflict` with the field named (`uniqueConflict`), never a second copy of the check.
 * In a translated collection a unique index over `locale` and the column does (a slug is unique
 * within its locale).
 */
function assertSlugsUnique(slug: string, declared: CmsCollection): void {
  const columns = getTableColumns(declared.table);
  for (const [name, field] of Object.entries(declared.fields)) {
    if (field.type === "slug" && columns[name]?.isUnique !== true && !isUniqueWithinLocale(declared, name)) {
      throw new TypeError(`collection ${slug}: slug field ${name} needs a unique column (text(…).unique()), so D1 keeps it unique`);
    }
  }
}

/**
 * A field's values must survive its column: a number field over a text column would come back as
 * text (and sort as text), an image (`{ src, alt }`) over a column without JSON mode would be stored
 * as "[object Object]". A collection with drafts publishes by pointing `publishedVersionId` at a
 * version, so its table needs that column. Each is a start-up error naming the column to declare.
 */
function assertColumnsFit(slug: string, declared: CmsCollection): void {
  const columns = getTableColumns(declared.table);
  for (const [name, field] of Object.entries(declared.fields)) {
    const column = columns[name];
    if (!column) continue;
    if (field.type === "number" && column.dataType !== "number") {
      throw new TypeError(`collection ${slug}: number field ${name} needs a number column (integer("…") or real("…")), not ${column.columnType}`);
    }
    if (field.type === "image" && column.dataType !== "json") {
      throw new TypeError(`collection ${slug}: image field ${name} needs a JSON column (text("…", { mode: "json" })), not ${column.columnType}`);
    }
  }
  if (declared.drafts && !columns.publishedVersionId) {
    throw new TypeError(`collection ${slug}: drafts need a publishedVersionId column on its table (publishedVersionId: integer("published_version_id")), which points at the published version`);
  }
}

/**
 * An inline path naming a top-level field edits it with that field's own editor: `inline: { price:
 * "text" }` for a number field would send text the number rule then refuses, so it fails at start-up.
 */
function assertInlineTypes(slug: string, declared: CmsCollection): void {
  for (const [path, type] of Object.entries(declared.inline ?? {})) {
    const field = Object.hasOwn(declared.fields, path) ? (declared.fields as Record<string, { type: string }>)[path] : undefined;
    if (field && field.type !== "json" && type !== field.type) {
      throw new TypeError(`collection ${slug}: inline ${path} is "${String(type)}" but the field is ${field.type}: use inline: { ${path}: "${field.type}" }`);
    }
  }
}
