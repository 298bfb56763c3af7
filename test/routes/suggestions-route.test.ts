import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { draftWriterFor } from "../../src/objects/room-client";
import { composeRoutes } from "../../src/routes/compose-routes";
import { pagesRoute } from "../../src/routes/pages-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { suggestionsRoute } from "../../src/routes/suggestions-route";
import { versionsRoute } from "../../src/routes/versions-route";
import { ENTRY_PROPOSED_POSITION, ENTRY_SUGGESTION, SUGGEST_DELETE, SUGGEST_INSERT, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import type { siteCollections } from "../../src/site/cms";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { asAdmin, asEditor, asPublisher, EDITOR, headerResolver, PUBLISHER, request } from "../helpers/http";
import { connect, newestDraft, newPage, until, type YClient } from "../objects/room-client";

/* The reference site's pages as createCms mounts them, suggestions through each page's room. */
const api = composeRoutes(
  suggestionsRoute({ config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor }),
  versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor }),
  pagesRoute({ table: pages, versionsTable: pagesVersions, collection: pagesCollection, fields: ["slug", "title", "body", "sections"], resolveEditor: headerResolver, writer: draftWriterFor }),
);

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  runEditorRoute(api, request(method, path, { ...(body === undefined ? {} : { body }), headers }), env);

const AT = "2026-11-28T16:00:00.000Z";
const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;

/** The editor ("1", Ed) marks content and writes its metadata in one transaction, as the browser does. */
function suggest(client: YClient, id: string, kind: string, field: string, mark: (doc: Y.Doc) => void): void {
  client.doc.transact(() => {
    mark(client.doc);
    const meta = new Y.Map<unknown>();
    for (const [key, value] of Object.entries({ kind, field, author: 1, authorName: "Ed", at: AT })) meta.set(key, value);
    client.doc.getMap(SUGGESTIONS_ROOT).set(id, meta);
  });
}

const insertInTitle = (at: number, words: string) => (doc: Y.Doc) => doc.getText("title").insert(at, words, { [SUGGEST_INSERT]: "s-ins" });

async function pageWithSuggestion(fields: Record<string, unknown> = {}): Promise<{ id: number; ed: YClient }> {
  const id = await newPage({ title: "Launch", body: "<p>Hello world</p>", ...fields });
  const ed = await connect(id, EDITOR);
  suggest(ed, "s-ins", "insert", "title", insertInTitle(6, " soon"));
  await until(() => ed.acknowledged());
  return { id, ed };
}

