/*
 * "cms-toolkit/workers": what only runs in workerd, because it extends a Workers runtime class
 * (`DurableObject`, `WorkerEntrypoint`, partyserver's `Server`) from `cloudflare:workers`. Kept out
 * of the root entry so the root and the commerce clients load in Node and in tests without workerd.
 */

// One typed entry point: routes, the configured room and the service over a site's collections
export { createCms } from "./cms/create-cms";
export type { Cms, CreateCmsConfig } from "./cms/create-cms";
export { createCmsService } from "./cms/cms-service";
export type { CmsServiceApi, CmsServiceClass, CmsServiceOptions, DraftEdit, DraftSlug, ServiceResult } from "./cms/cms-service";

// The per-page room
export { PageRoom } from "./objects/PageRoom";
export type { PageRoomOptions, RoomLimits } from "./objects/room-config";
export { DEFAULT_ROOM_LIMITS } from "./objects/room-config";
export type { ScheduledPublish } from "./objects/room-publish";

// Atomic rate limits (sign-in, forms): one object per limit key, bound as RATE_LIMIT
export { RateLimitObject } from "./objects/rate-limit-object";

// The storefront platform's budget shared across isolates
export { PlatformRateLimitObject } from "./commerce/storefront-platform/shared-bucket-object";
