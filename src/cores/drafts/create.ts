import type { EditorSession } from "../../shared/session";
import { insertedRow, insertRowStatement } from "../pages/page-store";
import { clientOf, DRAFT_STATUS, draftSql, liveSnapshotSql, type DraftDeps, type DraftRunOptions } from "./draft-deps";

/**
 * Creates a record of a drafts collection: the row, and its content as its first pending version,
 * in one batch. So the record can be published at once (there is something pending) and its
 * history shows its first content. The version's data is the row's own snapshot (`liveSnapshotSql`),
 * which is how a read of the row finds the version it shows. Visitors see nothing until a publish.
 * A taken unique value is a 409 and writes nothing. `sourceVersionId`: a translation's, the source
 * version it is made from.
 *
 * @example
 * const { row, versionId } = await applyCreate(env, deps, session, { slug: "new", title: "New" });
 */
export async function applyCreate(
  env: { DB: D1Database },
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  session: EditorSession,
  data: Record<string, unknown>,
  options: DraftRunOptions & { sourceVersionId?: number } = {},
): Promise<{ row: Record<string, unknown>; versionId: number }> {
  const s = draftSql(deps);
  const db = clientOf(env, options);
  const binds: unknown[] = [];
  const bound = (value: unknown) => `?${binds.push(value)}`;
  const columns = [s.parent, s.status, s.data, ...(s.createdBy ? [s.createdBy] : [])];
  const values = [`p.${s.pk}`, `'${DRAFT_STATUS}'`, liveSnapshotSql(s, "p"), ...(s.createdBy ? [bound(session.id)] : [])];
  // A translation made from its source names the source version it was copied from.
  if (s.sourceVersion && options.sourceVersionId !== undefined) {
    columns.push(s.sourceVersion);
    values.push(bound(options.sourceVersionId));
  }
  // changes() = 1 only when the row insert above really inserted: a unique conflict inserts no
  // row, and last_insert_rowid() would then still name an older insert of this connection.
  const version = db
    .prepare(`INSERT INTO ${s.V} (${columns.join(", ")}) SELECT ${values.join(", ")} FROM ${s.L} p
      WHERE p.${s.pk} = last_insert_rowid() AND changes() = 1 RETURNING ${s.vid} AS "id"`)
    .bind(...binds);
  const [inserted, versioned] = await db.batch<Record<string, unknown>>([insertRowStatement(db, s.live, data), version]);
  const row = insertedRow(s.live, inserted?.results[0]);
  return { row, versionId: Number(versioned?.results[0]?.id) };
}
