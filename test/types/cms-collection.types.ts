import { cmsCollection } from "../../src/cms/cms-collection";
import { pages, pagesVersions } from "../../src/tables/pages";

/*
 * Compile-time checks of `cmsCollection` (run by `npm run typecheck`): each `@ts-expect-error`
 * marks a typo that must not compile; if it did, tsc reports the directive as unused.
 */
export const ok = cmsCollection(pages, {
  versionsTable: pagesVersions,
  fields: { title: { type: "text" }, body: { type: "richtext" }, sections: { type: "json" } },
  search: ["title", "body"],
  inline: { title: "text", "sections.*.heading": "text" },
  keyField: "slug",
});

export const fieldNotAColumn = cmsCollection(pages, {
  // @ts-expect-error `titel` is not a column of pages
  fields: { titel: { type: "text" } },
});

export const searchTypo = cmsCollection(pages, {
  fields: { title: { type: "text" } },
  // @ts-expect-error `body` is a column but not a declared field
  search: ["title", "body"],
});

export const inlineTypo = cmsCollection(pages, {
  fields: { title: { type: "text" }, sections: { type: "json" } },
  // @ts-expect-error `section.*.heading` does not start with a declared field
  inline: { "section.*.heading": "text" },
});

export const keyTypo = cmsCollection(pages, {
  fields: { title: { type: "text" } },
  // @ts-expect-error `slg` is not a column
  keyField: "slg",
});

/* The service's RPC types follow the site's collections: a field typo or a wrong value type in a draft edit does not compile. */
type SiteService = import("../../src/cms/cms-service").CmsServiceApi<typeof import("../../src/site/cms").siteCollections>;
declare const service: SiteService;
declare const session: import("../../src/shared/session").EditorSession;
export const typedEdit = () => service.saveDraft(session, "pages", 1, { title: "New", sections: [] });
// @ts-expect-error `titel` is not a field of pages
export const editTypo = () => service.saveDraft(session, "pages", 1, { titel: "New" });
// @ts-expect-error title is text, not a number
export const editType = () => service.saveDraft(session, "pages", 1, { title: 42 });
// @ts-expect-error `posts` is not one of the site's collections
export const unknownCollection = () => service.readPage(session, "posts", 1);
