import { describe, expect, it } from "vitest";
import { readBlockType, readSuggestionMeta, type BlockType } from "../../src/shared/review-suggestions";
import { richSchema } from "../../src/shared/rich-schema";
import { draftRichDoc } from "../../src/shared/suggestion-draft";

const META = { field: "body", author: 3, authorName: "Ann", at: "2026-11-29T00:30:00Z" };

describe("a retype suggestion's from", () => {
  it.each([
    [{ type: "paragraph", attrs: {} }, { type: "paragraph", attrs: {} }],
    [{ type: "heading", attrs: { level: 3 } }, { type: "heading", attrs: { level: 3 } }],
    [{ type: "heading", attrs: {} }, null],
    [{ type: "heading", attrs: { level: 7 } }, null],
    [{ type: "heading", attrs: { level: 2.5 } }, null],
    [{ type: "paragraph", attrs: { level: 2 } }, null],
    [{ type: "bullet_list", attrs: {} }, null],
    [{ type: "paragraph", attrs: {}, extra: 1 }, null],
    ["paragraph", null],
  ])("reads %j as %j", (value, expected) => {
    expect(readBlockType(value)).toEqual(expected);
  });

  it.each([
    [{ kind: "retype", ...META, from: { type: "paragraph", attrs: {} } }, null],
    [{ kind: "retype", ...META }, "a retype suggestion needs its from"],
    [{ kind: "insert", ...META, from: { type: "paragraph", attrs: {} } }, "only a retype suggestion has a from"],
    [{ kind: "retype", ...META, from: { type: "code_block", attrs: {} } }, 'from is the block as it was: { type: "paragraph", attrs: {} } or { type: "heading", attrs: { level } }'],
  ])("metadata %j has the problem %j", (value, problem) => {
    const read = readSuggestionMeta(value);
    expect("problem" in read ? read.problem : null).toBe(problem);
  });

  it("the draft reads a block an open retype changed as it was, and a settled one as it is", () => {
    const { heading, paragraph } = richSchema.nodes;
    const doc = richSchema.node("doc", null, [
      heading!.create({ level: 2, "cms:retype": "s-open" }, richSchema.text("Hours")),
      paragraph!.create({ "cms:retype": "s-level" }, richSchema.text("Open")),
      heading!.create({ level: 3, "cms:retype": "s-settled" }, richSchema.text("Closed")),
    ]);
    const from = new Map<string, BlockType>([
      ["s-open", { type: "paragraph", attrs: {} }],
      ["s-level", { type: "heading", attrs: { level: 4 } }],
    ]);
    const draft = draftRichDoc(doc, (id) => from.has(id), (id) => from.get(id) ?? null);
    expect(draft.toJSON()).toEqual(
      richSchema.node("doc", null, [paragraph!.create(null, richSchema.text("Hours")), heading!.create({ level: 4 }, richSchema.text("Open")), heading!.create({ level: 3 }, richSchema.text("Closed"))]).toJSON(),
    );
    draft.check();
  });
});
