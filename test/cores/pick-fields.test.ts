import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_FIELDS, pickFields } from "../../src/cores/pick-fields";

const upper = (html: string) => html.toUpperCase();

describe("pickFields", () => {
  it.each([
    [{ title: "a", id: 1 }, ["title"], [], { data: { title: "a" }, dropped: ["id"] }],
    [{ body: "<p>x</p>" }, ["body"], ["body"], { data: { body: "<P>X</P>" }, dropped: [] }],
    [{ body: 5 }, ["body"], ["body"], { data: { body: 5 }, dropped: [] }],
    [{ title: "t", body: "b" }, ["title", "body"], ["body"], { data: { title: "t", body: "B" }, dropped: [] }],
    [{}, ["title"], [], { data: {}, dropped: [] }],
    [{ published_version_id: 3, publishedVersionId: 3 }, DEFAULT_PAGE_FIELDS, [], { data: {}, dropped: ["published_version_id", "publishedVersionId"] }],
  ])("pickFields(%j, %j, %j) → %j", (input, fields, rich, expected) => {
    expect(pickFields(input, fields, rich, upper)).toEqual(expected);
  });

  it("allowlists slug, title, body and sections by default", () => {
    expect(DEFAULT_PAGE_FIELDS).toEqual(["slug", "title", "body", "sections"]);
  });
});
