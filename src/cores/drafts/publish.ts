import { HttpError } from "../../shared/errors";
import { assertDraftRules } from "./draft-rules";
import { assertPublisher } from "../../shared/publish-privilege";
import type { EditorSession } from "../../shared/session";
import { richFieldsOf } from "../collection";
import type { D1Client } from "../d1-client";
import { sanitizeRichHtml } from "../sanitize";
import { indexDocumentStatements, noteSearchChange, searchIndexOf } from "../search";
import { redirectStatements } from "../pages/redirects";
import { decodeRow, encodeValue, ident } from "../table-meta";
import {
  clientOf,
  DRAFT_STATUS,
  draftSql,
  NOW_SQL,
  pendingSql,
  PUBLISHED_STATUS,
  snapshotFields,
  SUPERSEDED_STATUS,
  type DraftDeps,
  type DraftRunOptions,
  type DraftSql,
} from "./draft-deps";
import { assertNoUniqueConflict, uniqueConflict } from "./unique-conflict";

/** What a publish did: the version now live and the live row as it now is. */
export interface PublishResult {
  versionId: number;
  page: Record<string, unknown>;
  /** Suggestions still open on the page (a live room's count): the draft published without them. */
  openSuggestions?: number;
}

/** Options of {@link applyPublish}: the version to publish (default the newest pending draft). */
export interface PublishOptions extends DraftRunOptions {
  versionId?: number;
}

/**
 * Publishes a version of page `id`: `versionId`, or without it the newest pending draft (never a
 * superseded one); an unpublished page with nothing pending re-publishes its last published
 * version; otherwise nothing pending is a 409. Naming an older version explicitly is a restore.
 * Needs `session.access.publish` (403). The snapshot is validated in full (`publish`) and by
 * `deps.validate`; a failure is a 422 and nothing changes. Then one `batch()` copies the snapshot
 * onto the live row, sets `publishedVersionId`, marks the version `published` (durably: retention
 * never prunes it), marks older `draft` rows `superseded` (so neither restore nor unpublish can
 * revive them), and moves the search index entry. Unknown version, or another page's: 404.
 *
 * @example
 * const { page } = await applyPublish(env, deps, session, 12);            // newest pending draft
 * await applyPublish(env, deps, session, 12, { versionId: 3 });          // restore version 3
 */
export async function applyPublish(
  env: { DB: D1Database },
  deps: DraftDeps,
  session: EditorSession,
  id: number,
  options: PublishOptions = {},
): Promise<PublishResult> {
  assertPublisher(session);
  return publishVersion(env, deps, id, options);
}

/**
 * {@link applyPublish} for a caller that has checked the publish privilege once already (the
 * request cores, `publishRequest`, before they hand the publish to a writer; a scheduled publish,
 * whose scheduler's right is checked when it fires). Validation, the batch and the answer are the same.
 *
 * @example
 * assertPublisher(session);
 * await publishVersion(env, deps, 12, { versionId: 3 });
 */
export async function publishVersion(env: { DB: D1Database }, deps: DraftDeps, id: number, options: PublishOptions = {}): Promise<PublishResult> {
  const s = draftSql(deps);
  const db = clientOf(env, options);
  const target = await readTarget(db, s, id, options.versionId ?? null);
  const snapshot = await assertPublishable(db, deps, id, snapshotFields(s, target.data));

  const redirects = redirectsOf(db, deps, s, id, snapshot);
  // The row visitors saw, read in the same batch before it moves: what the publish changed for them.
  const before = db.prepare(`SELECT ${s.live.selectList} FROM ${s.L} WHERE ${s.pk} = ?1 AND ${s.pointer} IS NOT NULL`).bind(id);
  let results: D1Result<Record<string, unknown>>[];
  try {
    results = await db.batch<Record<string, unknown>>([before, ...redirects, ...publishStatements(db, deps, s, id, target.versionId, snapshot)]);
  } catch (error) {
    // A unique value taken between the check and the batch: the batch rolled back whole; say why.
    const conflict = await uniqueConflict(db, s, id, snapshot);
    if (conflict) throw conflict;
    throw error;
  }
  noteSearchChange();
  const row = results[1 + redirects.length]?.results[0];
  if (!row) throw new HttpError(404, `page ${id} not found`, { code: "not_found" });
  const page = decodeRow(s.live, row);
  const seen = results[0]?.results[0];
  await deps.published?.({ id, before: seen ? decodeRow(s.live, seen) : null, after: page });
  return { versionId: target.versionId, page };
}

/**
 * The rules a publish applies to a snapshot, in one place for publishing now and for scheduling
 * (which refuses up front what could not go live at its time): rich text sanitized, every field
 * complete and valid (`publish`: required fields count), the collection's `validate`, and no unique
 * value another record holds. A failure is a 422 listing the violations (409 for a taken unique
 * value); the answer is the snapshot as it would go live.
 *
 * @example
 * await assertPublishable(env.DB, deps, 12, await readVersionSnapshot(env.DB, deps, 12, 40));
 */
export async function assertPublishable(db: D1Client, deps: DraftDeps, id: number, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const snapshot = sanitizeSnapshot(deps, { ...fields });
  await assertDraftRules(deps, snapshot, "publish");
  await assertNoUniqueConflict(db, draftSql(deps), id, snapshot);
  return snapshot;
}

