import { HttpError } from "../../shared/errors";
import type { D1Client } from "../d1-client";
import { draftSql, snapshotFields, type DraftDeps } from "./draft-deps";

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
