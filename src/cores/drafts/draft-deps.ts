import { getTableColumns, type Table } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import type { CollectionConfig } from "../collection";
import type { LocaleAddressing } from "../../shared/locale-path";
import type { D1Client } from "../d1-client";
import type { RedirectsConfig } from "../pages/redirects";
import { ident, tableMeta, type ColumnMeta, type TableMeta } from "../table-meta";

/** What the draft cores need: the live table, its versions table and the collection. */
export interface DraftDeps {
  /** The Drizzle table of live rows (needs a `publishedVersionId` column). */
  table: Table;
  /** The Drizzle `<slug>_versions` table: `parentId`, `status`, `versionData`, optional `createdBy`. */
  versionsTable: Table;
  /** The collection: which fields a snapshot holds, their types, `versions.maxPerDoc`, `search`. */
  config: CollectionConfig;
  /**
   * Extra validation; throw `LouiseValidationError` to reject. On `draft` it sees the partial edit
   * (after allowlisting and sanitizing); on `publish` the complete snapshot about to go live.
   */
  validate?: (snapshot: Record<string, unknown>, ctx: { operation: "draft" | "publish" }) => void | Promise<void>;
  /** Media base for the strict media rule of rich fields (`sanitizeRichHtml(html, { mediaBase })`). */
  mediaBase?: string;
  /** Where publish keeps the old address of a renamed record, so it redirects to the new one. */
  redirects?: RedirectsConfig;
  /**
   * Told once a publish or an unpublish has committed, with what visitors saw before and see now
   * (a site's edge cache purges what that moved). Every publishing entry point (REST, the room,
   * a scheduled publish, the service binding) reaches the cores through these deps, so this is
   * the one place it is called. It must not throw: the write already stood.
   */
  published?: (change: VisibleChange) => Promise<void>;
  /**
   * A translated collection (`localized`): the fields that live on the source record only. A
   * translation's room seeds them from the source and refuses their writes (`shared_field`).
   */
  localized?: { shared: readonly string[] };
  /** The site's languages, for where visitors read a record (`publicAddress`); none when absent. */
  languages?: LocaleAddressing;
}

/**
 * What a publish, unpublish or delete changed for visitors: record `id`'s live row as visitors saw it
 * before (`null`: it was not published) and as they see it now (`null`: unpublished).
 */
export interface VisibleChange {
  id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The record was deleted (its row, and the redirects to it, are gone: `before` is not known). */
  deleted?: true;
}

/** Options every draft core accepts: the client to run on (a D1 session), default `env.DB`. */
export interface DraftRunOptions {
  db?: D1Client;
}

/** Status of a staged version (SPEC §2). */
export const DRAFT_STATUS = "draft";
/** Status of a draft that a later publish (or an unpublish) left behind; never resumed. */
export const SUPERSEDED_STATUS = "superseded";
/** Status of a version that has been live at some time: kept forever by retention. */
export const PUBLISHED_STATUS = "published";

/** Default `versions.maxPerDoc`: superseded drafts kept per page. */
export const DEFAULT_MAX_PER_DOC = 100;

/** Quoted SQL names the draft statements are built from, resolved once per table pair. */
export interface DraftSql {
  live: TableMeta;
  versions: TableMeta;
  /** Quoted names: live table, its primary key and pointer; versions table and its columns. */
  L: string;
  pk: string;
  pointer: string;
  updatedAt: string | null;
  V: string;
  vid: string;
  parent: string;
  status: string;
  data: string;
  createdBy: string | null;
  /** The versions table's `source_version_id` (a translated collection's), quoted; `null` without one. */
  sourceVersion: string | null;
  /**
   * Config fields held in a snapshot, each with its live column and, when its value must be
   * unique, the quoted columns it is unique together with (none for a `.unique()` column; `locale`
   * for a slug unique within its locale).
   */
  fields: { name: string; column: ColumnMeta; unique: boolean; uniqueWith: string[] }[];
}

/* Keyed by config, then live table, then versions table: the snapshot fields come from the config. */
const cache = new WeakMap<CollectionConfig, WeakMap<Table, WeakMap<Table, DraftSql>>>();

/** SQL for "now" in the ISO form the tables' timestamp defaults use. */
export const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * Resolves (and checks, once) the SQL names of a collection's live and versions tables.
 *
 * @example
 * const sql = draftSql(deps); sql.pointer // "\"published_version_id\""
 */
