import type { D1Client } from "../d1-client";
import { DRAFT_STATUS, SUPERSEDED_STATUS, type DraftSql } from "./draft-deps";

/**
 * Retention (Payload's `maxPerDoc`): the statement that deletes a page's oldest never-published
 * drafts beyond the newest `keep`. Candidates are versions with status `draft` or `superseded`
 * other than the live pointer; since the newest candidate is always the newest pending draft (any
 * newer superseded row would have superseded it), `keep = maxPerDoc + 1` keeps that draft plus
 * `maxPerDoc` of history. A version that is or was published has status `published` and is never
 * a candidate; neither is any status this toolkit does not know.
 *
 * @example
 * await db.batch([insertDraft, pruneStatement(db, sql, 12, 101)]);
 */
export function pruneStatement(db: Pick<D1Client, "prepare">, s: DraftSql, id: number, keep: number): D1PreparedStatement {
  const candidates = `${s.parent} = ?1 AND ${s.status} IN ('${DRAFT_STATUS}', '${SUPERSEDED_STATUS}')
    AND ${s.vid} IS NOT (SELECT ${s.pointer} FROM ${s.L} WHERE ${s.pk} = ?1)`;
  const sql = `DELETE FROM ${s.V} WHERE ${candidates}
    AND ${s.vid} NOT IN (SELECT ${s.vid} FROM ${s.V} WHERE ${candidates} ORDER BY ${s.vid} DESC LIMIT ?2)`;
  return db.prepare(sql).bind(id, keep);
}
