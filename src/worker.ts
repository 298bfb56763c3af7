import { siteCms } from "./site/cms";
import type { SiteEnv } from "./site/env";
import { siteWorker } from "./site/site-worker";

/*
 * The reference site, built on `createCms` as a consumer would be: the Durable Object classes and
 * the service-binding entrypoint are exported by name (wrangler.toml binds them), and the fetch
 * handler (src/site/site-worker.ts) tries the CMS (rooms, `/api/cms/*`, public media) before the
 * course and demo pages.
 */
export const { PageRoom, RateLimitObject, CmsService } = siteCms;
export { PlatformRateLimitObject } from "./commerce/storefront-platform/shared-bucket-object";

export default siteWorker(siteCms) satisfies ExportedHandler<SiteEnv>;
