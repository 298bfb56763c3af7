import { HttpError } from "../../shared/errors";
import type { D1Client } from "../d1-client";
import { decodeRow } from "../table-meta";
import { draftSql, rowVersionSql, snapshotFields, type DraftDeps } from "./draft-deps";

/**
 * The snapshot a version of page `id` stores: the base a writer names (`baseVersionId`) when it
 * sends an edit of what it read. 404 `version_not_found` for a version of another page or none.
 *
 * @example
 * const base = await readVersionSnapshot(env.DB, deps, 12, 40); // { title: "…", body: "…", … }
 */
export async function readVersionSnapshot(db: D1Client | D1Database, deps: DraftDeps, id: number, versionId: number): Promise<Record<string, unknown>> {
  const s = draftSql(deps);
  const row = await db.prepare(`SELECT ${s.data} AS "data" FROM ${s.V} WHERE ${s.vid} = ?1 AND ${s.parent} = ?2`).bind(versionId, id).first<{ data: unknown }>();
  if (!row) throw new HttpError(404, `version ${versionId} is not a version of page ${id}`, { code: "version_not_found" });
  return snapshotFields(s, row.data);
}

/**
 * The live row of page `id` and the version it shows (its `ETag`; see `rowVersionSql`), in one
 * statement; `null` when there is no such page.
 *
 * @example
 * const read = await readRecord(env.DB, deps, 12); // { row: { id: 12, … }, versionId: 40 }
 */
export async function readRecord(
  db: D1Client | D1Database,
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  id: number,
): Promise<{ row: Record<string, unknown>; versionId: number | null } | null> {
  const s = draftSql(deps);
  const found = await db.prepare(`SELECT ${s.live.selectList}, ${rowVersionSql(s, "p")} AS "__version" FROM ${s.L} p WHERE p.${s.pk} = ?1`).bind(id).first<Record<string, unknown>>();
  if (!found) return null;
  const { __version: version, ...row } = found;
  return { row: decodeRow(s.live, row), versionId: version === null || version === undefined ? null : Number(version) };
}
