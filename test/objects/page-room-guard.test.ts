import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as encoding from "lib0/encoding";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import { writeHtmlToFragment } from "../../src/cores/rich-text";
import type { PageRoom } from "../../src/objects/PageRoom";
import { MAX_ROOM_NESTING } from "../../src/objects/room-guard";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { connect, editor, newPage, until, type YClient } from "./room-client";

const stub = (id: number) => env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;

/** The room's own document, as its title and whether it has a root of that name. */
const roomRoots = (id: number): Promise<string[]> => runInDurableObject(stub(id), (room: PageRoom) => [...room.document.share.keys()]);

function paragraphWith(text: string, attributes: Record<string, unknown>): Y.XmlElement {
  const element = new Y.XmlElement("paragraph");
  const inner = new Y.XmlText();
  inner.insert(0, text, attributes);
  element.insert(0, [inner]);
  return element;
}

function nested(depth: number): Y.XmlElement {
  let node = new Y.XmlElement("paragraph");
  for (let i = 0; i < depth; i++) {
    const quote = new Y.XmlElement("blockquote");
    quote.insert(0, [node]);
    node = quote;
  }
  return node;
}

/** A section entry as a peer would build it: `text` values become `Y.Text`, the rest stay as given. */
function entry(values: Record<string, unknown>, text: readonly string[] = ["heading"]): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(values)) map.set(key, text.includes(key) && typeof value === "string" ? new Y.Text(value) : value);
  return map;
}

const MEDIA = "http://localhost:8787/media";
const sections = (doc: Y.Doc) => doc.getArray<Y.Map<unknown>>("sections");

/** Puts a rich-text element with these attributes at the top of the body. */
function bodyElement(doc: Y.Doc, name: string, attributes: Record<string, unknown> = {}): void {
  const element = new Y.XmlElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value as string);
  doc.getXmlFragment("body").insert(0, [element]);
}

/** What a stock Yjs client can send that our editor never would, each refused with 4422. */
const HOSTILE: [string, (doc: Y.Doc) => void][] = [
  ["an unknown root type (the 153 MB junk-root attack)", (doc) => doc.getText("junk").insert(0, "x".repeat(1000))],
  ["a javascript: link mark", (doc) => doc.getXmlFragment("body").insert(0, [paragraphWith("click", { link: { href: "javascript:alert(1)" } })])],
  ["an entity-disguised javascript: link", (doc) => doc.getXmlFragment("body").insert(0, [paragraphWith("click", { link: { href: "jav&#x09;ascript:alert(1)" } })])],
  ["a data: link", (doc) => doc.getXmlFragment("body").insert(0, [paragraphWith("x", { link: { href: "data:text/html,<script>alert(1)</script>" } })])],
  ["a mark outside the schema", (doc) => doc.getXmlFragment("body").insert(0, [paragraphWith("x", { onclick: "alert(1)" })])],
  ["a node type outside the schema", (doc) => bodyElement(doc, "script")],
  ["an attribute outside the schema", (doc) => bodyElement(doc, "paragraph", { onclick: "alert(1)" })],
  ["an image with a javascript: src", (doc) => bodyElement(doc, "image", { src: "javascript:alert(1)" })],
  ["formatting in a plain-text field", (doc) => doc.getText("title").insert(0, "bold", { strong: {} })],
  [`rich text nested past ${MAX_ROOM_NESTING} levels`, (doc) => doc.getXmlFragment("body").insert(0, [nested(MAX_ROOM_NESTING + 5)])],
  ["a remote image in rich text under the strict media rule", (doc) => bodyElement(doc, "image", { src: "https://evil.test/pixel.png" })],
  ["a protocol-relative link", (doc) => doc.getXmlFragment("body").insert(0, [paragraphWith("x", { link: { href: "//evil.test/x" } })])],
  ["a link mark with an extra attribute", (doc) => doc.getXmlFragment("body").insert(0, [paragraphWith("x", { link: { href: "/ok", onclick: "alert(1)" } })])],
  ["a bold mark with an attribute", (doc) => doc.getXmlFragment("body").insert(0, [paragraphWith("x", { strong: { style: "x" } })])],
  ["a heading level off the schema", (doc) => bodyElement(doc, "heading", { level: "1 onmouseover=alert(1)" })],
  ["an image width off the schema", (doc) => bodyElement(doc, "image", { src: `${MEDIA}/a.png`, width: "100%" })],
  ["a list field replaced by a plain value in the json map", (doc) => doc.getMap("json").set("sections", "not-an-array")],
  ["a json key that is no field", (doc) => doc.getMap("json").set("junk", "x".repeat(1000))],
  ["an item in a list that is not an entry", (doc) => sections(doc).insert(0, ["not-an-entry" as unknown as Y.Map<unknown>])],
  ["an entry of a kind the catalog lacks", (doc) => sections(doc).insert(0, [entry({ type: "script", id: "s1" })])],
  ["an entry with a key the catalog lacks", (doc) => sections(doc).insert(0, [entry({ type: "hero", id: "s1", onclick: "alert(1)" })])],
  ["a text leaf as a plain string", (doc) => sections(doc).insert(0, [entry({ type: "hero", id: "s1", heading: "plain" }, [])])],
  ["a nested list replaced by a string", (doc) => sections(doc).insert(0, [entry({ type: "features", id: "s1", items: "not-a-list" })])],
  ["an entry id that is not an id", (doc) => sections(doc).insert(0, [entry({ type: "hero", id: "<script>" })])],
  ["a section image from outside the media store", (doc) => sections(doc).insert(0, [entry({ type: "hero", id: "s1", image: { src: "https://evil.test/x.png" } })])],
  ["a javascript: section image", (doc) => sections(doc).insert(0, [entry({ type: "hero", id: "s1", image: "javascript:alert(1)" })])],
];

