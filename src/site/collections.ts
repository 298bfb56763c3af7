import { cmsCollection } from "../cms/cms-collection";
import { registerCollection } from "../cms/cms-registry";
import { assertValidSections, type SectionCatalog } from "../cores/sections";
import { pages, pagesVersions } from "../tables/pages";

/** Section types the demo pages may hold. */
export const sectionCatalog: SectionCatalog = {
  hero: {
    label: "Hero",
    description: "A large heading with a line of text and a picture",
    fields: {
      heading: { type: "text", required: true, maxLength: 160 },
      text: { type: "text", maxLength: 500 },
      image: { type: "image" },
    },
  },
  features: {
    label: "Features",
    description: "A heading over a list of short points",
    fields: {
      heading: { type: "text", maxLength: 160 },
      items: {
        type: "list",
        max: 12,
        of: { title: { type: "text", required: true, maxLength: 120 }, text: { type: "text", maxLength: 400 } },
      },
    },
  },
  quote: {
    label: "Quote",
    description: "Words someone said, and who said them",
    fields: {
      text: { type: "text", required: true, maxLength: 500 },
      author: { type: "text", maxLength: 120 },
    },
  },
};

/**
 * The reference site's `pages` collection, declared once for every write path (REST routes,
 * inline save, the live room, the service binding): drafts and full-text search on, the inline
 * editable paths the page renderer marks, and the section catalog with the strict media rule.
 */
export const pagesDeclaration = cmsCollection(pages, {
  versionsTable: pagesVersions,
  fields: {
    slug: { type: "text", required: true, maxLength: 120 },
    title: { type: "text", required: true, maxLength: 200 },
    body: { type: "richtext" },
    sections: { type: "json", catalog: sectionCatalog },
  },
  drafts: { maxPerDoc: 100 },
  search: ["title", "body", "sections"],
  inline: {
    title: "text",
    body: "richtext",
    "sections.*.heading": "text",
    "sections.*.text": "text",
    "sections.*.image": "image",
    "sections.*.author": "text",
    "sections.*.items.*.title": "text",
    "sections.*.items.*.text": "text",
  },
  validate: (data, { operation, mediaBase }) => {
    if (data.sections !== undefined) assertValidSections(sectionCatalog, data.sections, { operation, mediaBase });
  },
});

/** The checked `CollectionConfig` of `pages`, as the cores read it. */
export const pagesCollection = registerCollection("pages", pagesDeclaration).config;
