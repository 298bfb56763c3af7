import { defineCollection } from "../cores/collection";
import type { SectionCatalog } from "../cores/sections";

/** The reference site's `pages` collection: drafts and full-text search on. */
export const pagesCollection = defineCollection({
  slug: "pages",
  fields: {
    slug: { type: "text", required: true, maxLength: 120 },
    title: { type: "text", required: true, maxLength: 200 },
    body: { type: "richtext" },
    sections: { type: "json" },
  },
  versions: { drafts: true, maxPerDoc: 100 },
  search: { fields: ["title", "body", "sections"] },
});

/** Section types the demo pages may hold. */
export const sectionCatalog: SectionCatalog = {
  hero: {
    label: "Hero",
    fields: {
      heading: { type: "text", required: true, maxLength: 160 },
      text: { type: "text", maxLength: 500 },
      image: { type: "image" },
    },
  },
  features: {
    label: "Features",
    fields: {
      heading: { type: "text", maxLength: 160 },
      items: {
        type: "list",
        max: 12,
        of: { title: { type: "text", required: true, maxLength: 120 }, text: { type: "text", maxLength: 400 } },
      },
    },
  },
};
