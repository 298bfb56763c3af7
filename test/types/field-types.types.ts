import { cmsCollection } from "../../src/cms/cms-collection";
import type { FieldDef, FieldValue } from "../../src/cores/field-types";
import type { SectionCatalog } from "../../src/cores/sections";
import { courses } from "../../src/site/courses";

/*
 * Compile-time checks of field declarations (run by `npm run typecheck`): each `@ts-expect-error`
 * marks a misuse that must not compile; if it did, tsc reports the directive as unused.
 */
export const ok = cmsCollection(courses, {
  fields: {
    title: { type: "text", maxLength: 80, pattern: "[A-Z].*" },
    price: { type: "number", integer: false, min: 0, max: 10, unit: "EUR" },
    level: { type: "select", options: [{ value: "beginner", label: "Beginner" }] },
    free: { type: "boolean" },
    slug: { type: "slug", required: true },
  },
});

export const minOnText = cmsCollection(courses, {
  // @ts-expect-error `min` belongs to number fields, not text
  fields: { title: { type: "text", min: 1 } },
});

export const unitOnBoolean = cmsCollection(courses, {
  // @ts-expect-error `unit` belongs to number fields
  fields: { free: { type: "boolean", unit: "EUR" } },
});

export const selectWithoutOptions = cmsCollection(courses, {
  // @ts-expect-error a select field needs its options
  fields: { level: { type: "select" } },
});

export const optionsWithoutLabels = cmsCollection(courses, {
  // @ts-expect-error each option has a value and a label
  fields: { level: { type: "select", options: ["beginner"] } },
});

export const unknownType = cmsCollection(courses, {
  // @ts-expect-error there is no `colour` type
  fields: { level: { type: "colour" } },
});

export const sectionCatalog: SectionCatalog = {
  // @ts-expect-error a slug belongs to a record, not to a section
  event: { fields: { day: { type: "date" }, key: { type: "slug" } } },
};

// @ts-expect-error `maxLength` belongs to text fields
export const numberWithMaxLength: FieldDef = { type: "number", maxLength: 3 };

/* Typed values follow the declaration. */
const price = { type: "number", unit: "EUR" } as const;
const category = { type: "select", options: [{ value: "talk", label: "Talk" }, { value: "meetup", label: "Meetup" }] } as const;
export const goodPrice: FieldValue<typeof price> = 12;
// @ts-expect-error a number field holds a number, not text
export const badPrice: FieldValue<typeof price> = "12";
export const goodCategory: FieldValue<typeof category> = "meetup";
// @ts-expect-error only a declared option's value
export const badCategory: FieldValue<typeof category> = "party";
// @ts-expect-error a boolean field holds true or false
export const badFree: FieldValue<{ type: "boolean" }> = "yes";

/* The service's typed draft edit refuses a wrong value type for a typed column. */
type SiteService = import("../../src/cms/cms-service").CmsServiceApi<typeof import("../../src/site/cms").siteCollections>;
declare const service: SiteService;
declare const session: import("../../src/shared/session").EditorSession;
export const typedEdit = () => service.saveDraft(session, "courses", 1, { price: 12, free: true, day: "2026-01-01" });
// @ts-expect-error price is a number
export const editPrice = () => service.saveDraft(session, "courses", 1, { price: "cheap" });
// @ts-expect-error free is a boolean
export const editFree = () => service.saveDraft(session, "courses", 1, { free: "yes" });

export const numberOverText = cmsCollection(courses, {
  // @ts-expect-error `level` is a text column: a number field needs integer(…) or real(…)
  fields: { level: { type: "number" } },
});

export const imageOverText = cmsCollection(courses, {
  // @ts-expect-error `link` is a text column without JSON mode: an image field needs text(…, { mode: "json" })
  fields: { link: { type: "image" } },
});

export const imageAndNumberFit = cmsCollection(courses, { fields: { image: { type: "image" }, seats: { type: "number" }, level: { type: "select", options: [{ value: "a", label: "A" }] } } });
