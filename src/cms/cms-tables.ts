import { getTableName, type Table } from "drizzle-orm";
import { searchIndexOf } from "../cores/search";
import type { CmsRegistry } from "./cms-registry";

/** The parts of a site's declaration that own D1 tables. */
export interface DeclaredTableSources {
  registry: CmsRegistry;
  /** The built-in sign-in's `editors`, `editor_sessions` and `team_links` (sql/core.sql). */
  signIn: boolean;
  media?: Table | undefined;
  settings?: Table | undefined;
  forms?: readonly (Table | undefined)[];
  reviews?: readonly (Table | undefined)[];
  shareLinks?: Table | undefined;
  /** The activity log (sql/activity.sql): every site built by `createCms` records it. */
  activity?: boolean;
  /** The tables rooms keep in D1, `unflushed_rooms`, `scheduled_publishes` and `room_sessions` (sql/core.sql): every site whose collections have rooms. */
  roomTables?: boolean;
}

/**
 * Every D1 table a site's declaration reads or writes: each collection's table, its versions table
 * and its `<slug>_search` index, the sign-in tables, media, settings, forms, review and share-link tables. A
 * failure is checked against them, so a migration not yet applied is named as such.
 *
 * @example
 * declaredTables({ registry, signIn: true }) // ["pages", "pages_versions", "pages_search", "editors", "editor_sessions", "team_links"]
 */
export function declaredTables(sources: DeclaredTableSources): string[] {
  const names = new Set<string>();
  for (const entry of sources.registry.collections) {
    names.add(getTableName(entry.declared.table));
    if (entry.declared.versionsTable) names.add(getTableName(entry.declared.versionsTable));
    if (entry.declared.redirects) names.add(getTableName(entry.declared.redirects.table));
    const search = searchIndexOf(entry.config);
    if (search) names.add(search.name);
  }
  if (sources.signIn) for (const name of ["editors", "editor_sessions", "team_links"]) names.add(name);
  if (sources.activity) names.add("activity");
  if (sources.roomTables) for (const name of ["unflushed_rooms", "scheduled_publishes", "room_sessions"]) names.add(name);
  for (const table of [sources.media, sources.settings, ...(sources.forms ?? []), ...(sources.reviews ?? []), sources.shareLinks]) {
    if (table) names.add(getTableName(table));
  }
  return [...names];
}
