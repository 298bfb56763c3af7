import type { D1Client } from "../d1-client";
import { decodeRow } from "../table-meta";
import { draftSql, newestPendingSql, rowVersionSql, snapshotFields, type DraftDeps } from "./draft-deps";

/** The document edit mode shows, and the pending version it came from (`null`: the live row). */
export interface EditableDocument {
  document: Record<string, unknown>;
  pendingVersionId: number | null;
  /** The version `document` is (its `ETag`): the pending draft's, else the row's; `null` when no version holds it. */
  versionId: number | null;
}

type ReadDeps = Pick<DraftDeps, "table" | "versionsTable" | "config">;

/**
 * Edit-mode resume: the newest pending draft's snapshot laid over the live row (so `id`,
 * `publishedVersionId` and timestamps stay the row's), or the live row when nothing is pending.
 * Superseded drafts are never resumed. `null` when there is no such page. One query, so the row
 * and the draft are read at the same moment. Pass a session from `resumeReadSession` as `db` to
 * see a draft this browser has just written.
 *
 * @example
 * const editable = await loadEditableDocument(client, deps, 12);
 * render(editable?.document);
 */
export async function loadEditableDocument(db: D1Client, deps: ReadDeps, id: number): Promise<EditableDocument | null> {
  const s = draftSql(deps);
  const sql = `SELECT ${s.live.selectList}, (${newestPendingSql(s, "p", s.vid)}) AS "__pendingId", (${newestPendingSql(s, "p", s.data)}) AS "__pendingData",
    ${rowVersionSql(s, "p")} AS "__rowVersion" FROM ${s.L} p WHERE p.${s.pk} = ?1`;
  const row = await db.prepare(sql).bind(id).first<Record<string, unknown>>();
  if (!row) return null;
  const { __pendingId: pendingId, __pendingData: pendingData, __rowVersion: rowVersion, ...live } = row;
  const document = decodeRow(s.live, live);
  if (pendingId === null || pendingId === undefined) return { document, pendingVersionId: null, versionId: rowVersion === null || rowVersion === undefined ? null : Number(rowVersion) };
  return { document: { ...document, ...snapshotFields(s, pendingData) }, pendingVersionId: Number(pendingId), versionId: Number(pendingId) };
}

/**
 * The `sections` edit mode renders: the newest pending draft's, else the live row's; `null` when
 * there is no such page.
 *
 * @example
 * const sections = await latestDraftSections(client, deps, 12);
 */
export async function latestDraftSections(db: D1Client, deps: ReadDeps, id: number, field = "sections"): Promise<unknown> {
  return (await loadEditableDocument(db, deps, id))?.document[field] ?? null;
}

/**
 * The rich `body` edit mode renders: the newest pending draft's, else the live row's; `null` when
 * there is no such page.
 *
 * @example
 * const body = await latestDraftBody(client, deps, 12);
 */
export async function latestDraftBody(db: D1Client, deps: ReadDeps, id: number, field = "body"): Promise<string | null> {
  const value = (await loadEditableDocument(db, deps, id))?.document[field];
  return typeof value === "string" ? value : null;
}
