import { describe, expect, it } from "vitest";
import { listShape } from "../../src/cores/list-shape";
import { assertValidSections, sectionViolations, type SectionCatalog } from "../../src/cores/sections";
import { LouiseValidationError } from "../../src/shared/errors";

const catalog: SectionCatalog = {
  hero: { fields: { heading: { type: "text", required: true, maxLength: 10 }, image: { type: "image" }, link: { type: "url" } } },
  stats: { fields: { count: { type: "number", min: 0, max: 10 }, live: { type: "boolean" } } },
  list: { fields: { items: { type: "list", max: 2, of: { title: { type: "text", required: true } } } } },
};
const MEDIA = "https://media.site.test";

const codes = (sections: unknown, operation: "create" | "draft" | "publish" = "create", mediaBase?: string) =>
  sectionViolations(catalog, sections, { operation, ...(mediaBase ? { mediaBase } : {}) }).map((v) => `${v.path}:${v.code}`);

describe("sectionViolations", () => {
  it.each<[string, unknown, string[]]>([
    ["an empty list", [], []],
    ["not an array", { type: "hero" }, ["sections:type"]],
    ["a non-object section", ["hero"], ["sections.0:type"]],
    ["an unknown type", [{ type: "carousel" }], ["sections.0.type:unknown_type"]],
    ["a missing required field", [{ type: "hero" }], ["sections.0.heading:required"]],
    ["an unknown field", [{ type: "hero", heading: "Hi", colour: "red" }], ["sections.0.colour:unknown_field"]],
    ["an id is allowed", [{ type: "hero", id: "a1", heading: "Hi" }], []],
    ["an id that is not an id", [{ type: "hero", id: "<b>", heading: "Hi" }], ["sections.0.id:invalid_id"]],
    ["a number as an id", [{ type: "hero", id: 7, heading: "Hi" }], ["sections.0.id:invalid_id"]],
    ["a list item with an id", [{ type: "list", items: [{ id: "i1", title: "a" }] }], []],
    ["text too long", [{ type: "hero", heading: "x".repeat(11) }], ["sections.0.heading:too_long"]],
    ["a javascript: link", [{ type: "hero", heading: "Hi", link: "javascript:alert(1)" }], ["sections.0.link:unsafe_url"]],
    ["a relative link", [{ type: "hero", heading: "Hi", link: "/about" }], []],
    ["a number out of range", [{ type: "stats", count: 11 }], ["sections.0.count:out_of_range"]],
    ["a string for a number", [{ type: "stats", count: "3" }], ["sections.0.count:type"]],
    ["a string for a boolean", [{ type: "stats", live: "yes" }], ["sections.0.live:type"]],
    ["a list item missing a field", [{ type: "list", items: [{ title: "a" }, {}] }], ["sections.0.items.1.title:required"]],
    ["a list over its max", [{ type: "list", items: [{ title: "a" }, { title: "b" }, { title: "c" }] }], ["sections.0.items:too_many"]],
    ["a data: image", [{ type: "hero", heading: "Hi", image: "data:image/png;base64,AAAA" }], ["sections.0.image:unsafe_url"]],
    ["a remote image without mediaBase", [{ type: "hero", heading: "Hi", image: { src: "https://cdn.test/a.png", alt: "A" } }], []],
    ["an image object with a non-string alt", [{ type: "hero", heading: "Hi", image: { src: "/a.png", alt: 3 } }], ["sections.0.image:type"]],
  ])("%s", (_name, sections, expected) => {
    expect(codes(sections)).toEqual(expected);
  });

  it("lets a draft leave required fields empty, but not publish", () => {
    expect(codes([{ type: "hero" }], "draft")).toEqual([]);
    expect(codes([{ type: "hero" }], "publish")).toEqual(["sections.0.heading:required"]);
  });

  it("with mediaBase rejects a remote image and keeps a media asset", () => {
    expect(codes([{ type: "hero", heading: "Hi", image: "https://cdn.test/a.png" }], "create", MEDIA)).toEqual(["sections.0.image:not_media"]);
    expect(codes([{ type: "hero", heading: "Hi", image: `${MEDIA}/uploads/a.png` }], "create", MEDIA)).toEqual([]);
  });
});

