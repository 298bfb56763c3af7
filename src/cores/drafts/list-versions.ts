import type { D1Client } from "../d1-client";
import { decodeRow, ident } from "../table-meta";
import { draftSql, editableVersionSql, pendingSql, type DraftDeps } from "./draft-deps";

/** How a version stands: `published` is live now, `pending` is a draft newer than the live version, the rest `superseded`. */
export type VersionState = "pending" | "superseded" | "published";

/** A page of versions, newest first; `next` is the cursor for older ones. */
export interface VersionPage {
  items: (Record<string, unknown> & { id: number; state: VersionState })[];
  next: string | null;
  /** The version edit mode shows (the newest pending draft, else the row's): the list's `ETag`. */
  editableVersionId: number | null;
}

/**
 * A page's versions, newest first, each marked with its `state` (and its raw `status`: a
 * `superseded` version whose status is `published` was live once). `null` when there is no such
 * page. The page check and the list run as one batch, so they agree.
 *
 * @example
 * const { items, next } = (await listVersions(env.DB, deps, 12, { limit: 20, cursor: null }))!;
 */
export async function listVersions(
  db: D1Client,
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  id: number,
  page: { limit: number; cursor: number | null },
): Promise<VersionPage | null> {
  const s = draftSql(deps);
  const state = `CASE WHEN v.${s.vid} = p.${s.pointer} THEN 'published' WHEN ${pendingSql(s, "v", "p")} THEN 'pending' ELSE 'superseded' END`;
  const columns = Object.values(s.versions.columns).map((c) => `v.${ident(c.name)} AS ${ident(c.property)}`).join(", ");
  const [pageRows, versionRows] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT ${editableVersionSql(s, "p")} AS "editable" FROM ${s.L} p WHERE p.${s.pk} = ?1`).bind(id),
    db
      .prepare(`SELECT ${columns}, ${state} AS "state" FROM ${s.V} v JOIN ${s.L} p ON p.${s.pk} = v.${s.parent}
        WHERE v.${s.parent} = ?1 AND v.${s.vid} < ?2 ORDER BY v.${s.vid} DESC LIMIT ?3`)
      .bind(id, page.cursor ?? Number.MAX_SAFE_INTEGER, page.limit + 1),
  ]);
  const found = pageRows?.results[0];
  if (!found) return null;
  const rows = versionRows?.results ?? [];
  const items = rows.slice(0, page.limit).map((row) => decodeRow(s.versions, row) as VersionPage["items"][number]);
  const last = items.at(-1);
  const editable = found.editable === null || found.editable === undefined ? null : Number(found.editable);
  return { items, next: rows.length > page.limit && last ? String(last.id) : null, editableVersionId: editable };
}
