import { describe, expect, it } from "vitest";
import { draftDifference } from "../../src/client/publishing/draft-difference";

describe("draftDifference: what the Publish dialog says differs from what visitors see", () => {
  it.each([
    [{ title: "A", body: "<p>x</p>" }, { id: 1, title: "A", body: "<p>x</p>", publishedVersionId: 3 }, []],
    [{ title: "B", body: "<p>x</p>" }, { title: "A", body: "<p>x</p>" }, ["title"]],
    [{ sections: [{ type: "hero", heading: "H", text: "T" }] }, { sections: [{ text: "T", heading: "H", type: "hero" }] }, []],
    [{ sections: [{ type: "hero", heading: "H2" }] }, { sections: [{ type: "hero", heading: "H" }] }, ["sections"]],
    [{ body: "" }, {}, ["body"]],
    [{ body: null }, {}, []],
    [{ title: "A" }, null, ["title"]],
  ])("%j against %j", (draft, live, expected) => {
    expect(draftDifference(draft, live)).toEqual(expected);
  });
});
