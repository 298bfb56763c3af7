import type { EditorSession } from "../../shared/session";
import { HttpError } from "../../shared/errors";
import { assertCreateAccess } from "../access";
import type { D1Client } from "../d1-client";
import { applyCreate } from "../drafts/create";
import { clientOf, draftSql, snapshotFields, type DraftDeps, type DraftRunOptions } from "../drafts/draft-deps";
import { labelOf, type ActivityTarget } from "../drafts/draft-request";
import { loadEditableDocument } from "../drafts/load-editable";
import { ident, tableMeta, type TableMeta } from "../table-meta";

/*
 * Translations (issue 37): a translation is a row of its collection's own table, in its `locale`,
 * naming the row it translates in `source_id`. Finding one, listing a source's, and making one
 * from the source's current draft live here, for every entry point.
 */

/** Where a translation stands against its source: none yet, made from an older source version, or from its newest. */
export type TranslationStatus = "missing" | "outdated" | "up-to-date";

/**
 * One locale of a source: its translation's id (the source's own in the default locale, which is
 * always `up-to-date`), or null; its status; and, when outdated, the two source versions whose
 * difference the translation lacks (`from` is `null` for a translation that names none).
 */
export interface TranslationEntry {
  locale: string;
  id: number | null;
  published: boolean;
  status: TranslationStatus;
  sourceVersions?: { from: number | null; to: number };
}

function localeColumns(meta: TableMeta): { pk: string; locale: string; source: string } {
  const locale = meta.columns.locale;
  const source = meta.columns.sourceId;
  if (!locale || !source) throw new TypeError(`${meta.name} is not translated: its table lacks locale and source_id`);
  return { pk: ident(meta.columns[meta.primaryKey]!.name), locale: ident(locale.name), source: ident(source.name) };
}

/**
 * The source a record translates and its locale (a source is its own source), or `null` for no
 * such record.
 *
 * @example
 * await sourceOf(env.DB, tableMeta(pages), 14) // { sourceId: 3, locale: "de" }
 */
export async function sourceOf(db: D1Client, meta: TableMeta, id: number): Promise<{ sourceId: number; locale: string } | null> {
  const c = localeColumns(meta);
  const row = await db.prepare(`SELECT coalesce(${c.source}, ${c.pk}) AS "sourceId", ${c.locale} AS "locale" FROM ${ident(meta.name)} WHERE ${c.pk} = ?1`).bind(id).first<{ sourceId: number; locale: string }>();
  return row ? { sourceId: Number(row.sourceId), locale: row.locale } : null;
}

/**
 * The id of `sourceId`'s translation into `locale`, or `null` when it has none.
 *
 * @example
 * await translationId(env.DB, tableMeta(pages), 3, "de") // 14
 */
export async function translationId(db: D1Client, meta: TableMeta, sourceId: number, locale: string): Promise<number | null> {
  const c = localeColumns(meta);
  const row = await db.prepare(`SELECT ${c.pk} AS "id" FROM ${ident(meta.name)} WHERE ${c.source} = ?1 AND ${c.locale} = ?2`).bind(sourceId, locale).first<{ id: number }>();
  return row ? Number(row.id) : null;
}

/**
 * The ids of every translation of `sourceId` (none for a translation or a record without any).
 *
 * @example
 * await translationIds(env.DB, tableMeta(pages), 3) // [14, 15]
 */
export async function translationIds(db: D1Client, meta: TableMeta, sourceId: number): Promise<number[]> {
  const c = localeColumns(meta);
  const { results } = await db.prepare(`SELECT ${c.pk} AS "id" FROM ${ident(meta.name)} WHERE ${c.source} = ?1 ORDER BY ${c.pk}`).bind(sourceId).all<{ id: number }>();
  return results.map((row) => Number(row.id));
}

/**
 * Every locale of a source record in the order the site declares them: the source itself in the
 * default locale, then each translation or `id: null` (`missing`) where there is none yet. A
 * translation is `outdated` when the source has a version (draft or published: translators work
 * from the source's draft, as a new translation is copied from it) newer than the one its newest
 * version names (`source_version_id`), else `up-to-date`. `null` when `sourceId` is no source.
 *
 * @example
 * await listTranslations(env.DB, deps, 3, ["en", "de"]) // [{ locale: "en", id: 3, published: true, status: "up-to-date" }, { locale: "de", id: null, published: false, status: "missing" }]
 */
