import type { DraftDeps } from "../cores/drafts";
import type { SiteEnv } from "./env";
import { siteCms } from "./cms";

/** Collections of the reference site that have live rooms. */
export const ROOM_COLLECTIONS = siteCms.registry.roomSlugs;

/**
 * The reference site's room registry: collection slug → the draft deps a `PageRoom` writes with,
 * read from the site's one `createCms` declaration (the same deps its REST routes use, with the
 * edge cache's purge after each publish).
 *
 * @example
 * const deps = roomCollections(env).pages;
 */
export function roomCollections(env: SiteEnv): Record<string, DraftDeps> {
  return siteCms.roomDeps(env);
}
