import type { D1Client } from "../d1-client";
import type { DraftDeps } from "../drafts/draft-deps";
import { getRow } from "../pages/page-store";
import { tableMeta } from "../table-meta";
import { withSharedFields } from "./shared-fields";
import { sourceOf } from "./translations";

/*
 * A translation's history (issue 37): each version stores a copy of the shared fields made when the
 * translation was, which no write may change since, so it goes stale as the source moves on. The
 * history shows every version with the source's shared fields instead, as the record read does
 * (the source's row); the shared fields' own history is the source's.
 */

/** A page of versions as the history answers it: each item's snapshot is its `versionData`. */
export interface HistoryPage {
  items: readonly Record<string, unknown>[];
}

/**
 * `page` (record `id`'s history) with each version's shared fields taken from the source's row when
 * `id` is a translation of a translated collection; any other history comes back as it is.
 *
 * @example
 * const shown = await withSourceSharedHistory(env.DB, deps, 14, await listVersions(env.DB, deps, 14, paging));
 */
export async function withSourceSharedHistory<T extends HistoryPage>(db: D1Client, deps: Pick<DraftDeps, "table" | "versionsTable" | "config" | "localized">, id: number, page: T): Promise<T> {
  const shared = deps.localized?.shared ?? [];
  if (shared.length === 0) return page;
  const meta = tableMeta(deps.table);
  const family = await sourceOf(db, meta, id);
  if (!family || family.sourceId === id) return page;
  const source = await getRow(db, meta, family.sourceId);
  if (!source) return page;
  const items = page.items.map((item) => {
    const data = item.versionData;
    if (data === null || typeof data !== "object" || Array.isArray(data)) return item;
    return { ...item, versionData: withSharedFields(data as Record<string, unknown>, source, shared) };
  });
  return { ...page, items };
}