export async function listTranslations(db: D1Client, deps: Pick<DraftDeps, "table" | "versionsTable" | "config">, sourceId: number, locales: readonly string[]): Promise<TranslationEntry[] | null> {
  const meta = tableMeta(deps.table);
  const c = localeColumns(meta);
  const s = draftSql(deps);
  const pointer = meta.columns.publishedVersionId ? ident(meta.columns.publishedVersionId.name) : "NULL";
  const made = s.sourceVersion ? `(SELECT v.${s.sourceVersion} FROM ${s.V} v WHERE v.${s.parent} = p.${c.pk} ORDER BY v.${s.vid} DESC LIMIT 1)` : "NULL";
  const { results } = await db
    .prepare(`SELECT p.${c.pk} AS "id", p.${c.locale} AS "locale", p.${c.source} AS "sourceId", p.${pointer} IS NOT NULL AS "published", ${made} AS "madeFrom",
      (SELECT max(v.${s.vid}) FROM ${s.V} v WHERE v.${s.parent} = ?1) AS "sourceNewest" FROM ${ident(meta.name)} p WHERE p.${c.pk} = ?1 OR p.${c.source} = ?1`)
    .bind(sourceId)
    .all<StatusRow>();
  const source = results.find((row) => Number(row.id) === sourceId);
  if (!source || source.sourceId !== null) return null;
  return locales.map((locale): TranslationEntry => {
    const row = results.find((candidate) => candidate.locale === locale);
    return row ? translationEntry(row) : { locale, id: null, published: false, status: "missing" };
  });
}

/** A translation's (or its source's) row as the status queries read it. */
interface StatusRow {
  id: number;
  locale: string;
  sourceId: number | null;
  published: number;
  madeFrom: number | null;
  sourceNewest: number | null;
}

/* The one rule of a translation's status: outdated while the source has a version newer than the one it was made from. */
function translationEntry(row: StatusRow): TranslationEntry {
  const entry = { locale: row.locale, id: Number(row.id), published: row.published === 1 };
  const newest = row.sourceNewest === null ? null : Number(row.sourceNewest);
  const from = row.madeFrom === null ? null : Number(row.madeFrom);
  if (row.sourceId === null || newest === null || (from !== null && from >= newest)) return { ...entry, status: "up-to-date" };
  return { ...entry, status: "outdated", sourceVersions: { from, to: newest } };
}

/** A translation as a list of sources shows it: its entry and its live row's `slug` (where it lives). */
export type ListedTranslation = TranslationEntry & { slug: string | null };

/**
 * The translations (never the sources themselves, never missing locales) of many sources in one
 * query, each source's in the order of `locales`, with the status `listTranslations` gives them.
 *
 * @example
 * await translationsOfSources(env.DB, deps, [3, 4], ["en", "de"]) // Map { 3 => [{ locale: "de", id: 14, slug: "ueber-uns", published: true, status: "up-to-date" }] }
 */