/**
 * Restore: publishes an older version of the page again (SPEC §3, "Publish an older version").
 *
 * @example
 * await applyRestore(env, deps, session, 12, 3);
 */
export function applyRestore(
  env: { DB: D1Database },
  deps: DraftDeps,
  session: EditorSession,
  id: number,
  versionId: number,
  options: DraftRunOptions = {},
): Promise<PublishResult> {
  return applyPublish(env, deps, session, id, { ...options, versionId });
}

/*
 * Without a `versionId`: the newest pending draft; an unpublished page with nothing pending gets
 * its last published version back (the content its live row kept).
 */
async function readTarget(db: D1Client, s: DraftSql, id: number, versionId: number | null): Promise<{ versionId: number; data: unknown }> {
  const republish = `(p.${s.pointer} IS NULL AND v.${s.status} = '${PUBLISHED_STATUS}')`;
  const which = versionId === null ? `(${pendingSql(s, "v", "p")} OR ${republish})` : `v.${s.vid} = ?2`;
  const sql = `SELECT p.${s.pk} AS "pageId", v.${s.vid} AS "versionId", v.${s.data} AS "data"
    FROM ${s.L} p LEFT JOIN ${s.V} v ON v.${s.parent} = p.${s.pk} AND ${which}
    WHERE p.${s.pk} = ?1 ORDER BY v.${s.status} = '${DRAFT_STATUS}' DESC, v.${s.vid} DESC LIMIT 1`;
  const statement = versionId === null ? db.prepare(sql).bind(id) : db.prepare(sql).bind(id, versionId);
  const row = await statement.first<{ pageId: number; versionId: number | null; data: unknown }>();
  if (!row) throw new HttpError(404, `page ${id} not found`, { code: "not_found" });
  if (row.versionId === null) {
    if (versionId !== null) throw new HttpError(404, `version ${versionId} is not a version of page ${id}`, { code: "version_not_found" });
    throw new HttpError(409, `page ${id} has no pending draft to publish; save a draft first or name a versionId to restore`, {
      code: "nothing_pending",
    });
  }
  return { versionId: Number(row.versionId), data: row.data };
}

/* Before the live row changes: the redirect statements read the address it is leaving. */
function redirectsOf(db: D1Client, deps: DraftDeps, s: DraftSql, id: number, snapshot: Record<string, unknown>): D1PreparedStatement[] {
  const field = deps.redirects?.field;
  const next = field === undefined ? undefined : snapshot[field];
  const column = field === undefined ? undefined : s.live.columns[field];
  if (!deps.redirects || typeof next !== "string" || !column) return [];
  const locale = s.live.columns.locale;
  return redirectStatements(db, deps.redirects, { L: s.L, pk: s.pk, pointer: s.pointer, address: ident(column.name), locale: locale && ident(locale.name) }, id, next);
}

/* Stored drafts were sanitized on save; versions written by other paths (imports, seeds) were not. */
function sanitizeSnapshot(deps: DraftDeps, snapshot: Record<string, unknown>): Record<string, unknown> {
  const mediaBase = deps.mediaBase ? { mediaBase: deps.mediaBase } : {};
  for (const name of richFieldsOf(deps.config)) {
    const value = snapshot[name];
    if (typeof value === "string") snapshot[name] = sanitizeRichHtml(value, mediaBase);
  }
  return snapshot;
}

function publishStatements(
  db: D1Client,
  deps: DraftDeps,
  s: DraftSql,
  id: number,
  versionId: number,
  snapshot: Record<string, unknown>,
): D1PreparedStatement[] {
  const written = s.fields.filter(({ name }) => Object.hasOwn(snapshot, name));
  const sets = written.map(({ column }, i) => `${ident(column.name)} = ?${i + 3}`);
  sets.push(`${s.pointer} = ?2`);
  if (s.updatedAt) sets.push(`${s.updatedAt} = ${NOW_SQL}`);
  const exists = `EXISTS (SELECT 1 FROM ${s.L} WHERE ${s.pk} = ?1)`;
  const statements = [
    db
      .prepare(`UPDATE ${s.L} SET ${sets.join(", ")} WHERE ${s.pk} = ?1 RETURNING ${s.live.selectList}`)
      .bind(id, versionId, ...written.map(({ name, column }) => encodeValue(column, snapshot[name]))),
    db.prepare(`UPDATE ${s.V} SET ${s.status} = '${PUBLISHED_STATUS}' WHERE ${s.vid} = ?2 AND ${s.parent} = ?1 AND ${exists}`).bind(id, versionId),
    db
      .prepare(`UPDATE ${s.V} SET ${s.status} = '${SUPERSEDED_STATUS}' WHERE ${s.parent} = ?1 AND ${s.status} = '${DRAFT_STATUS}' AND ${s.vid} < ?2 AND ${exists}`)
      .bind(id, versionId),
  ];
  const index = searchIndexOf(deps.config);
  if (index) statements.push(...indexDocumentStatements(db, index, id, snapshot, { table: s.L, pk: s.pk }));
  return statements;
}
