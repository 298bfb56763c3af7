import type { D1Client } from "../d1-client";
import { draftSql, newestPendingSql, type DraftDeps } from "./draft-deps";

/** Where a page's publishing stands: the live pointer and the newest pending draft. */
export interface PublishState {
  /** `published_version_id`: the version visitors see, `null` when unpublished. */
  pointer: number | null;
  /** The newest pending draft (what a publish without `versionId` would promote), or `null`. */
  newestPending: number | null;
}

/**
 * One read of page `id`'s publish pointer and newest pending draft; `null` when the page does not
 * exist. A scheduled publish records `newestPending` when it is scheduled (so a later draft is
 * never what goes live) and compares `pointer` when it fires (so a retried fire does not publish
 * twice).
 *
 * @example
 * const state = await readPublishState(env.DB, deps, 12); // { pointer: 40, newestPending: 43 }
 */
export async function readPublishState(db: D1Client, deps: DraftDeps, id: number): Promise<PublishState | null> {
  const s = draftSql(deps);
  const row = await db
    .prepare(`SELECT p.${s.pointer} AS "pointer", (${newestPendingSql(s, "p", s.vid)}) AS "pending" FROM ${s.L} p WHERE p.${s.pk} = ?1`)
    .bind(id)
    .first<{ pointer: number | null; pending: number | null }>();
  if (!row) return null;
  return { pointer: row.pointer === null ? null : Number(row.pointer), newestPending: row.pending === null ? null : Number(row.pending) };
}