export async function translationsOfSources(
  db: D1Client,
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  sourceIds: readonly number[],
  locales: readonly string[],
): Promise<Map<number, ListedTranslation[]>> {
  const found = new Map<number, ListedTranslation[]>();
  if (sourceIds.length === 0) return found;
  const meta = tableMeta(deps.table);
  const c = localeColumns(meta);
  const s = draftSql(deps);
  const pointer = meta.columns.publishedVersionId ? ident(meta.columns.publishedVersionId.name) : "NULL";
  const slug = meta.columns.slug ? `p.${ident(meta.columns.slug.name)}` : "NULL";
  const made = s.sourceVersion ? `(SELECT v.${s.sourceVersion} FROM ${s.V} v WHERE v.${s.parent} = p.${c.pk} ORDER BY v.${s.vid} DESC LIMIT 1)` : "NULL";
  // The ids travel as one JSON parameter: a page of sources is more than D1's bound parameters allow.
  const { results } = await db
    .prepare(`SELECT p.${c.pk} AS "id", p.${c.locale} AS "locale", p.${c.source} AS "sourceId", p.${pointer} IS NOT NULL AS "published", ${made} AS "madeFrom",
      (SELECT max(v.${s.vid}) FROM ${s.V} v WHERE v.${s.parent} = p.${c.source}) AS "sourceNewest", ${slug} AS "slug"
      FROM ${ident(meta.name)} p WHERE p.${c.source} IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(sourceIds))
    .all<StatusRow & { slug: string | null }>();
  const order = (locale: string) => locales.indexOf(locale);
  for (const row of [...results].sort((a, b) => order(a.locale) - order(b.locale))) {
    const sourceId = Number(row.sourceId);
    found.set(sourceId, [...(found.get(sourceId) ?? []), { ...translationEntry(row), slug: typeof row.slug === "string" ? row.slug : null }]);
  }
  return found;
}

/**
 * Marks translation `id` up to date with its source: its newest version names the source's newest
 * version (the next draft carries it on). Answers that version; 404 when `id` is no translation.
 * The mark is told as a `translation.marked` event (on the translation, naming its version and
 * locale) once it stood.
 *
 * @example
 * await markUpToDate(env.DB, deps, 14, { collection: "pages", note }) // { sourceVersionId: 52 }
 */
export async function markUpToDate(db: D1Client, deps: Pick<DraftDeps, "table" | "versionsTable" | "config">, id: number, activity?: ActivityTarget): Promise<{ sourceVersionId: number }> {
  const s = draftSql(deps);
  const family = await sourceOf(db, tableMeta(deps.table), id);
  if (!family || family.sourceId === id || !s.sourceVersion) throw new HttpError(404, `${deps.config.slug} ${id} is not a translation`, { code: "not_found" });
  const row = await db
    .prepare(`UPDATE ${s.V} SET ${s.sourceVersion} = (SELECT max(${s.vid}) FROM ${s.V} WHERE ${s.parent} = ?2)
      WHERE ${s.vid} = (SELECT max(${s.vid}) FROM ${s.V} WHERE ${s.parent} = ?1) RETURNING ${s.sourceVersion} AS "sourceVersionId", ${s.vid} AS "versionId", ${s.data} AS "data"`)
    .bind(id, family.sourceId)
    .first<{ sourceVersionId: number | null; versionId: number; data: unknown }>();
  if (!row || row.sourceVersionId === null) throw new HttpError(404, `${deps.config.slug} ${id} has no version to mark`, { code: "not_found" });
  activity?.note({ kind: "translation.marked", collection: activity.collection, recordId: id, versionId: Number(row.versionId), detail: { ...labelOf(snapshotFields(s, row.data)), locale: family.locale } });
  return { sourceVersionId: Number(row.sourceVersionId) };
}

/**
 * The translation of `sourceId` into `locale`, made from the source's current draft (every field,
 * shared ones too, so the row's NOT NULL columns hold) when it has none: `created` says which.
 * Two writers making the same translation at once get the same row: the unique `(source_id,
 * locale)` index lets one insert through, and the other reads it. 404 for no such source; 409
 * when the row cannot be made (its slug is taken in that locale by another record).
 *
 * @example
 * const { id, created } = await ensureTranslation(env, deps, session, 3, "de");
 */
export async function ensureTranslation(
  env: { DB: D1Database },
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  session: EditorSession,
  sourceId: number,
  locale: string,
  options: DraftRunOptions = {},
): Promise<{ id: number; created: boolean; versionId: number | null }> {
  const db = clientOf(env, options);
  const meta = tableMeta(deps.table);
  const existing = await translationId(db, meta, sourceId, locale);
  if (existing !== null) return { id: existing, created: false, versionId: null };
  const source = await sourceOf(db, meta, sourceId);
  if (!source || source.sourceId !== sourceId) throw new HttpError(404, `${deps.config.slug} ${sourceId} is not a source record`, { code: "not_found" });
  const current = await loadEditableDocument(db, deps, sourceId);
  if (!current) throw new HttpError(404, `${deps.config.slug} ${sourceId} not found`, { code: "not_found" });
  const fields = draftSql(deps).fields.map(({ name }) => name);
  const data = Object.fromEntries(fields.filter((name) => current.document[name] !== undefined).map((name) => [name, current.document[name]]));
  // A scoped account makes a translation only where it may create the record, in its locale.
  assertCreateAccess(session, deps.config, data, { locale, sourceId });
  try {
    const { row, versionId } = await applyCreate(env, deps, session, { ...data, locale, sourceId }, { ...options, ...(current.versionId === null ? {} : { sourceVersionId: current.versionId }) });
    return { id: Number(row[meta.primaryKey]), created: true, versionId };
  } catch (error) {
    // Another writer made it first: theirs is the one translation.
    const raced = error instanceof HttpError && error.status === 409 ? await translationId(db, meta, sourceId, locale) : null;
    if (raced !== null) return { id: raced, created: false, versionId: null };
    throw error;
  }
}

/**
 * Takes back a translation {@link ensureTranslation} made for a write that was then refused, so
 * the refused request leaves nothing behind: the row and its one version go in one batch, and only
 * while that version is still its only one (a writer who found the translation meanwhile and saved
 * to it keeps it). Resolves whether it was taken back.
 *
 * @example
 * if (!answer.ok && made.created) await discardTranslation(env, deps, made);
 */
export async function discardTranslation(
  env: { DB: D1Database },
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  made: { id: number; versionId: number | null },
  options: DraftRunOptions = {},
): Promise<boolean> {
  const db = clientOf(env, options);
  const s = draftSql(deps);
  const { pk } = localeColumns(tableMeta(deps.table));
  // Its versions first (they name the row), each statement guarded by the same condition: the
  // version made with the row is still its only one.
  const [, row] = await db.batch([
    db.prepare(`DELETE FROM ${s.V} WHERE ${s.parent} = ?1 AND ${s.vid} = ?2 AND NOT EXISTS (SELECT 1 FROM ${s.V} WHERE ${s.parent} = ?1 AND ${s.vid} <> ?2)`).bind(made.id, made.versionId ?? 0),
    db.prepare(`DELETE FROM ${s.L} WHERE ${pk} = ?1 AND NOT EXISTS (SELECT 1 FROM ${s.V} WHERE ${s.parent} = ?1) RETURNING ${pk}`).bind(made.id),
  ]);
  return (row?.results.length ?? 0) > 0;
}
