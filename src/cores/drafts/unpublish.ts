import { HttpError } from "../../shared/errors";
import { assertPublisher } from "../../shared/publish-privilege";
import type { EditorSession } from "../../shared/session";
import { noteSearchChange, searchIndexOf, unindexStatement } from "../search";
import { decodeRow } from "../table-meta";
import { clientOf, DRAFT_STATUS, draftSql, NOW_SQL, SUPERSEDED_STATUS, type DraftDeps, type DraftRunOptions } from "./draft-deps";

/**
 * Unpublishes page `id`: clears `publishedVersionId` and takes the page out of the search index,
 * in one batch. The live row keeps its content (visitors no longer see it). Drafts at or below the
 * old pointer are marked `superseded` first, because with a null pointer the SPEC counts every
 * `draft` row as pending and an old one would otherwise be resumed. Needs `access.publish` (403);
 * unknown page 404; a page that is not published 409.
 *
 * @example
 * const { page } = await applyUnpublish(env, deps, session, 12); // page.publishedVersionId === null
 */
export async function applyUnpublish(
  env: { DB: D1Database },
  deps: DraftDeps,
  session: EditorSession,
  id: number,
  options: DraftRunOptions = {},
): Promise<{ page: Record<string, unknown> }> {
  assertPublisher(session, "unpublishing");
  return unpublishPage(env, deps, id, options);
}

/**
 * {@link applyUnpublish} for a caller that has checked the publish privilege once already
 * (`unpublishRequest`, before it hands the unpublish to a writer).
 *
 * @example
 * assertPublisher(session, "unpublishing");
 * await unpublishPage(env, deps, 12);
 */
export async function unpublishPage(env: { DB: D1Database }, deps: DraftDeps, id: number, options: DraftRunOptions = {}): Promise<{ page: Record<string, unknown> }> {
  const s = draftSql(deps);
  const db = clientOf(env, options);
  const current = await db.prepare(`SELECT ${s.pointer} AS "pointer" FROM ${s.L} WHERE ${s.pk} = ?1`).bind(id).first<{ pointer: number | null }>();
  if (!current) throw new HttpError(404, `page ${id} not found`, { code: "not_found" });
  if (current.pointer === null) throw new HttpError(409, `page ${id} is not published`, { code: "not_published" });
  const sets = [`${s.pointer} = NULL`, ...(s.updatedAt ? [`${s.updatedAt} = ${NOW_SQL}`] : [])];
  const statements = [
    db
      .prepare(`UPDATE ${s.V} SET ${s.status} = '${SUPERSEDED_STATUS}' WHERE ${s.parent} = ?1 AND ${s.status} = '${DRAFT_STATUS}'
        AND ${s.vid} <= (SELECT ${s.pointer} FROM ${s.L} WHERE ${s.pk} = ?1)`)
      .bind(id),
    db.prepare(`UPDATE ${s.L} SET ${sets.join(", ")} WHERE ${s.pk} = ?1 RETURNING ${s.live.selectList}`).bind(id),
  ];
  const index = searchIndexOf(deps.config);
  if (index) statements.push(unindexStatement(db, index, id));
  const results = await db.batch<Record<string, unknown>>(statements);
  noteSearchChange();
  const row = results[1]?.results[0];
  if (!row) throw new HttpError(404, `page ${id} not found`, { code: "not_found" });
  const page = decodeRow(s.live, row);
  // The row keeps its content: visitors saw it at its address until now.
  await deps.published?.({ id, before: page, after: null });
  return { page };
}
