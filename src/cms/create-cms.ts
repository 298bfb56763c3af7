import { currentAccess, sessionStandings, type SessionStanding } from "../auth/resolve-editor";
import type { EditorSession } from "../shared/session";
import type { DraftDeps } from "../cores/drafts";
import { PageRoom } from "../objects/PageRoom";
import { draftWriterFor } from "../objects/room-client";
import { RateLimitObject } from "../objects/rate-limit-object";
import { mediaBaseOf, type CmsCollections } from "./cms-registry";
import { cmsRoutes, mentionMailer, type CmsConfig, type CmsEnv, type CmsRoutes } from "./cms-routes";
import { createCmsService, type CmsServiceClass } from "./cms-service";
import { purgingSettings } from "./edge-cache";

/** `createCms`'s declaration: collections, auth, media, settings, forms, and the rooms' limits. */
export type CreateCmsConfig<Env extends CmsEnv, C extends CmsCollections> = CmsConfig<Env, C>;

/** What a site gets from `createCms`. */
export interface Cms<Env extends CmsEnv, C extends CmsCollections> extends CmsRoutes<Env, C> {
  /** The Durable Object class to export as `PageRoom` (bound as `PAGE_ROOM`): a subclass configured for these collections only. */
  PageRoom: typeof PageRoom;
  /** The Durable Object class to export as `RateLimitObject` (bound as `RATE_LIMIT`): sign-in and form limits. */
  RateLimitObject: typeof RateLimitObject;
  /** The service-binding entrypoint to export (e.g. as `CmsService`), over these collections. */
  CmsService: CmsServiceClass<Env, C>;
  /** The draft cores' deps of a drafts-enabled collection, for a site's own page rendering. */
  draftDeps(slug: keyof C & string, env: Pick<Env, "MEDIA_URL">): DraftDeps | undefined;
  /**
   * The deps the rooms write with, by collection: the draft deps and, with `edgeCache`, the purge
   * after each publish and unpublish. A room configured anew (`PageRoom.configure`) takes these,
   * so it purges as the declared one does.
   */
  roomDeps(env: Env): Record<string, DraftDeps>;
}

/**
 * One typed entry point for a site: declare collections (fields checked against their tables at
 * compile time), auth, media, settings and forms once, and get the `/api/cms/*` handler (mounted in
 * the contract's order, with the room gate and public media), the configured `PageRoom` class,
 * and a `CmsService` over exactly these collections. REST draft writes go through the page's room
 * when `PAGE_ROOM` is bound.
 *
 * @example
 * const cms = createCms({ collections: { pages: pagesCollection }, media: {} });
 * export const { PageRoom, RateLimitObject, CmsService } = cms;
 * export default { fetch: async (req, env, ctx) => (await cms.route(req, env, ctx)) ?? new Response("Not found", { status: 404 }) };
 */
export function createCms<Env extends CmsEnv, const C extends CmsCollections>(config: CreateCmsConfig<Env, C>): Cms<Env, C> {
  const routes = cmsRoutes<Env, C>(config);
  const { registry, edge } = routes;
  // Every publish and unpublish runs in a room (REST, the service binding and a scheduled publish
  // all reach it), so the room's deps are where the edge purge is wired.
  const roomDeps = (env: Env) => {
    const deps: Record<string, DraftDeps> = {};
    for (const slug of registry.roomSlugs) {
      const found = registry.draftDeps(slug, mediaBaseOf(env));
      if (found) deps[slug] = edge ? { ...found, published: (change) => edge.purgeChange(env, slug, change) } : found;
    }
    return deps;
  };
  const Room = PageRoom.configured<Env>({
    collections: roomDeps,
    ...(config.rooms?.limits ? { limits: config.rooms.limits } : {}),
    ...(config.log ? { log: config.log } : {}),
    // With the built-in sign-in, open room connections end when their session does (sign-out,
    // removal) or its role or scope changes, and a scheduled publish fires only while its
    // scheduler is still a publisher whose scope holds the page.
    ...(config.auth === undefined || "signIn" in config.auth
      ? { sessionsLive: async (env: Env, sessions: readonly EditorSession[]) => (await sessionStandings(env, sessions)).map(sessionLiveness), publishAccess: (env: Env, session: EditorSession) => currentAccess(env, session) }
      : {}),
  });
  const mailer = mentionMailer(config);
  const CmsService = createCmsService<Env, C>({
    registry,
    writer: draftWriterFor,
    ...(config.settings ? { settings: purgingSettings(config.settings, edge) } : {}),
    ...(config.log ? { log: config.log } : {}),
    ...(mailer ? { mailer } : {}),
    ...(config.review?.limit ? { reviewLimit: config.review.limit } : {}),
  });
  return { ...routes, PageRoom: Room, RateLimitObject, CmsService, draftDeps: (slug, env) => registry.draftDeps(slug, mediaBaseOf(env)), roomDeps };
}

/* The room's reading of a session's standing: live, ended, or changed (role or scope). */
function sessionLiveness(standing: SessionStanding): boolean | "changed" {
  return standing === "changed" ? "changed" : standing === "live";
}