describe("assertValidSections", () => {
  it("throws a LouiseValidationError (422) carrying every violation", () => {
    try {
      assertValidSections(catalog, [{ type: "hero" }, { type: "x" }], { operation: "create" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LouiseValidationError);
      expect((error as LouiseValidationError).status).toBe(422);
      expect((error as LouiseValidationError).violations).toHaveLength(2);
    }
  });

  it("returns quietly for valid sections", () => {
    expect(() => assertValidSections(catalog, [{ type: "hero", heading: "Hi" }], { operation: "create" })).not.toThrow();
  });
});

describe("listShape: a catalog as the live room holds it", () => {
  it("gives each key one shape across the catalog's kinds, nested lists included", () => {
    const shape = listShape(catalog);
    expect([...(shape.types ?? [])]).toEqual(["hero", "stats", "list"]);
    expect(shape.fields.get("heading")).toEqual({ kind: "text" });
    expect(shape.fields.get("image")).toEqual({ kind: "value", def: { type: "image" } });
    const items = shape.fields.get("items");
    expect(items?.kind === "list" && items.list.fields.get("title")).toEqual({ kind: "text" });
  });

  it("refuses at start-up a key declared with two types, or a field named type, id or _pos (the room's position key)", () => {
    expect(() => listShape({ a: { fields: { x: { type: "text" } } }, b: { fields: { x: { type: "number" } } } })).toThrow(TypeError);
    expect(() => listShape({ a: { fields: { id: { type: "text" } } } })).toThrow(TypeError);
    expect(() => listShape({ a: { fields: { items: { type: "list", of: { _pos: { type: "text" } } } } } })).toThrow(/"_pos" is kept for every entry/);
  });
});

describe("section fields use the collection field types", () => {
  const typed: SectionCatalog = {
    event: {
      fields: {
        day: { type: "date", required: true },
        price: { type: "number", min: 0, unit: "EUR" },
        kind: { type: "select", options: [{ value: "talk", label: "Talk" }] },
        link: { type: "url" },
        open: { type: "boolean" },
      },
    },
  };

  it("checks each value by its declaration, with its path", () => {
    const violations = sectionViolations(typed, [{ type: "event", day: "2026-02-30", price: -1, kind: "party", link: "javascript:x", open: "yes" }], { operation: "draft" });
    expect(violations.map((v) => `${v.path}:${v.code}`)).toEqual([
      "sections.0.day:invalid_date",
      "sections.0.price:out_of_range",
      "sections.0.kind:not_an_option",
      "sections.0.link:unsafe_url",
      "sections.0.open:type",
    ]);
    expect(sectionViolations(typed, [{ type: "event", day: "2026-02-28", price: 3, kind: "talk", link: "/x", open: true }], { operation: "publish" })).toEqual([]);
  });

  it("keeps one declaration per key across kinds, so the room judges a value one way", () => {
    const select = (value: string) => ({ type: "select" as const, options: [{ value, label: value }] });
    expect(() => listShape({ a: { fields: { x: select("a") } }, b: { fields: { x: select("b") } } })).toThrow(/different options/);
    expect(() => listShape({ a: { fields: { x: { type: "date", required: true } } }, b: { fields: { x: { type: "date" } } } })).not.toThrow();
  });
});

describe("section violations in the editor's words", () => {
  const labelled: SectionCatalog = {
    cta: { label: "Call to action", fields: { label: { type: "text", required: true, maxLength: 5, label: "Button text" }, href: { type: "url", required: true, label: "Link" }, note: { type: "text", required: true } } },
  };
  it("names each field by its declared label, else its key", () => {
    const publish = sectionViolations(labelled, [{ type: "cta", label: "", href: "" }], { operation: "publish" });
    expect(publish.map((v) => [v.path, v.message])).toEqual([
      ["sections.0.label", "Button text is required"],
      ["sections.0.href", "Link is required"],
      ["sections.0.note", "note is required"],
    ]);
    const invalid = sectionViolations(labelled, [{ type: "cta", label: "Too long", href: "javascript:x", note: "n" }], { operation: "draft" });
    expect(invalid.map((v) => v.message)).toEqual(["Button text is longer than 5 characters", "Link must be an http(s), mailto, tel or relative URL"]);
  });
});