describe("PageRoom refuses what the schema would not produce", () => {
  it.each(HOSTILE)("closes the sender of %s with 4422 and keeps serving the others", async (_label, write) => {
    const id = await newPage({ title: "", body: "<p>safe</p>", sections: [{ type: "hero", id: "first", heading: "Kept" }] });
    const bystander = await connect(id, editor("by"));
    const bad = await connect(id, editor("bad"));
    const before = { body: bad.doc.getXmlFragment("body").toString(), sections: sections(bad.doc).toJSON() };
    write(bad.doc);
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    expect(bad.closed?.reason.length).toBeGreaterThan(0);
    bystander.doc.getText("title").insert(0, "ok");
    const check = await connect(id, editor("check"));
    await until(() => check.text("title") === "ok");
    expect({ body: check.doc.getXmlFragment("body").toString(), sections: sections(check.doc).toJSON() }).toEqual(before);
    expect(check.doc.getMap("json").toJSON()).toEqual({});
    expect(await roomRoots(id)).not.toContain("junk");
    check.close();
    bystander.close();
  });

  it("refuses the sender (4422) of the neighbour that would let in unsafe content Yjs held back, and the unsafe content never lands", async () => {
    const id = await newPage({ title: "", body: "<p>safe</p>" });
    const bad = await connect(id, editor("bad"));
    // A private copy: a harmless character is kept back while a javascript: link typed right after
    // it is sent first, so the room cannot place the link yet and Yjs holds it pending.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(bad.doc));
    const text = (copy.getXmlFragment("body").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const updates: Uint8Array[] = [];
    copy.on("update", (update: Uint8Array) => updates.push(update));
    text.insert(4, "x");
    text.insert(5, "click", { link: { href: "javascript:alert(1)" } });
    const send = (update: Uint8Array) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      syncProtocol.writeUpdate(encoder, update);
      bad.sendRaw(encoding.toUint8Array(encoder));
    };
    send(updates[1]!);
    send(updates[0]!);
    // Dropped silently, the held link would leave a gap in this client's clock, and Yjs would then
    // hold everything it sent next, unchecked and never refused.
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    const check = await connect(id, editor("check"));
    // Neither lands when the frames are handled in the order sent. In rare runs the harmless "x" has
    // been handled first (frame order at the room's start is an open question); then the link frame
    // is the one refused. Either way the link never lands and nothing stays held back.
    expect(["<paragraph>safe</paragraph>", "<paragraph>safex</paragraph>"]).toContain(check.doc.getXmlFragment("body").toString());
    expect(await runInDurableObject(stub(id), (room: PageRoom) => room.document.store.pendingStructs)).toBeNull();
    check.close();
  });

  it("accepts everything the editor writes: headings, lists, quotes, marks, web, mail and phone links, media images, a changed attribute, sections with text, items and images", async () => {
    const id = await newPage({ title: "", body: "" });
    const a = await connect(id, editor("ann"));
    const body = a.doc.getXmlFragment("body");
    writeHtmlToFragment(`<h2>Head</h2><ul><li><p><strong>b</strong> <a href="https://example.com" title="t" target="_blank">l</a></p></li></ul><blockquote><p>q</p></blockquote><p><img src="${MEDIA}/a.png" alt="A" width="40"></p><p><a href="mailto:a@example.com">mail</a> <img src="${MEDIA}/d.png" alt=""></p>`, body);
    // Written as marks directly: the HTML reader of an older rule would have left a tel: link out silently.
    body.insert(body.length, [paragraphWith("call", { link: { href: "tel:+15550100" } })]);
    (body.get(0) as Y.XmlElement).setAttribute("level", 3 as unknown as string);
    const items = new Y.Array<Y.Map<unknown>>();
    items.insert(0, [entry({ id: "i1", title: "One", text: "1" }, ["title", "text"])]);
    sections(a.doc).insert(0, [
      entry({ type: "hero", id: "h1", heading: "deep", text: "t", image: { src: `${MEDIA}/b.png`, alt: "B" } }, ["heading", "text"]),
      entry({ type: "features", id: "f1", heading: "list", items }),
    ]);
    (sections(a.doc).get(0).get("heading") as Y.Text).insert(0, "typed ");
    sections(a.doc).get(0).set("image", `${MEDIA}/c.png`);
    a.doc.getText("title").insert(0, "😀 plain");
    const b = await connect(id, editor("bob"));
    await until(() => b.text("title") === "😀 plain" && b.doc.getXmlFragment("body").length === 6 && sections(b.doc).length === 2);
    expect((sections(b.doc).get(0).get("heading") as Y.Text).toString()).toBe("typed deep");
    expect(a.closed).toBeNull();
    a.close();
    b.close();
  });

  it("refuses updates once the page's document is at its size limit (4413)", async () => {
    const id = await newPage({ title: "" });
    const writers: YClient[] = [];
    let full: YClient | null = null;
    // 700 KB a message; each editor's byte budget allows 8 MB, so several editors fill 16 MB.
    for (let n = 0; n < 6 && !full; n++) {
      const writer = await connect(id, editor(`big${n}`));
      writers.push(writer);
      for (let i = 0; i < 10 && writer.closed === null; i++) {
        writer.doc.getText("slug").insert(0, String.fromCharCode(97 + i).repeat(700_000));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await until(() => writer.closed !== null || writer.ws.readyState === WebSocket.OPEN);
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (writer.closed?.code === ROOM_CLOSE.DOCUMENT_FULL) full = writer;
    }
    expect(full?.closed?.code).toBe(ROOM_CLOSE.DOCUMENT_FULL);
    const stored = await runInDurableObject(stub(id), (_room: PageRoom, state) => state.storage.sql.exec("SELECT SUM(LENGTH(data)) AS n FROM room_updates").one().n as number);
    expect(stored).toBeLessThanOrEqual(16 * 1024 * 1024);
    writers.forEach((w) => w.close());
  }, 30_000);

  it("counts updates not yet committed against the size limit: a burst from six editors at once never stores past it", async () => {
    const id = await newPage({ title: "" });
    const writers: YClient[] = [];
    for (let n = 0; n < 6; n++) writers.push(await connect(id, editor(`burst${n}`)));
    // 24 frames of 700 KB (16.8 MB) sent in one go: they reach the room before any commit turn.
    for (let i = 0; i < 4; i++) for (const writer of writers) writer.doc.getText("slug").insert(0, String.fromCharCode(97 + i).repeat(700_000));
    // 16.8 MB through six sockets, each frame checked and applied: a busy machine (CI's two
    // suites beside each other) took more than 20 s. A room that never closes anyone still fails.
    await until(() => writers.some((writer) => writer.closed?.code === ROOM_CLOSE.DOCUMENT_FULL), 60_000).catch(() => {
      throw new Error(`no editor was closed with ${ROOM_CLOSE.DOCUMENT_FULL} within 60 s; the closes: ${JSON.stringify(writers.map((writer) => writer.closed))}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stored = await runInDurableObject(stub(id), (_room: PageRoom, state) => state.storage.sql.exec("SELECT SUM(LENGTH(data)) AS n FROM room_updates").one().n as number);
    expect(stored).toBeLessThanOrEqual(16 * 1024 * 1024);
    writers.forEach((w) => w.close());
  }, 90_000);

  it("keeps an editor's byte budget across reconnects", async () => {
    const id = await newPage({ title: "" });
    const first = await connect(id, editor("greedy"));
    for (let i = 0; i < 14 && first.closed === null; i++) {
      first.doc.getText("slug").insert(0, "y".repeat(700_000));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await until(() => first.closed !== null);
    expect(first.closed?.code).toBe(ROOM_CLOSE.RATE_LIMITED);
    const again = await connect(id, editor("greedy"));
    again.doc.getText("slug").insert(0, "z".repeat(700_000));
    await until(() => again.closed !== null);
    expect(again.closed?.code).toBe(ROOM_CLOSE.RATE_LIMITED);
    const other = await connect(id, editor("other"));
    other.doc.getText("slug").insert(0, "fine");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.closed).toBeNull();
    other.close();
  }, 60_000);
});
