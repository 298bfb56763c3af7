import type { D1Client } from "../d1-client";
import { ident } from "../table-meta";
import { draftSql, newestPendingSql, snapshotFields, type DraftDeps } from "./draft-deps";

/** One record of a drafts collection as a list of pages shows it. */
export interface RecordOverview {
  id: number;
  /** Visitors see it (it has a published version). */
  published: boolean;
  /** It has a draft newer than what visitors see. */
  pending: boolean;
  /** The listed fields of the live row (where it lives: its `slug`). */
  live: Record<string, unknown>;
  /** The listed fields as the newest pending draft has them; `null` when nothing is pending. */
  draft: Record<string, unknown> | null;
}

/**
 * Records of a drafts collection in id order, `limit` at a time after `cursor`, each with the
 * listed `fields` of its live row and of its newest pending draft. One query: the list's states
 * are read at one moment.
 *
 * @example
 * await listRecordOverview(env.DB, deps, ["slug", "title"], { limit: 100, cursor: null })
 */
export async function listRecordOverview(
  db: D1Client,
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  fields: readonly string[],
  page: { limit: number; cursor: number | null },
  options: { sourcesOnly?: boolean } = {},
): Promise<{ items: RecordOverview[]; next: string | null }> {
  const s = draftSql(deps);
  // A translated collection's sources: each record once, in the default locale.
  const source = options.sourcesOnly ? s.live.columns.sourceId : undefined;
  const sources = source ? ` AND p.${ident(source.name)} IS NULL` : "";
  const listed = s.fields.filter(({ name }) => fields.includes(name));
  const columns = listed.map(({ name, column }) => `p.${ident(column.name)} AS ${ident(name)}`);
  const sql = `SELECT p.${s.pk} AS "id", p.${s.pointer} AS "pointer", (${newestPendingSql(s, "p", s.data)}) AS "draft"${columns.map((c) => `, ${c}`).join("")}
    FROM ${s.L} p WHERE p.${s.pk} > ?1${sources} ORDER BY p.${s.pk} LIMIT ?2`;
  const { results } = await db.prepare(sql).bind(page.cursor ?? 0, page.limit + 1).all<Record<string, unknown>>();
  const items = results.slice(0, page.limit).map((row): RecordOverview => {
    const draft = row.draft === null || row.draft === undefined ? null : snapshotFields(s, row.draft);
    return {
      id: Number(row.id),
      published: row.pointer !== null && row.pointer !== undefined,
      pending: draft !== null,
      live: Object.fromEntries(listed.map(({ name }) => [name, row[name]])),
      draft: draft && Object.fromEntries(listed.filter(({ name }) => Object.hasOwn(draft, name)).map(({ name }) => [name, draft[name]])),
    };
  });
  const next = results.length > page.limit && items.length > 0 ? String(items.at(-1)!.id) : null;
  return { items, next };
}
