import type { DraftDeps } from "../cores/drafts";
import type { SiteEnv } from "./env";
import { mediaBaseOf } from "../cms/cms-registry";
import { siteCms } from "./cms";

/** Collections of the reference site that have live rooms. */
export const ROOM_COLLECTIONS = siteCms.registry.roomSlugs;

/**
 * The reference site's room registry: collection slug → the draft deps a `PageRoom` writes with,
 * read from the site's one `createCms` declaration (the same deps its REST routes use).
 *
 * @example
 * const deps = roomCollections(env).pages;
 */
export function roomCollections(env: Pick<SiteEnv, "MEDIA_URL">): Record<string, DraftDeps> {
  const out: Record<string, DraftDeps> = {};
  for (const slug of ROOM_COLLECTIONS) {
    const deps = siteCms.registry.draftDeps(slug, mediaBaseOf(env));
    if (deps) out[slug] = deps;
  }
  return out;
}
