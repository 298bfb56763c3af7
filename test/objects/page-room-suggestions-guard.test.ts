import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { ENTRY_PROPOSED_POSITION, ENTRY_SUGGESTION, SUGGEST_DELETE, SUGGEST_INSERT, SUGGESTIONS_ROOT, type SuggestionMeta } from "../../src/shared/review-suggestions";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { connect, editor, newPage, until, type YClient } from "./room-client";

const AT = "2026-11-28T16:00:00.000Z";

/** The metadata a suggesting client writes, as a Y.Map. */
function meta(values: Partial<SuggestionMeta> & Record<string, unknown>): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries({ kind: "insert", field: "title", authorName: "Ann", at: AT, ...values })) map.set(key, value);
  return map;
}

const suggestions = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(SUGGESTIONS_ROOT);

/** Ann suggests inserting " draft" at the end of the title, as the browser does: marks and metadata in one transaction. */
function suggestInsert(client: YClient, id: string, author: string): void {
  client.doc.transact(() => {
    const title = client.doc.getText("title");
    title.insert(title.length, " draft", { [SUGGEST_INSERT]: id });
    suggestions(client.doc).set(id, meta({ author }));
  });
}

async function refusedWith(client: YClient, code: number): Promise<string> {
  await until(() => client.closed !== null);
  expect(client.closed?.code).toBe(code);
  expect(client.events.some((event) => event.type === "refused")).toBe(true);
  return client.closed?.reason ?? "";
}

