import { cmsCollection } from "../cms/cms-collection";
import { resolveLanguages } from "../cms/cms-languages";
import { registerCollection } from "../cms/cms-registry";
import { assertValidSections, type SectionCatalog, type SectionFieldDef } from "../cores/sections";
import { LouiseValidationError } from "../shared/errors";
import { isReservedSlug, isSlug } from "../shared/slug";
import { pageRedirects, pages, pagesVersions } from "../tables/pages";
import { SITE_LANGUAGES } from "./site-languages";

const LOCALE_SEGMENTS: ReadonlySet<string> = new Set(SITE_LANGUAGES.locales);

/** The looks a call to action may take; the page renders each as a class (`cta-primary`). */
export const CTA_STYLES = [
  { value: "primary", label: "Primary" },
  { value: "secondary", label: "Secondary" },
] as const;

/** A call to action's fields: its words, where it leads (the one URL rule) and its look. */
export const CTA_FIELDS = {
  label: { type: "text", required: true, maxLength: 80, label: "Button text" },
  href: { type: "url", required: true, label: "Link", placeholder: "Where the button goes" },
  style: { type: "select", options: CTA_STYLES, label: "Style" },
} as const satisfies Record<string, SectionFieldDef>;

/** Section types the demo pages may hold. */
export const sectionCatalog: SectionCatalog = {
  hero: {
    label: "Hero",
    description: "A large heading with a line of text and a picture",
    fields: {
      heading: { type: "text", required: true, maxLength: 160, label: "Heading" },
      text: { type: "text", maxLength: 500, label: "Text", placeholder: "A line under the heading" },
      image: { type: "image", label: "Picture" },
    },
  },
  features: {
    label: "Features",
    description: "A heading over a list of short points",
    fields: {
      heading: { type: "text", maxLength: 160, label: "Heading" },
      items: {
        type: "list",
        max: 12,
        label: "Points",
        of: { title: { type: "text", required: true, maxLength: 120, label: "Point" }, text: { type: "text", maxLength: 400, label: "Text", placeholder: "A sentence about this point" } },
      },
    },
  },
  quote: {
    label: "Quote",
    description: "Words someone said, and who said them",
    fields: {
      text: { type: "text", required: true, maxLength: 500, label: "Quote", placeholder: "The words someone said" },
      author: { type: "text", maxLength: 120, label: "Author", placeholder: "Who said it" },
    },
  },
  cta: {
    label: "Call to action",
    description: "A button that takes visitors somewhere",
    fields: CTA_FIELDS,
  },
};

/**
 * The reference site's `pages` collection, declared once for every write path (REST routes,
 * inline save, the live room, the service binding): drafts and full-text search on, the inline
 * editable paths the page renderer marks, the section catalog with the strict media rule, and the
 * slug: a well-formed address, whose old value redirects to the new one once a rename is published.
 * Translated into the site's languages, each translation with every field its own.
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
    "sections.*.label": "text",
    "sections.*.href": "url",
    "sections.*.style": "select",
    "sections.*.items.*.title": "text",
    "sections.*.items.*.text": "text",
  },
  redirects: { table: pageRedirects, field: "slug" },
  localized: { shared: [] },
  validate: (data, { operation, mediaBase }) => {
    // The slug is the page's address (`/<slug>`): one the site can serve, from every write path.
    if (data.slug !== undefined && !isSlug(data.slug)) {
      throw new LouiseValidationError([{ path: "slug", message: "slug must be lower-case letters, digits and hyphens (up to 120), starting with a letter or digit", code: "pattern" }]);
    }
    if (typeof data.slug === "string" && isReservedSlug(data.slug)) {
      throw new LouiseValidationError([{ path: "slug", message: `/${data.slug} is the site's own address; choose another slug`, code: "reserved" }]);
    }
    // `/de` is the German home page's address: an English page there could never be visited.
    if (typeof data.slug === "string" && LOCALE_SEGMENTS.has(data.slug)) {
      throw new LouiseValidationError([{ path: "slug", message: `/${data.slug} is the address of the site's ${data.slug} pages; choose another slug`, code: "reserved" }]);
    }
    if (data.sections !== undefined) assertValidSections(sectionCatalog, data.sections, { operation, mediaBase });
  },
});

/** The checked `CollectionConfig` of `pages`, as the cores read it. */
export const pagesCollection = registerCollection("pages", pagesDeclaration, resolveLanguages(SITE_LANGUAGES)).config;
