import { describe, expect, it } from "vitest";
import { defineCollection } from "../../src/cores/collection";
import { decodeRow, ident, tableMeta } from "../../src/cores/table-meta";
import { pages, pagesVersions } from "../../src/tables/pages";

describe("ident", () => {
  it.each([
    ["pages", '"pages"'],
    ['we"ird', '"we""ird"'],
  ])("quotes %s as %s", (name, quoted) => expect(ident(name)).toBe(quoted));

  it("refuses an empty name", () => expect(() => ident("")).toThrow(TypeError));
});

describe("tableMeta", () => {
  it("reads column names keyed by property names from a Drizzle table", () => {
    const meta = tableMeta(pages);
    expect(meta.name).toBe("pages");
    expect(meta.primaryKey).toBe("id");
    expect(meta.columns.publishedVersionId).toMatchObject({ name: "published_version_id", json: false });
    expect(meta.columns.sections).toMatchObject({ name: "sections", json: true });
    expect(tableMeta(pagesVersions).columns.versionData).toMatchObject({ name: "version_data", json: true });
  });

  it("aliases SQL names to property names in its select list", () => {
    expect(tableMeta(pages).selectList).toContain('"published_version_id" AS "publishedVersionId"');
  });

  it("parses JSON columns when decoding a row", () => {
    expect(decodeRow(tableMeta(pages), { id: 1, sections: '[{"type":"hero"}]', title: "[not json]" })).toEqual({
      id: 1,
      sections: [{ type: "hero" }],
      title: "[not json]",
    });
  });
});

describe("defineCollection", () => {
  it("accepts a valid declaration", () => {
    expect(defineCollection({ slug: "posts", fields: { title: { type: "text" } } }).slug).toBe("posts");
  });

  it.each([
    ["a bad slug", { slug: "my posts", fields: { title: { type: "text" } } }],
    ["no fields", { slug: "posts", fields: {} }],
    ["an unknown type", { slug: "posts", fields: { title: { type: "string" } } }],
    ["a search field that is not declared", { slug: "posts", fields: { title: { type: "text" } }, search: { fields: ["body"] } }],
    ["a bad maxPerDoc", { slug: "posts", fields: { title: { type: "text" } }, versions: { drafts: true, maxPerDoc: 0 } }],
  ])("refuses %s", (_name, config) => {
    expect(() => defineCollection(config as Parameters<typeof defineCollection>[0])).toThrow(TypeError);
  });
});