describe("suggestions over REST, settled by the room", () => {
  it("lists open suggestions with their words; the draft, the published page and publishing ignore them and say how many are open", async () => {
    const { id, ed } = await pageWithSuggestion();
    // A plain edit besides the suggestion, so there is a draft to publish.
    ((ed.doc.getXmlFragment("body").get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(11, "!");
    await until(() => ed.acknowledged());
    const listed = await call("GET", `/api/cms/pages/${id}/suggestions`, asEditor());
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ suggestions: [{ id: "s-ins", kind: "insert", field: "title", author: 1, authorName: "Ed", at: AT, text: " soon" }] });
    const published = await call("POST", `/api/cms/pages/${id}/publish`, asPublisher(), {});
    expect(published.status, await published.clone().text()).toBe(200);
    expect(await published.json()).toMatchObject({ openSuggestions: 1, page: { title: "Launch", body: "<p>Hello world!</p>" } });
    expect(await env.DB.prepare("SELECT title, body FROM pages WHERE id = ?1").bind(id).first()).toEqual({ title: "Launch", body: "<p>Hello world!</p>" });
    const versions = (await (await call("GET", `/api/cms/pages/${id}/versions`, asEditor())).json()) as { openSuggestions: number };
    expect(versions.openSuggestions).toBe(1);
    ed.close();
  });

  it("accepts once: the words join the draft, a second accept answers 409 suggestion_settled, an unknown id 404 suggestion_not_found", async () => {
    const { id, ed } = await pageWithSuggestion();
    const accepted = await call("POST", `/api/cms/pages/${id}/suggestions/s-ins/accept`, asPublisher());
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await accepted.json()).toMatchObject({ decision: "accept", settled: ["s-ins"], openSuggestions: 0 });
    expect((await newestDraft(id))?.title).toBe("Launch soon");
    await until(() => ed.doc.getMap(SUGGESTIONS_ROOT).size === 0);
    expect(ed.doc.getText("title").toDelta()).toEqual([{ insert: "Launch soon" }]);
    const again = await call("POST", `/api/cms/pages/${id}/suggestions/s-ins/accept`, asAdmin());
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "suggestion_settled" });
    const unknown = await call("POST", `/api/cms/pages/${id}/suggestions/nope/reject`, asAdmin());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "suggestion_not_found" });
    ed.close();
  });

  it("two publishers accepting one suggestion at once: one 200, one 409, the words land once", async () => {
    const { id, ed } = await pageWithSuggestion();
    const answers = await Promise.all([asPublisher(), asAdmin()].map((who) => call("POST", `/api/cms/pages/${id}/suggestions/s-ins/accept`, who)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await newestDraft(id))?.title).toBe("Launch soon");
    ed.close();
  });

  it("one suggestion accepted and another rejected at once by two publishers: each applied once", async () => {
    const { id, ed } = await pageWithSuggestion();
    suggest(ed, "s-del", "delete", "title", (doc) => doc.getText("title").format(0, 6, { [SUGGEST_DELETE]: "s-del" }));
    await until(() => ed.acknowledged());
    const [accept, reject] = await Promise.all([
      call("POST", `/api/cms/pages/${id}/suggestions/s-del/accept`, asPublisher()),
      call("POST", `/api/cms/pages/${id}/suggestions/s-ins/reject`, asAdmin()),
    ]);
    expect([accept.status, reject.status]).toEqual([200, 200]);
    await until(async () => (await newestDraft(id))?.title === "");
    await until(() => ed.doc.getMap(SUGGESTIONS_ROOT).size === 0);
    expect(ed.doc.getText("title").toString()).toBe("");
    ed.close();
  });

  it("settles rich text and entries: an accepted insertion and deletion in the body, a rejected added section, an accepted move", async () => {
    const { id, ed } = await pageWithSuggestion({ sections: [{ type: "hero", id: "a", heading: "A" }, { type: "hero", id: "b", heading: "B" }] });
    suggest(ed, "s-rich", "insert", "body", (doc) => ((doc.getXmlFragment("body").get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(6, "brave ", { insertion: { id: "s-rich" } }));
    suggest(ed, "s-strike", "delete", "body", (doc) => ((doc.getXmlFragment("body").get(0) as Y.XmlElement).get(0) as Y.XmlText).format(0, 6, { deletion: { id: "s-strike" } }));
    suggest(ed, "s-add", "add", "sections.c", (doc) => {
      const added = new Y.Map<unknown>();
      added.set("type", "hero");
      added.set("id", "c");
      added.set("heading", new Y.Text("C"));
      added.set(ENTRY_SUGGESTION, "s-add");
      doc.getArray("sections").push([added]);
    });
    suggest(ed, "s-move", "move", "sections.a", (doc) => {
      const first = doc.getArray<Y.Map<unknown>>("sections").get(0);
      first.set(ENTRY_SUGGESTION, "s-move");
      first.set(ENTRY_PROPOSED_POSITION, "z");
    });
    await until(() => ed.acknowledged());
    expect((await newestDraft(id))?.body ?? "<p>Hello world</p>").toBe("<p>Hello world</p>");
    for (const [sid, decision] of [["s-rich", "accept"], ["s-strike", "accept"], ["s-add", "reject"], ["s-move", "accept"]]) {
      const answer = await call("POST", `/api/cms/pages/${id}/suggestions/${sid}/${decision}`, asPublisher());
      expect(answer.status, await answer.clone().text()).toBe(200);
    }
    const draft = (await newestDraft(id)) as { body: string; sections: { id: string }[] };
    expect(draft.body).toBe("<p>brave world</p>");
    expect(draft.sections.map((entry) => entry.id)).toEqual(["b", "a"]);
    await until(() => ed.doc.getArray("sections").length === 2);
    expect(ed.doc.getArray<Y.Map<unknown>>("sections").toArray().some((entry) => entry.has(ENTRY_SUGGESTION) || entry.has(ENTRY_PROPOSED_POSITION))).toBe(false);
    ed.close();
  });

  it("lets the author settle its own suggestion; another editor without the publish right gets 403 forbidden_publish", async () => {
    const { id, ed } = await pageWithSuggestion();
    const other = { "x-test-editor": "editor" };
    const stranger = await runEditorRoute(
      suggestionsRoute({ config: pagesCollection, resolveEditor: () => ({ ...EDITOR, id: "9", name: "Nine" }), writer: draftWriterFor }),
      request("POST", `/api/cms/pages/${id}/suggestions/s-ins/accept`, { headers: other }),
      env,
    );
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ code: "forbidden_publish" });
    const own = await call("POST", `/api/cms/pages/${id}/suggestions/reject-all`, asEditor(), { author: 1 });
    expect(own.status, await own.clone().text()).toBe(200);
    expect(await own.json()).toMatchObject({ decision: "reject", settled: ["s-ins"], openSuggestions: 0 });
    await until(() => ed.text("title") === "Launch");
    ed.close();
  });

  it("answers 405 with Allow, 400 invalid_input for a field it does not take, and never reaches the room for them", async () => {
    const { id, ed } = await pageWithSuggestion();
    const put = await call("PUT", `/api/cms/pages/${id}/suggestions`, asEditor());
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET");
    const extra = await call("POST", `/api/cms/pages/${id}/suggestions/s-ins/accept`, asPublisher(), { all: true });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ code: "invalid_input" });
    const cross = await runEditorRoute(api, request("POST", `/api/cms/pages/${id}/suggestions/s-ins/accept`, { headers: asPublisher(), origin: "https://evil.test" }), env);
    expect(cross.status).toBe(403);
    expect(ed.doc.getMap(SUGGESTIONS_ROOT).size).toBe(1);
    ed.close();
  });

  it("the service binding lists and settles with the same checks", async () => {
    const { id, ed } = await pageWithSuggestion();
    const listed = await service().listSuggestions(EDITOR, "pages", id);
    expect(listed).toMatchObject({ ok: true, value: { suggestions: [{ id: "s-ins", text: " soon" }] } });
    const odd = await service().settleSuggestion(PUBLISHER, "pages", id, "approve" as "accept", { id: "s-ins" });
    expect(odd).toMatchObject({ ok: false, status: 400, code: "invalid_input" });
    const stranger = await service().settleSuggestion({ ...EDITOR, id: "9" }, "pages", id, "accept", { id: "s-ins" });
    expect(stranger).toMatchObject({ ok: false, status: 403, code: "forbidden_publish" });
    const accepted = await service().settleSuggestion(PUBLISHER, "pages", id, "accept", { id: "s-ins" });
    expect(accepted).toMatchObject({ ok: true, value: { settled: ["s-ins"], openSuggestions: 0 } });
    const again = await service().settleSuggestion(PUBLISHER, "pages", id, "accept", { id: "s-ins" });
    expect(again).toMatchObject({ ok: false, status: 409, code: "suggestion_settled" });
    expect((await newestDraft(id))?.title).toBe("Launch soon");
    ed.close();
  });
});
