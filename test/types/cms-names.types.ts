import { cmsMarker } from "../../src/cms/cms-view";
import { siteCms, type siteCollections } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";

/*
 * Compile-time checks of the collection and field names a site's pages pass (run by `npm run
 * typecheck`): each `@ts-expect-error` marks a typo that must not compile.
 */
declare const request: Request;
declare const env: SiteEnv;

export const view = () => siteCms.view(request, env, "pages", 1);
// @ts-expect-error `page` is not one of the site's collections
export const viewTypo = () => siteCms.view(request, env, "page", 1);

export const marker = siteCms.marker("pages", 1, "title");
export const markerPath = siteCms.marker("pages", 1, "sections.0.heading");
// @ts-expect-error `posts` is not one of the site's collections
export const markerCollectionTypo = siteCms.marker("posts", 1, "title");
// @ts-expect-error `titel` is not a declared field of pages
export const markerFieldTypo = siteCms.marker("pages", 1, "titel");

export const typedMarker = cmsMarker<typeof siteCollections>("pages", 1, "body", "richtext");
// @ts-expect-error `page` is not one of the site's collections
export const typedMarkerTypo = cmsMarker<typeof siteCollections>("page", 1, "body");
// @ts-expect-error `bdy` is not a declared field of pages
export const typedFieldTypo = cmsMarker<typeof siteCollections>("pages", 1, "bdy");
