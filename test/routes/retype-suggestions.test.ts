import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { draftWriterFor } from "../../src/objects/room-client";
import { composeRoutes } from "../../src/routes/compose-routes";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { suggestionsRoute } from "../../src/routes/suggestions-route";
import { BLOCK_RETYPE, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { pagesCollection } from "../../src/site/collections";
import { asPublisher, EDITOR, headerResolver, request } from "../helpers/http";
import { connect, editor, newestDraft, newPage, stored, until, type YClient } from "../objects/room-client";

/* Retype suggestions (a paragraph made a heading, a heading's level) as y-prosemirror writes them, taken and settled by the room. */
const api = composeRoutes(suggestionsRoute({ config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor }));
const settle = (id: number, sid: string, decision: "accept" | "reject") =>
  runEditorRoute(api, request("POST", `/api/cms/pages/${id}/suggestions/${sid}/${decision}`, { headers: asPublisher() }), env);

const AT = "2026-11-29T00:30:00.000Z";
/* Generous: the machine running the tests may be busy. */
const WAIT = 15_000;
const PARAGRAPH = { type: "paragraph", attrs: {} };
const body = (doc: Y.Doc) => doc.getXmlFragment("body");

function recordMeta(doc: Y.Doc, sid: string, kind: string, author: number | string, extra: Record<string, unknown> = {}): void {
  const meta = new Y.Map<unknown>();
  for (const [key, value] of Object.entries({ kind, field: "body", author, authorName: "Ed", at: AT, ...extra })) meta.set(key, value);
  doc.getMap(SUGGESTIONS_ROOT).set(sid, meta);
}

/* The first paragraph made a heading of `level`, as y-prosemirror writes a new node type: the block replaced by one of the new type, its runs copied. */
function makeHeading(client: YClient, sid: string, level = 2): void {
  client.doc.transact(() => {
    const old = body(client.doc).get(0) as Y.XmlElement;
    const heading = new Y.XmlElement<Record<string, string | number>>("heading");
    heading.setAttribute("level", level);
    heading.setAttribute(BLOCK_RETYPE, sid);
    heading.insert(0, old.toArray().map((child) => (child as Y.XmlText).clone()));
    body(client.doc).insert(0, [heading as unknown as Y.XmlElement]);
    body(client.doc).delete(1, 1);
  });
}

async function pageWithHeading(): Promise<{ id: number; ed: YClient }> {
  const id = await newPage({ title: "Hours", body: "<p>Opening hours</p><p>We open at nine.</p>" });
  const ed = await connect(id, EDITOR);
  ed.doc.transact(() => recordMeta(ed.doc, "s-head", "retype", 1, { from: PARAGRAPH }));
  makeHeading(ed, "s-head");
  await stored(ed, WAIT);
  expect(ed.closed).toBeNull();
  return { id, ed };
}

const draftBody = async (id: number) => (await newestDraft(id))?.body;

describe("retype suggestions: a block's new type kept with `cms:retype`, its old one in the suggestion", () => {
  it("the draft reads an open retype as the paragraph it was; accepting makes the heading, once", async () => {
    const { id, ed } = await pageWithHeading();
    ed.doc.getText("title").insert(5, "!");
    await until(async () => (await newestDraft(id))?.title === "Hours!", WAIT);
    // A draft holds the fields whose value changed: the retyped body reads as it was, so it is left out.
    expect((await draftBody(id)) ?? "<p>Opening hours</p><p>We open at nine.</p>").toBe("<p>Opening hours</p><p>We open at nine.</p>");
    const listed = await runEditorRoute(api, request("GET", `/api/cms/pages/${id}/suggestions`, { headers: asPublisher() }), env);
    expect(await listed.json()).toEqual({
      suggestions: [{ id: "s-head", kind: "retype", field: "body", author: 1, authorName: "Ed", at: AT, from: PARAGRAPH, to: { type: "heading", attrs: { level: 2 } }, text: "Opening hours" }],
    });
    const accepted = await settle(id, "s-head", "accept");
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await draftBody(id)).toBe("<h2>Opening hours</h2><p>We open at nine.</p>");
    await until(() => !ed.doc.getMap(SUGGESTIONS_ROOT).has("s-head"), WAIT);
    expect((body(ed.doc).get(0) as Y.XmlElement).getAttribute(BLOCK_RETYPE)).toBeUndefined();
    expect((await settle(id, "s-head", "accept")).status).toBe(409);
    ed.close();
  });

  it("rejecting a paragraph made a heading gives the paragraph back, its words and marks as they are", async () => {
    const id = await newPage({ title: "Hours", body: "<p>Opening <strong>hours</strong></p>" });
    const ed = await connect(id, EDITOR);
    ed.doc.transact(() => recordMeta(ed.doc, "s-head", "retype", 1, { from: PARAGRAPH }));
    makeHeading(ed, "s-head", 3);
    await stored(ed, WAIT);
    const rejected = await settle(id, "s-head", "reject");
    expect(rejected.status, await rejected.clone().text()).toBe(200);
    await until(() => (body(ed.doc).get(0) as Y.XmlElement).nodeName === "paragraph", WAIT);
    expect(body(ed.doc).length).toBe(1);
    expect((body(ed.doc).get(0) as Y.XmlElement).getAttributes()).toEqual({});
    expect(await draftBody(id)).toBe("<p>Opening <strong>hours</strong></p>");
    ed.close();
  });

  it("a heading's level changed in place: the draft keeps the old level; rejecting restores it, accepting keeps the new one", async () => {
    const id = await newPage({ title: "Hours", body: "<h2>Opening hours</h2><h2>Closed</h2>" });
    const ed = await connect(id, EDITOR);
    const h2 = { type: "heading", attrs: { level: 2 } };
    ed.doc.transact(() => {
      recordMeta(ed.doc, "s-one", "retype", 1, { from: h2 });
      recordMeta(ed.doc, "s-two", "retype", 1, { from: h2 });
    });
    ed.doc.transact(() => {
      for (const [index, sid] of [[0, "s-one"], [1, "s-two"]] as const) {
        const heading = body(ed.doc).get(index) as unknown as Y.XmlElement<Record<string, string | number>>;
        heading.setAttribute("level", 3);
        heading.setAttribute(BLOCK_RETYPE, sid);
      }
    });
    await stored(ed, WAIT);
    expect(ed.closed).toBeNull();
    ed.doc.getText("title").insert(5, "!");
    await until(async () => (await newestDraft(id))?.title === "Hours!", WAIT);
    expect((await draftBody(id)) ?? "<h2>Opening hours</h2><h2>Closed</h2>").toBe("<h2>Opening hours</h2><h2>Closed</h2>");
    expect((await settle(id, "s-one", "reject")).status).toBe(200);
    expect((await settle(id, "s-two", "accept")).status).toBe(200);
    expect(await draftBody(id)).toBe("<h2>Opening hours</h2><h3>Closed</h3>");
    await until(() => Number((body(ed.doc).get(0) as Y.XmlElement).getAttribute("level")) === 2, WAIT);
    expect((body(ed.doc).get(0) as Y.XmlElement).getAttribute(BLOCK_RETYPE)).toBeUndefined();
    ed.close();
  });

  /* What is refused, and the suggestions open after it (a split the client recorded in a transaction of its own lands). */
  const refusals: [string, (mal: YClient) => void, string[]?][] = [
    ["a cms:retype naming another editor's suggestion", (mal) => makeHeading(mal, "s-ed")],
    ["a cms:retype naming no open suggestion", (mal) => makeHeading(mal, "s-none")],
    ["a cms:retype naming a suggestion of another kind", (mal) => {
      mal.doc.transact(() => recordMeta(mal.doc, "s-mal", "split", "ed-mal"));
      makeHeading(mal, "s-mal");
    }, ["s-ed", "s-mal"]],
    ["a retype suggestion without its from", (mal) => {
      mal.doc.transact(() => recordMeta(mal.doc, "s-mal", "retype", "ed-mal"));
      makeHeading(mal, "s-mal");
    }],
    ["a from that is no block type", (mal) => {
      mal.doc.transact(() => recordMeta(mal.doc, "s-mal", "retype", "ed-mal", { from: { type: "bullet_list", attrs: {} } }));
      makeHeading(mal, "s-mal");
    }],
    ["a from on a suggestion that is no retype", (mal) => mal.doc.transact(() => recordMeta(mal.doc, "s-mal", "insert", "ed-mal", { from: PARAGRAPH }))],
  ];

  it.each(refusals)("closes a client writing %s with 4423, and nothing of it lands", async (_label, write, open = ["s-ed"]) => {
    const id = await newPage({ title: "Hours", body: "<p>Opening hours</p>" });
    const ed = await connect(id, EDITOR);
    ed.doc.transact(() => recordMeta(ed.doc, "s-ed", "retype", 1, { from: PARAGRAPH }));
    await stored(ed, WAIT);
    const mal = await connect(id, editor("mal"));
    await until(() => mal.doc.getMap(SUGGESTIONS_ROOT).has("s-ed"), WAIT);
    write(mal);
    await until(() => mal.closed !== null, WAIT);
    expect(mal.closed?.code).toBe(ROOM_CLOSE.READ_ONLY_FIELD);
    const check = await connect(id, editor("check"));
    expect((body(check.doc).get(0) as Y.XmlElement).nodeName).toBe("paragraph");
    expect([...check.doc.getMap(SUGGESTIONS_ROOT).keys()].sort()).toEqual(open);
    check.close();
    ed.close();
  });
});
