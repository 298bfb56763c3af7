import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fragmentToHtml, htmlToRichDoc, writeHtmlToFragment } from "../../src/cores/rich-text";
import { mergeFields, readFields, roomFields } from "../../src/objects/room-document";
import { ENTRY_PROPOSED_POSITION, ENTRY_SUGGESTION, SUGGEST_DELETE, SUGGEST_INSERT, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import { richSchema } from "../../src/shared/rich-schema";
import { draftRichDoc, draftText } from "../../src/shared/suggestion-draft";
import { pagesCollection } from "../../src/site/collections";

const FIELDS = roomFields(pagesCollection);

function open(doc: Y.Doc, id: string, kind: string, field: string): void {
  const meta = new Y.Map<unknown>();
  for (const [key, value] of Object.entries({ kind, field, author: "ed-ann", authorName: "Ann", at: "2026-11-28T16:00:00Z" })) meta.set(key, value);
  doc.getMap(SUGGESTIONS_ROOT).set(id, meta);
}

describe("the draft ignores open suggestions", () => {
  it("reads a plain text without its proposed words and with the words proposed for deletion", () => {
    const doc = new Y.Doc();
    const title = doc.getText("title");
    title.insert(0, "Launch day");
    title.insert(6, " big", { [SUGGEST_INSERT]: "s1" });
    title.format(0, 6, { [SUGGEST_DELETE]: "s2" });
    expect(title.toString()).toBe("Launch big day");
    expect(draftText(title)).toBe("Launch day");
    expect(readFields(doc, FIELDS.filter((field) => field.name === "title")).title).toBe("Launch day");
  });

  it("reads rich text without insertion-marked text and without any suggestion mark", () => {
    const { insertion, deletion, strong } = richSchema.marks;
    const doc = richSchema.node("doc", null, [
      richSchema.node("paragraph", null, [
        richSchema.text("Hello ", [deletion.create({ id: "s1" })]),
        richSchema.text("brave ", [insertion.create({ id: "s2" })]),
        richSchema.text("new ", [strong.create(), insertion.create({ id: "s2" })]),
        richSchema.text("world"),
      ]),
    ]);
    const draft = draftRichDoc(doc);
    expect(draft.toJSON()).toEqual(richSchema.node("doc", null, [richSchema.node("paragraph", null, [richSchema.text("Hello world")])]).toJSON());
    draft.check();
  });

  it("writes the draft's HTML from a fragment with suggestion marks: no marks, no <ins>/<del>, proposed words absent", () => {
    const doc = new Y.Doc();
    const body = doc.getXmlFragment("body");
    writeHtmlToFragment("<p>Hello world</p>", body);
    const text = (body.get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(6, "brave ", { insertion: { id: "s1" } });
    text.format(0, 6, { deletion: { id: "s2" } });
    expect(fragmentToHtml(body)).toBe("<p>Hello world</p>");
  });

  it("never makes a suggestion from HTML: <ins> and <del> in a saved or pasted text are no suggestion marks", () => {
    const doc = htmlToRichDoc('<p><ins data-id="&quot;s1&quot;">new</ins> <del data-id="&quot;s2&quot;">old</del></p>');
    const names = new Set<string>();
    doc.descendants((node) => void node.marks.forEach((mark) => names.add(mark.type.name)));
    expect([...names].filter((name) => ["insertion", "deletion", "modification"].includes(name))).toEqual([]);
  });

  it("reads a list without an entry proposed to be added, with one proposed for removal, a proposed move where it was, and no review keys", () => {
    const doc = new Y.Doc();
    mergeFields(doc, FIELDS, { sections: [{ type: "hero", id: "a", heading: "A" }, { type: "hero", id: "b", heading: "B" }] }, null);
    const before = readFields(doc, FIELDS).sections;
    const sections = doc.getArray<Y.Map<unknown>>("sections");
    doc.transact(() => {
      const added = new Y.Map<unknown>();
      added.set("type", "hero");
      added.set("id", "c");
      added.set("heading", new Y.Text("C"));
      added.set(ENTRY_SUGGESTION, "s-add");
      sections.insert(0, [added]);
      open(doc, "s-add", "add", "sections.c");
      sections.get(1).set(ENTRY_SUGGESTION, "s-remove");
      open(doc, "s-remove", "remove", "sections.a");
      sections.get(2).set(ENTRY_SUGGESTION, "s-move");
      sections.get(2).set(ENTRY_PROPOSED_POSITION, "0a");
      open(doc, "s-move", "move", "sections.b");
      (sections.get(2).get("heading") as Y.Text).insert(1, "ee", { [SUGGEST_INSERT]: "s-ins" });
      open(doc, "s-ins", "insert", "sections.b.heading");
    });
    expect(readFields(doc, FIELDS).sections).toEqual(before);
  });
});
