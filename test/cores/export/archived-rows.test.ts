import { describe, expect, it } from "vitest";
import { archivedRowChecker, type ArchivedCollection } from "../../../src/cores/export/archived-rows";
import { assertValidSections, type SectionCatalog } from "../../../src/cores/sections";
import { pages } from "../../../src/tables/pages";

/* The package's pages table, whose `validate` hook checks its sections as a site's does: what an archive row is held to. */
const catalog: SectionCatalog = { cta: { label: "Button", fields: { href: { type: "url", required: true } } } };
const collection: ArchivedCollection = {
  table: pages,
  fields: {
    slug: { type: "text", required: true, maxLength: 120 },
    title: { type: "text", required: true, maxLength: 200 },
    body: { type: "richtext" },
    sections: { type: "json", catalog },
  },
  validate: (data, { operation, mediaBase }) => {
    if (data.sections !== undefined) assertValidSections(catalog, data.sections, { operation, mediaBase });
  },
};
const COLUMNS = ["id", "slug", "title", "body", "sections", "published_version_id"];
const check = archivedRowChecker(collection, COLUMNS);
const row = (changes: Partial<Record<(typeof COLUMNS)[number], unknown>>) => COLUMNS.map((name) => (name in changes ? changes[name] : { id: 7, slug: "hi", title: "Hi", body: "<p>Hi</p>", sections: "[]", published_version_id: 3 }[name]));

describe("an archived row is held to the rules of a write", () => {
  it("passes a row a save would have stored, unchanged", async () => {
    expect(await check(row({}))).toEqual({ row: row({}), cleaned: [], problems: [] });
  });

  it("sanitizes rich text as a save does, and names the field it cleaned", async () => {
    const result = await check(row({ body: '<p>Hi</p><script>alert(1)</script><img src="x" onerror="alert(1)">' }));
    expect(result.cleaned).toEqual(["body"]);
    expect(result.row[COLUMNS.indexOf("body")]).not.toMatch(/script|onerror/);
    expect(result.row[COLUMNS.indexOf("body")]).toContain("<p>Hi</p>");
    expect(result.problems).toEqual([]);
  });

  it("refuses a value over its bounds, an unsafe link in a section and a JSON column that does not parse", async () => {
    expect((await check(row({ title: "x".repeat(201) }))).problems).toEqual([expect.objectContaining({ path: "title" })]);
    const link = (await check(row({ sections: JSON.stringify([{ type: "cta", id: "s1", href: "javascript:alert(1)" }]) }))).problems;
    expect(link).toEqual([expect.objectContaining({ path: expect.stringMatching(/^sections/) })]);
    expect((await check(row({ sections: "[not json" }))).problems).toEqual([{ path: "sections", message: "sections is not JSON", code: "type" }]);
  });

  it("refuses a wrong type, and leaves columns that are no field alone", async () => {
    expect((await check(row({ slug: 12 }))).problems).toEqual([expect.objectContaining({ path: "slug", code: "type" })]);
    expect((await check(row({ published_version_id: "anything" }))).problems).toEqual([]);
  });
});
