import type { DraftDeps } from "../cores/drafts";
import { assertValidSections } from "../cores/sections";
import { pagesCollection, sectionCatalog } from "./collections";
import type { SiteEnv } from "./env";
import { pages, pagesVersions } from "./schema";

/** Collections of the reference site that have live rooms. */
export const ROOM_COLLECTIONS = ["pages"] as const;

/**
 * The reference site's room registry: collection slug → the draft deps a `PageRoom` writes with.
 * The same table, collection, media base and `validate` as the site's REST routes, so a live edit
 * and a REST edit are checked alike. Handed to the room by `PageRoom.configure` in worker.ts.
 *
 * @example
 * PageRoom.configure<SiteEnv>({ collections: roomCollections });
 */
export function roomCollections(env: Pick<SiteEnv, "MEDIA_URL">): Record<string, DraftDeps> {
  const mediaBase = env.MEDIA_URL;
  return {
    pages: {
      table: pages,
      versionsTable: pagesVersions,
      config: pagesCollection,
      ...(mediaBase ? { mediaBase } : {}),
      validate: (snapshot, { operation }) => {
        if (snapshot.sections !== undefined) assertValidSections(sectionCatalog, snapshot.sections, { operation, mediaBase });
      },
    },
  };
}
