import { describe, expect, it } from "vitest";
import { resolveFieldValue, setAtPath } from "../../../src/cores/save";

const MEDIA = "https://media.site.test";
const fields = {
  title: "text",
  body: "richtext",
  "sections.*.heading": "text",
  "sections.*.image": "image",
  "sections.*.items.*.title": "text",
} as const;

describe("resolveFieldValue: allowlisted addresses", () => {
  it.each([
    ["title", "Hi", { root: "title", segments: [], type: "text", value: "Hi" }],
    ["sections.2.heading", "H", { root: "sections", segments: [2, "heading"], type: "text", value: "H" }],
    ["sections.0.items.11.title", "T", { root: "sections", segments: [0, "items", 11, "title"], type: "text", value: "T" }],
    ["body", '<p onclick="x()">a<script>b</script></p>', { root: "body", segments: [], type: "richtext", value: "<p>a</p>" }],
    ["body", `<img src="https://evil.test/x.png"><img src="${MEDIA}/a.png" alt="">`, { root: "body", value: `<img src="${MEDIA}/a.png" alt="">` }],
    ["sections.1.image", `${MEDIA}/a.png`, { root: "sections", segments: [1, "image"], value: `${MEDIA}/a.png` }],
    ["sections.1.image", { src: `${MEDIA}/a.png`, alt: "Door", extra: 1 }, { value: { src: `${MEDIA}/a.png`, alt: "Door" } }],
    ["sections.1.image", null, { value: null }],
  ])("%s = %j", (field, value, expected) => {
    expect(resolveFieldValue({ fields }, field, value, { mediaBase: MEDIA })).toMatchObject(expected);
  });
});

describe("resolveFieldValue: refused", () => {
  it.each([
    ["slug", "x"],
    ["publishedVersionId", 3],
    ["sections", []],
    ["sections.heading", "x"],
    ["sections.-1.heading", "x"],
    ["sections.01.heading", "x"],
    ["sections.0.type", "hero"],
    ["sections.0.items.0.text", "x"],
    ["title.0", "x"],
    ["__proto__", "x"],
    ["", "x"],
  ])("%j is not allowlisted: 400", (field, value) => {
    expect(() => resolveFieldValue({ fields }, field, value)).toThrow(expect.objectContaining({ status: 400, code: "field_not_allowed" }));
  });

  it.each([
    ["title", 42, "type"],
    ["body", { html: "<p>" }, "type"],
    ["sections.0.image", "https://evil.test/x.png", "not_media"],
    ["sections.0.image", "javascript:alert(1)", "not_media"],
    ["sections.0.image", { src: `${MEDIA}/a.png`, alt: 3 }, "type"],
  ])("%s = %j is a 422 (%s)", (field, value, code) => {
    expect(() => resolveFieldValue({ fields }, field, value, { mediaBase: MEDIA })).toThrow(
      expect.objectContaining({ status: 422, violations: [expect.objectContaining({ path: field, code })] }),
    );
  });

  it("accepts any safe image URL without mediaBase", () => {
    expect(resolveFieldValue({ fields }, "sections.0.image", "https://cdn.test/x.png").value).toBe("https://cdn.test/x.png");
  });
});

describe("setAtPath", () => {
  const sections = Object.freeze([Object.freeze({ type: "hero", heading: "a" }), Object.freeze({ type: "features", items: Object.freeze([Object.freeze({ title: "t" })]) })]);
  it.each([
    [[0, "heading"], "b", [{ type: "hero", heading: "b" }, sections[1]]],
    [[1, "items", 0, "title"], "u", [sections[0], { type: "features", items: [{ title: "u" }] }]],
    [[0, "text"], "new leaf", [{ type: "hero", heading: "a", text: "new leaf" }, sections[1]]],
  ])("%j = %j without touching the input", (segments, value, expected) => {
    expect(setAtPath(sections, segments, value)).toEqual(expected);
  });

  it.each([[[2, "heading"]], [[1, "items", 1, "title"]], [[0, "heading", "x"]]])("%j is out of range: 400", (segments) => {
    expect(() => setAtPath(sections, segments, "x", "sections")).toThrow(expect.objectContaining({ status: 400, code: "index_out_of_range" }));
  });
});
