import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { draftWriterFor } from "../../src/objects/room-client";
import { composeRoutes } from "../../src/routes/compose-routes";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { suggestionsRoute } from "../../src/routes/suggestions-route";
import { BLOCK_JOIN, BLOCK_SPLIT, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { pagesCollection } from "../../src/site/collections";
import { asPublisher, EDITOR, headerResolver, request } from "../helpers/http";
import { connect, editor, newestDraft, newPage, stored, until, type YClient } from "../objects/room-client";

/* Block suggestions (a split, a join) as y-prosemirror writes them, taken and settled by the room. */
const api = composeRoutes(suggestionsRoute({ config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor }));
const settle = (id: number, sid: string, decision: "accept" | "reject") =>
  runEditorRoute(api, request("POST", `/api/cms/pages/${id}/suggestions/${sid}/${decision}`, { headers: asPublisher() }), env);

const AT = "2026-11-28T16:00:00.000Z";
/* Generous: the machine running the tests may be busy. */
const WAIT = 15_000;
const body = (doc: Y.Doc) => doc.getXmlFragment("body");

function recordMeta(doc: Y.Doc, sid: string, kind: string, author: number | string): void {
  const meta = new Y.Map<unknown>();
  for (const [key, value] of Object.entries({ kind, field: "body", author, authorName: "Ed", at: AT })) meta.set(key, value);
  doc.getMap(SUGGESTIONS_ROOT).set(sid, meta);
}

/* "Hello world" split before " world", as y-prosemirror writes Enter: the new paragraph carries `cms:split`. */
function split(client: YClient, sid: string): void {
  client.doc.transact(() => {
    const first = body(client.doc).get(0) as Y.XmlElement;
    (first.get(0) as Y.XmlText).delete(5, 6);
    const second = new Y.XmlElement("paragraph");
    second.setAttribute(BLOCK_SPLIT, sid);
    second.insert(0, [new Y.XmlText(" world")]);
    body(client.doc).insert(1, [second]);
  });
}

async function pageWithSplit(): Promise<{ id: number; ed: YClient }> {
  const id = await newPage({ title: "Launch", body: "<p>Hello world</p>" });
  const ed = await connect(id, EDITOR);
  ed.doc.transact(() => recordMeta(ed.doc, "s-split", "split", 1));
  split(ed, "s-split");
  await stored(ed, WAIT);
  return { id, ed };
}

const draftBody = async (id: number) => (await newestDraft(id))?.body;

describe("block suggestions: a split or a join kept as a block attribute", () => {
  it("the draft reads an open split as one paragraph; accepting it makes two, once", async () => {
    const { id, ed } = await pageWithSplit();
    ed.doc.getText("title").insert(6, "!");
    await until(async () => (await newestDraft(id))?.title === "Launch!", WAIT);
    // A draft holds the fields whose value changed: the split body reads as it was, so it is left out.
    expect((await draftBody(id)) ?? "<p>Hello world</p>").toBe("<p>Hello world</p>");
    const listed = await runEditorRoute(api, request("GET", `/api/cms/pages/${id}/suggestions`, { headers: asPublisher() }), env);
    expect(await listed.json()).toEqual({ suggestions: [{ id: "s-split", kind: "split", field: "body", author: 1, authorName: "Ed", at: AT, text: " world" }] });
    const accepted = await settle(id, "s-split", "accept");
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await draftBody(id)).toBe("<p>Hello</p><p> world</p>");
    await until(() => !ed.doc.getMap(SUGGESTIONS_ROOT).has("s-split"), WAIT);
    expect((body(ed.doc).get(1) as Y.XmlElement).getAttribute(BLOCK_SPLIT)).toBeUndefined();
    expect((await settle(id, "s-split", "accept")).status).toBe(409);
    ed.close();
  });

  it("rejecting a split joins the paragraphs again, the words in order", async () => {
    const { id, ed } = await pageWithSplit();
    const rejected = await settle(id, "s-split", "reject");
    expect(rejected.status, await rejected.clone().text()).toBe(200);
    await until(() => body(ed.doc).length === 1, WAIT);
    expect(body(ed.doc).toString()).toBe("<paragraph>Hello world</paragraph>");
    expect(await draftBody(id)).toBe("<p>Hello world</p>");
    ed.close();
  });

  it("a proposed join leaves the draft as it is; accepting joins, rejecting keeps both", async () => {
    const id = await newPage({ title: "Launch", body: "<p>One</p><p>Two</p><p>Three</p>" });
    const ed = await connect(id, EDITOR);
    ed.doc.transact(() => {
      recordMeta(ed.doc, "s-join", "join", 1);
      recordMeta(ed.doc, "s-keep", "join", 1);
    });
    ed.doc.transact(() => {
      (body(ed.doc).get(1) as Y.XmlElement).setAttribute(BLOCK_JOIN, "s-join");
      (body(ed.doc).get(2) as Y.XmlElement).setAttribute(BLOCK_JOIN, "s-keep");
    });
    await stored(ed, WAIT);
    expect(ed.closed).toBeNull();
    expect((await settle(id, "s-join", "accept")).status).toBe(200);
    expect((await settle(id, "s-keep", "reject")).status).toBe(200);
    expect(await draftBody(id)).toBe("<p>OneTwo</p><p>Three</p>");
    await until(() => body(ed.doc).length === 2, WAIT);
    expect((body(ed.doc).get(1) as Y.XmlElement).getAttribute(BLOCK_JOIN)).toBeUndefined();
    ed.close();
  });

  const refusals: [string, (ed: YClient, mal: YClient) => void][] = [
    ["names another editor's suggestion", (_ed, mal) => split(mal, "s-ed")],
    ["names no open suggestion", (_ed, mal) => split(mal, "s-none")],
    ["names a suggestion of another kind", (_ed, mal) => {
      mal.doc.transact(() => recordMeta(mal.doc, "s-mal", "insert", "ed-mal"));
      split(mal, "s-mal");
    }],
  ];

  it.each(refusals)("closes a client whose block attribute %s with 4423, and nothing of it lands", async (_label, write) => {
    const id = await newPage({ title: "Launch", body: "<p>Hello world</p>" });
    const ed = await connect(id, EDITOR);
    ed.doc.transact(() => recordMeta(ed.doc, "s-ed", "split", 1));
    await stored(ed, WAIT);
    const mal = await connect(id, editor("mal"));
    await until(() => mal.doc.getMap(SUGGESTIONS_ROOT).has("s-ed"), WAIT);
    write(ed, mal);
    await until(() => mal.closed !== null, WAIT);
    expect(mal.closed?.code).toBe(ROOM_CLOSE.READ_ONLY_FIELD);
    const check = await connect(id, editor("check"));
    expect(body(check.doc).length).toBe(1);
    check.close();
    ed.close();
  });
});
