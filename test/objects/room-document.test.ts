import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { changedFields, mergeFields, type RoomField } from "../../src/objects/room-document";
import { JSON_ROOT } from "../../src/shared/room-protocol";

const FIELDS: RoomField[] = [
  { name: "title", type: "text" },
  { name: "body", type: "richtext" },
  { name: "sections", type: "json" },
];

describe("mergeFields: a REST write against a base", () => {
  it("names what changed and where live typing won", () => {
    const doc = new Y.Doc();
    mergeFields(doc, FIELDS, { title: "hello world", sections: [1] }, null);
    doc.getText("title").insert(6, "big ");
    doc.getMap(JSON_ROOT).set("sections", [2]);
    const merge = mergeFields(doc, FIELDS, { title: "hello WORLD", sections: [3] }, null, { title: "hello world", sections: [1] });
    expect(doc.getText("title").toString()).toBe("hello big WORLD");
    expect(merge).toEqual({ changed: ["title"], conflicts: ["sections"] });
    expect(doc.getMap(JSON_ROOT).get("sections")).toEqual([2]);
  });

  it("a field the writer sent unchanged from its base leaves live edits alone", () => {
    const doc = new Y.Doc();
    mergeFields(doc, FIELDS, { title: "base", body: "<p>one</p>", sections: [] }, null);
    doc.getText("title").insert(4, " live");
    doc.getMap(JSON_ROOT).set("sections", [{ heading: "live" }]);
    const base = { title: "base", body: "<p>one</p>", sections: [] };
    const merge = mergeFields(doc, FIELDS, { ...base, body: "<p>two</p>" }, null, base);
    expect(merge).toEqual({ changed: ["body"], conflicts: [] });
    expect(doc.getText("title").toString()).toBe("base live");
    expect(doc.getMap(JSON_ROOT).get("sections")).toEqual([{ heading: "live" }]);
  });
});

describe("changedFields", () => {
  it("keeps only what differs from the last write", () => {
    expect(changedFields({ title: "B", slug: "a", sections: [1] }, { title: "A", slug: "a", sections: [1] })).toEqual({ title: "B" });
    expect(changedFields({ title: "B" }, null)).toEqual({ title: "B" });
  });
});