export function draftSql(deps: Pick<DraftDeps, "table" | "versionsTable" | "config">): DraftSql {
  const byTable = cache.get(deps.config) ?? new WeakMap<Table, WeakMap<Table, DraftSql>>();
  cache.set(deps.config, byTable);
  const byVersions = byTable.get(deps.table) ?? new WeakMap<Table, DraftSql>();
  byTable.set(deps.table, byVersions);
  const hit = byVersions.get(deps.versionsTable);
  if (hit) return hit;
  const live = tableMeta(deps.table);
  const versions = tableMeta(deps.versionsTable);
  const need = (meta: TableMeta, property: string) => {
    const column = meta.columns[property];
    if (!column) throw new TypeError(`drafts: table ${meta.name} needs a ${property} column`);
    return ident(column.name);
  };
  const liveColumns = getTableColumns(deps.table);
  const uniqueIndexes = getTableConfig(deps.table as SQLiteTable)
    .indexes.filter(({ config }) => config.unique)
    .map(({ config }) => config.columns.map((column) => (column as SQLiteColumn).name));
  const fields = Object.keys(deps.config.fields).map((name) => {
    const column = live.columns[name];
    if (!column) throw new TypeError(`drafts: field ${name} of ${deps.config.slug} is not a column of ${live.name}`);
    if (liveColumns[name]?.isUnique === true) return { name, column, unique: true, uniqueWith: [] };
    // Unique together with other columns, as a slug is within its locale (`pages_locale_slug`).
    const index = uniqueIndexes.find((columns) => columns.includes(column.name));
    return { name, column, unique: index !== undefined, uniqueWith: (index ?? []).filter((other) => other !== column.name).map(ident) };
  });
  const resolved: DraftSql = {
    live,
    versions,
    L: ident(live.name),
    pk: need(live, live.primaryKey),
    pointer: need(live, "publishedVersionId"),
    updatedAt: live.columns.updatedAt ? ident(live.columns.updatedAt.name) : null,
    V: ident(versions.name),
    vid: need(versions, versions.primaryKey),
    parent: need(versions, "parentId"),
    status: need(versions, "status"),
    data: need(versions, "versionData"),
    createdBy: versions.columns.createdBy ? ident(versions.columns.createdBy.name) : null,
    sourceVersion: versions.columns.sourceVersionId ? ident(versions.columns.sourceVersionId.name) : null,
    fields,
  };
  byVersions.set(deps.versionsTable, resolved);
  return resolved;
}

/**
 * SQL condition "version `v` of page `p` is pending" (SPEC §2): status `draft` and newer than the
 * pointer, every draft when the pointer is null.
 *
 * @example
 * `SELECT … FROM ${s.V} v JOIN ${s.L} p ON … WHERE ${pendingSql(s, "v", "p")}`
 */
export function pendingSql(s: DraftSql, v: string, p: string): string {
  return `${v}.${s.status} = '${DRAFT_STATUS}' AND (${p}.${s.pointer} IS NULL OR ${v}.${s.vid} > ${p}.${s.pointer})`;
}

/**
 * Subquery selecting one column of the newest pending version of page alias `p`.
 *
 * @example
 * `SELECT (${newestPendingSql(s, "p", s.data)}) AS data FROM ${s.L} p`
 */
export function newestPendingSql(s: DraftSql, p: string, column: string): string {
  return `SELECT v.${column} FROM ${s.V} v WHERE v.${s.parent} = ${p}.${s.pk} AND ${pendingSql(s, "v", p)} ORDER BY v.${s.vid} DESC LIMIT 1`;
}

/**
 * SQL for the version the live row of alias `p` shows (its `ETag`): the published pointer; once
 * unpublished, the newest version ever published (the row kept its content); never published, the
 * version stored when it was created (its data is the row's snapshot, text for text). NULL when no
 * version holds what the row holds.
 *
 * @example
 * `SELECT ${rowVersionSql(s, "p")} AS "versionId" FROM ${s.L} p WHERE p.${s.pk} = ?1`
 */
export function rowVersionSql(s: DraftSql, p: string): string {
  const newest = (where: string) => `(SELECT MAX(rv.${s.vid}) FROM ${s.V} rv WHERE rv.${s.parent} = ${p}.${s.pk} AND ${where})`;
  return `COALESCE(${p}.${s.pointer}, ${newest(`rv.${s.status} = '${PUBLISHED_STATUS}'`)}, ${newest(`rv.${s.data} = ${liveSnapshotSql(s, p)}`)})`;
}

/**
 * SQL for the version edit mode shows for alias `p`: the newest pending draft, else the row's.
 *
 * @example
 * `SELECT ${editableVersionSql(s, "p")} AS "versionId" FROM ${s.L} p`
 */
export function editableVersionSql(s: DraftSql, p: string): string {
  return `COALESCE((${newestPendingSql(s, p, s.vid)}), ${rowVersionSql(s, p)})`;
}

/**
 * SQL building the live row of alias `p` as a snapshot JSON object of the config fields; json
 * columns nest as JSON rather than as strings, boolean columns as `true`/`false` rather than 0/1.
 *
 * @example
 * `SELECT ${liveSnapshotSql(s, "p")} FROM ${s.L} p` // {"slug":"about","sections":[…]}
 */
export function liveSnapshotSql(s: DraftSql, p: string): string {
  const pairs = s.fields.map(({ name, column }) => {
    const value = `${p}.${ident(column.name)}`;
    if (column.boolean) return `${sqlString(name)}, CASE WHEN ${value} IS NULL THEN NULL WHEN ${value} THEN json('true') ELSE json('false') END`;
    return `${sqlString(name)}, ${column.json ? `json(${value})` : value}`;
  });
  return `json_object(${pairs.join(", ")})`;
}

/**
 * A version's stored data reduced to the config fields (a stored snapshot may carry stale keys).
 *
 * @example
 * snapshotFields(s, { title: "Hi", id: 3 }) // { title: "Hi" }
 */
export function snapshotFields(s: DraftSql, data: unknown): Record<string, unknown> {
  const parsed = typeof data === "string" ? safeParse(data) : data;
  const out: Record<string, unknown> = {};
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return out;
  for (const { name } of s.fields) {
    if (Object.hasOwn(parsed, name)) out[name] = (parsed as Record<string, unknown>)[name];
  }
  return out;
}

/** The client a core runs on: the caller's session when given, else the binding. */
export function clientOf(env: { DB: D1Database }, options: DraftRunOptions | undefined): D1Client {
  return options?.db ?? env.DB;
}

/** An SQL string literal; field names are plain identifiers, but quote-doubling keeps that from mattering. */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
