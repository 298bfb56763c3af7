import { describe, expect, it } from "vitest";
import { checkFieldDef, coerceFieldValue, fieldValueProblem, type FieldDef } from "../../src/cores/field-types";

const MEDIA = "https://media.example.com";
const code = (def: FieldDef, value: unknown, mediaBase?: string) => fieldValueProblem(def, value, mediaBase)?.code ?? null;

describe("fieldValueProblem: one rule per type", () => {
  it.each<[string, FieldDef, unknown, string | null]>([
    ["text", { type: "text" }, "hi", null],
    ["text: a number", { type: "text" }, 3, "type"],
    ["text: maxLength", { type: "text", maxLength: 3 }, "four", "too_long"],
    ["text: pattern matches whole value", { type: "text", pattern: "[A-Z]{3}" }, "ABC", null],
    ["text: pattern refuses a partial match", { type: "text", pattern: "[A-Z]{3}" }, "ABCD", "pattern"],
    ["richtext", { type: "richtext" }, "<p>x</p>", null],
    ["number", { type: "number" }, 12.5, null],
    ["number: a numeric string (the room never coerces)", { type: "number" }, "12", "type"],
    ["number: NaN", { type: "number" }, Number.NaN, "type"],
    ["number: integer", { type: "number", integer: true }, 2.5, "type"],
    ["number: below min", { type: "number", min: 0 }, -1, "out_of_range"],
    ["number: above max", { type: "number", max: 10 }, 11, "out_of_range"],
    ["boolean", { type: "boolean" }, false, null],
    ["boolean: a string", { type: "boolean" }, "true", "type"],
    ["boolean: 0", { type: "boolean" }, 0, "type"],
    ["date", { type: "date" }, "2026-02-28", null],
    ["date: no 30 February", { type: "date" }, "2026-02-30", "invalid_date"],
    ["date: a date-time", { type: "date" }, "2026-02-28T10:00", "invalid_date"],
    ["datetime", { type: "datetime" }, "2026-02-28T10:00:00.000Z", null],
    ["datetime: no offset", { type: "datetime" }, "2026-02-28T10:00", "invalid_date"],
    ["datetime: hour 25", { type: "datetime" }, "2026-02-28T25:00:00.000Z", "invalid_date"],
    ["select", { type: "select", options: [{ value: "a", label: "A" }] }, "a", null],
    ["select: not an option", { type: "select", options: [{ value: "a", label: "A" }] }, "b", "not_an_option"],
    ["select: a label is not a value", { type: "select", options: [{ value: "a", label: "A" }] }, "A", "not_an_option"],
    ["url", { type: "url" }, "https://example.com/x", null],
    ["url: relative", { type: "url" }, "/about", null],
    ["url: javascript:", { type: "url" }, "javascript:alert(1)", "unsafe_url"],
    ["url: protocol-relative", { type: "url" }, "//evil.test/x", "unsafe_url"],
    ["url: protocol-relative with a backslash", { type: "url" }, "/\\evil.test", "unsafe_url"],
    ["url: two backslashes", { type: "url" }, "\\\\evil.test", "unsafe_url"],
    ["url: longer than 2048", { type: "url" }, `https://example.com/${"x".repeat(2048)}`, "too_long"],
    ["image: src longer than 2048", { type: "image" }, { src: `https://example.com/${"x".repeat(2048)}.png` }, "too_long"],
    ["image: alt longer than 2000", { type: "image" }, { src: "https://example.com/a.png", alt: "a".repeat(2001) }, "too_long"],
    ["slug", { type: "slug" }, "about-us-2", null],
    ["slug: uppercase", { type: "slug" }, "About", "invalid_slug"],
    ["slug: double hyphen", { type: "slug" }, "a--b", "invalid_slug"],
    ["image", { type: "image" }, { src: `${MEDIA}/a.png`, alt: "A" }, null],
    ["image: alt not text", { type: "image" }, { src: `${MEDIA}/a.png`, alt: 3 }, "type"],
    ["json", { type: "json" }, { any: [1] }, null],
  ])("%s", (_name, def, value, expected) => {
    expect(code(def, value)).toBe(expected);
  });

  it("holds images to the strict media rule when the site has a media base", () => {
    expect(code({ type: "image" }, { src: "https://evil.test/x.png" }, MEDIA)).toBe("not_media");
    expect(code({ type: "image" }, { src: `${MEDIA}/x.png`, alt: "" }, MEDIA)).toBeNull();
  });
});

describe("coerceFieldValue: loose input where nothing is lost", () => {
  it.each<[string, FieldDef["type"], unknown, unknown]>([
    ["a numeric string", "number", " 12.50 ", 12.5],
    ["an exponent", "number", "1e3", 1000],
    ["not a number stays", "number", "12 EUR", "12 EUR"],
    ["an empty number clears", "number", "", null],
    ["true", "boolean", "true", true],
    ["false", "boolean", "false", false],
    ["yes stays", "boolean", "yes", "yes"],
    ["a date-time with an offset to UTC", "datetime", "2026-03-01T10:30+01:00", "2026-03-01T09:30:00.000Z"],
    ["a date-time without an offset stays (its zone is unknown)", "datetime", "2026-03-01T10:30", "2026-03-01T10:30"],
    ["a bare host gains https", "url", "example.com/contact", "https://example.com/contact"],
    ["an email gains mailto", "url", "a@example.com", "mailto:a@example.com"],
    ["a path stays", "url", "/about", "/about"],
    ["a date stays as typed", "date", "2026-03-01", "2026-03-01"],
    ["text never changes", "text", " 12 ", " 12 "],
    ["a number stays a number", "number", 5, 5],
  ])("%s", (_name, type, value, expected) => {
    expect(coerceFieldValue(type, value)).toEqual(expected);
  });
});

describe("checkFieldDef: what the types cannot say", () => {
  it("refuses a select without options, duplicate options, min above max and a broken pattern", () => {
    expect(() => checkFieldDef({ type: "select", options: [] }, "f")).toThrow(/options/);
    expect(() => checkFieldDef({ type: "select", options: [{ value: "a", label: "A" }, { value: "a", label: "B" }] }, "f")).toThrow(/distinct/);
    expect(() => checkFieldDef({ type: "number", min: 2, max: 1 }, "f")).toThrow(/min/);
    expect(() => checkFieldDef({ type: "text", pattern: "(" }, "f")).toThrow(/pattern/);
    expect(() => checkFieldDef({ type: "colour" } as unknown as FieldDef, "f")).toThrow(/unknown type/);
  });
});