describe("PageRoom lets suggestions in, each by its own author", () => {
  it("takes a suggested insertion, a rich-text insertion and deletion, and an added and a moved entry from a stock Yjs client, and its peers see them", async () => {
    const id = await newPage({ title: "Launch", body: "<p>Hello world</p>", sections: [{ type: "hero", id: "s1", heading: "Hi" }] });
    const ann = await connect(id, editor("ann"));
    const bob = await connect(id, editor("bob"));
    suggestInsert(ann, "s-ins", "ed-ann");
    ann.doc.transact(() => {
      const text = (ann.doc.getXmlFragment("body").get(0) as Y.XmlElement).get(0) as Y.XmlText;
      text.format(0, 5, { deletion: { id: "s-del" } });
      text.insert(11, "!", { insertion: { id: "s-rich" } });
      suggestions(ann.doc).set("s-del", meta({ author: "ed-ann", kind: "delete", field: "body" }));
      suggestions(ann.doc).set("s-rich", meta({ author: "ed-ann", field: "body" }));
      const added = new Y.Map<unknown>();
      added.set("type", "hero");
      added.set("id", "s2");
      added.set("heading", new Y.Text("New"));
      added.set(ENTRY_SUGGESTION, "s-add");
      ann.doc.getArray("sections").push([added]);
      suggestions(ann.doc).set("s-add", meta({ author: "ed-ann", kind: "add", field: "sections.s2" }));
    });
    ann.doc.transact(() => {
      const first = ann.doc.getArray<Y.Map<unknown>>("sections").get(0);
      first.set(ENTRY_SUGGESTION, "s-move");
      first.set(ENTRY_PROPOSED_POSITION, "z");
      suggestions(ann.doc).set("s-move", meta({ author: "ed-ann", kind: "move", field: "sections.s1" }));
    });
    await until(() => suggestions(bob.doc).size === 5);
    expect(bob.text("title")).toBe("Launch draft");
    expect(bob.doc.getText("title").toDelta()).toEqual([{ insert: "Launch" }, { insert: " draft", attributes: { [SUGGEST_INSERT]: "s-ins" } }]);
    expect(suggestions(bob.doc).get("s-ins")?.toJSON()).toEqual({ kind: "insert", field: "title", author: "ed-ann", authorName: "Ann", at: AT });
    expect(ann.closed).toBeNull();
    ann.close();
    bob.close();
  });

  const refusals: [string, (client: YClient) => void][] = [
    ["a suggestion claiming another author", (c) => suggestInsert(c, "s1", "ed-bob")],
    ["a suggestion claiming a numeric author that is not the editor's", (c) => c.doc.transact(() => suggestions(c.doc).set("s1", meta({ author: 7 })))],
    ["a suggestion without its author", (c) => c.doc.transact(() => suggestions(c.doc).set("s1", meta({})))],
    ["a suggestion with a key the model lacks", (c) => c.doc.transact(() => suggestions(c.doc).set("s1", meta({ author: "ed-mal", note: "x" })))],
    ["a suggestion of an unknown kind", (c) => c.doc.transact(() => suggestions(c.doc).set("s1", meta({ author: "ed-mal", kind: "rewrite" as SuggestionMeta["kind"] })))],
    ["a suggestion that is no map", (c) => suggestions(c.doc).set("s1", "insert" as unknown as Y.Map<unknown>)],
    ["a suggestion under an id that is no id", (c) => suggestions(c.doc).set("<x>", meta({ author: "ed-mal" }))],
  ];

  it.each(refusals)("closes the sender of %s with 4423, and nothing of it lands", async (_label, write) => {
    const id = await newPage({ title: "Launch" });
    const mal = await connect(id, editor("mal"));
    write(mal);
    await refusedWith(mal, ROOM_CLOSE.READ_ONLY_FIELD);
    const check = await connect(id, editor("check"));
    expect(check.text("title")).toBe("Launch");
    expect(suggestions(check.doc).size).toBe(0);
    check.close();
  });

  const changes: [string, (client: YClient) => void][] = [
    ["changes another editor's open suggestion", (c) => suggestions(c.doc).get("s-ins")?.set("authorName", "Mal")],
    ["replaces an open suggestion", (c) => c.doc.transact(() => suggestions(c.doc).set("s-ins", meta({ author: "ed-mal" })))],
    ["deletes an open suggestion (only the room settles one)", (c) => suggestions(c.doc).delete("s-ins")],
  ];

  it.each(changes)("closes a client that %s with 4423; the suggestion stays as its author made it", async (_label, write) => {
    const id = await newPage({ title: "Launch" });
    const ann = await connect(id, editor("ann"));
    suggestInsert(ann, "s-ins", "ed-ann");
    const mal = await connect(id, editor("mal"));
    await until(() => suggestions(mal.doc).has("s-ins"));
    write(mal);
    await refusedWith(mal, ROOM_CLOSE.READ_ONLY_FIELD);
    const check = await connect(id, editor("check"));
    expect(suggestions(check.doc).get("s-ins")?.toJSON()).toEqual({ kind: "insert", field: "title", author: "ed-ann", authorName: "Ann", at: AT });
    expect(ann.closed).toBeNull();
    check.close();
    ann.close();
  });

  const marks: [string, (client: YClient) => void][] = [
    ["a cms:ins attribute with a numeric id (the package's counter)", (c) => c.doc.getText("title").insert(0, "x", { [SUGGEST_INSERT]: 1 })],
    ["a cms:del attribute that names no id", (c) => c.doc.getText("title").format(0, 2, { [SUGGEST_DELETE]: "<b>" })],
    ["an insertion mark with a numeric id", (c) => ((c.doc.getXmlFragment("body").get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, "x", { insertion: { id: 3 } })],
    ["a proposed position that is no position key", (c) => c.doc.getArray<Y.Map<unknown>>("sections").get(0).set(ENTRY_PROPOSED_POSITION, "0 0")],
    ["an entry suggestion that names no id", (c) => c.doc.getArray<Y.Map<unknown>>("sections").get(0).set(ENTRY_SUGGESTION, 5)],
  ];

  it.each(marks)("closes the sender of %s with 4422", async (_label, write) => {
    const id = await newPage({ title: "Launch", body: "<p>Hello</p>", sections: [{ type: "hero", id: "s1", heading: "Hi" }] });
    const mal = await connect(id, editor("mal"));
    write(mal);
    await refusedWith(mal, ROOM_CLOSE.REFUSED);
  });
});
