import type { EditorSession } from "../../shared/session";
import { HttpError } from "../../shared/errors";
import { assertCreateAccess } from "../access";
import type { D1Client } from "../d1-client";
import { applyCreate } from "../drafts/create";
import { clientOf, draftSql, type DraftDeps, type DraftRunOptions } from "../drafts/draft-deps";
import { loadEditableDocument } from "../drafts/load-editable";
import { ident, tableMeta, type TableMeta } from "../table-meta";

/*
 * Translations (issue 37): a translation is a row of its collection's own table, in its `locale`,
 * naming the row it translates in `source_id`. Finding one, listing a source's, and making one
 * from the source's current draft live here, for every entry point.
 */

/** One locale of a source: its translation's id (the source's own in the default locale), or null. */
export interface TranslationEntry {
  locale: string;
  id: number | null;
  published: boolean;
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
 * Every locale of a source record in the order the site declares them: the source itself in the
 * default locale, then each translation or `id: null` where there is none yet. `null` when
 * `sourceId` is no source.
 *
 * @example
 * await listTranslations(env.DB, tableMeta(pages), 3, ["en", "de"]) // [{ locale: "en", id: 3, published: true }, { locale: "de", id: null, published: false }]
 */
export async function listTranslations(db: D1Client, meta: TableMeta, sourceId: number, locales: readonly string[]): Promise<TranslationEntry[] | null> {
  const c = localeColumns(meta);
  const pointer = meta.columns.publishedVersionId ? ident(meta.columns.publishedVersionId.name) : "NULL";
  const { results } = await db
    .prepare(`SELECT ${c.pk} AS "id", ${c.locale} AS "locale", ${c.source} AS "sourceId", ${pointer} IS NOT NULL AS "published" FROM ${ident(meta.name)} WHERE ${c.pk} = ?1 OR ${c.source} = ?1`)
    .bind(sourceId)
    .all<{ id: number; locale: string; sourceId: number | null; published: number }>();
  const source = results.find((row) => Number(row.id) === sourceId);
  if (!source || source.sourceId !== null) return null;
  return locales.map((locale) => {
    const row = results.find((candidate) => candidate.locale === locale);
    return { locale, id: row ? Number(row.id) : null, published: row ? row.published === 1 : false };
  });
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
  // A scoped account makes a translation only where it may create the record.
  assertCreateAccess(session, deps.config, data);
  try {
    const { row, versionId } = await applyCreate(env, deps, session, { ...data, locale, sourceId }, options);
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
