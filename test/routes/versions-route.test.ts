import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { insertRow } from "../../src/cores/pages/page-store";
import { assertValidSections } from "../../src/cores/sections";
import { tableMeta } from "../../src/cores/table-meta";
import { composeRoutes } from "../../src/routes/compose-routes";
import { pagesRoute } from "../../src/routes/pages-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { searchRoute } from "../../src/routes/search-route";
import { versionsRoute } from "../../src/routes/versions-route";
import { pagesCollection, sectionCatalog } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { asEditor, headerResolver, request, type RequestOptions } from "../helpers/http";

const MEDIA = "https://media.site.test";

const route = versionsRoute({
  table: pages,
  versionsTable: pagesVersions,
  config: pagesCollection,
  resolveEditor: headerResolver,
  mediaBase: () => MEDIA,
  validate: (snapshot, { operation }) => {
    if (snapshot.sections !== undefined) assertValidSections(sectionCatalog, snapshot.sections, { operation, mediaBase: MEDIA });
  },
  // No writer: the route writes over the cores directly; the room path has its own suites.
});

const asPublisher = (headers: Record<string, string> = {}) => ({ "x-test-editor": "publisher", ...headers });
let counter = 0;

function call(method: string, path: string, options: RequestOptions = {}) {
  return runEditorRoute(route, request(method, path, options), env);
}

async function newPage(): Promise<number> {
  const row = await insertRow(env.DB, tableMeta(pages), { slug: `vr-${Date.now().toString(36)}-${++counter}`, title: "Live title" });
  return row.id as number;
}

async function saveDraft(id: number, body: Record<string, unknown>): Promise<{ versionId: number; snapshot: Record<string, unknown> }> {
  const res = await call("POST", `/api/cms/pages/${id}/versions`, { body, headers: asEditor() });
  expect(res.status).toBe(201);
  return res.json();
}

async function live(id: number) {
  return env.DB.prepare("SELECT title, published_version_id AS pointer FROM pages WHERE id = ?1").bind(id).first<{ title: string; pointer: number | null }>();
}

describe("versionsRoute authorization", () => {
  const endpoints: [string, string, unknown][] = [
    ["GET", "versions", undefined],
    ["POST", "versions", { title: "x" }],
    ["POST", "publish", {}],
    ["POST", "unpublish", undefined],
  ];

  it.each(endpoints)("%s /:id/%s without a session is 401", async (method, action, body) => {
    const id = await newPage();
    expect((await call(method, `/api/cms/pages/${id}/${action}`, { body })).status).toBe(401);
  });

  it.each(endpoints.filter(([m]) => m === "POST"))("cross-origin %s /:id/%s is 403 and writes nothing", async (method, action, body) => {
    const id = await newPage();
    await saveDraft(id, { title: "Draft" });
    const res = await call(method, `/api/cms/pages/${id}/${action}`, { body, origin: "https://evil.test", headers: asPublisher() });
    expect(res.status).toBe(403);
    expect(await live(id)).toEqual({ title: "Live title", pointer: null });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("an editor without access.publish cannot publish or unpublish (403)", async () => {
    const id = await newPage();
    await saveDraft(id, { title: "Draft" });
    expect((await call("POST", `/api/cms/pages/${id}/publish`, { body: {}, headers: asEditor() })).status).toBe(403);
    expect(await live(id)).toEqual({ title: "Live title", pointer: null });
    await call("POST", `/api/cms/pages/${id}/publish`, { body: {}, headers: asPublisher() });
    expect((await call("POST", `/api/cms/pages/${id}/unpublish`, { headers: asEditor() })).status).toBe(403);
    expect((await live(id))!.pointer).not.toBeNull();
  });
});

describe("versionsRoute", () => {
  it("saves drafts, lists them newest first with their state, publishes and unpublishes", async () => {
    const id = await newPage();
    const first = await saveDraft(id, { title: "First", ignored: true });
    const second = await saveDraft(id, { body: "<p>Second</p>" });
    expect(second.snapshot).toMatchObject({ title: "First", body: "<p>Second</p>" });

    const published = await call("POST", `/api/cms/pages/${id}/publish`, { headers: asPublisher() });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ versionId: second.versionId, page: { id, title: "First", publishedVersionId: second.versionId } });

    const list = await call("GET", `/api/cms/pages/${id}/versions`, { headers: asEditor() });
    expect(list.status).toBe(200);
    const { items, next } = (await list.json()) as { items: { id: number; state: string }[]; next: string | null };
    expect(items.map((v) => [v.id, v.state])).toEqual([
      [second.versionId, "published"],
      [first.versionId, "superseded"],
    ]);
    expect(next).toBeNull();

    const unpublished = await call("POST", `/api/cms/pages/${id}/unpublish`, { headers: asPublisher() });
    expect(unpublished.status).toBe(200);
    expect((await live(id))!.pointer).toBeNull();
  });

  it("publishes a named version: a restore", async () => {
    const id = await newPage();
    const first = await saveDraft(id, { title: "First" });
    await saveDraft(id, { title: "Second" });
    await call("POST", `/api/cms/pages/${id}/publish`, { body: {}, headers: asPublisher() });

    const res = await call("POST", `/api/cms/pages/${id}/publish`, { body: { versionId: first.versionId }, headers: asPublisher() });

    expect(res.status).toBe(200);
    expect(await live(id)).toEqual({ title: "First", pointer: first.versionId });
  });

  it("a publish whose validation fails is a 422 with violations and changes nothing", async () => {
    const id = await newPage();
    await saveDraft(id, { sections: [{ type: "hero", image: `${MEDIA}/a.png` }] });

    const res = await call("POST", `/api/cms/pages/${id}/publish`, { body: {}, headers: asPublisher() });

    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: [{ path: "sections.0.heading", code: "required" }] });
    expect(await live(id)).toEqual({ title: "Live title", pointer: null });
  });

  it("applies the strict media rule to drafts (mediaBase from env)", async () => {
    const id = await newPage();
    const res = await call("POST", `/api/cms/pages/${id}/versions`, { body: { sections: [{ type: "hero", image: "https://elsewhere.test/a.png" }] }, headers: asEditor() });
    expect(res.status).toBe(422);
    const saved = await saveDraft(id, { body: '<p>x<img src="https://elsewhere.test/a.png"></p>' });
    expect(saved.snapshot.body).toBe("<p>x</p>");
  });
});

describe("versionsRoute authorNames", () => {
  const named = versionsRoute({
    table: pages,
    versionsTable: pagesVersions,
    config: pagesCollection,
    resolveEditor: headerResolver,
    authorNames: async (_env, ids) => {
      lookups.push([...ids]);
      return new Map(ids.filter((id) => id === "1").map((id) => [id, "Ed 🙂 Editor"]));
    },
  });
  const lookups: string[][] = [];

  it("adds each version's author from one lookup of the listed ids; an unknown id is null", async () => {
    const id = await newPage();
    await saveDraft(id, { title: "By Ed" });
    await saveDraft(id, { title: "By Ed again" });
    expect((await call("POST", `/api/cms/pages/${id}/versions`, { body: { title: "By Pat" }, headers: asPublisher() })).status).toBe(201);
    lookups.length = 0;
    const res = await runEditorRoute(named, request("GET", `/api/cms/pages/${id}/versions`, { headers: asEditor() }), env);
    expect(res.status).toBe(200);
    const { items } = await res.json<{ items: { title?: string; createdBy: string; author: string | null }[] }>();
    expect(items.map((item) => [item.createdBy, item.author])).toEqual([
      ["2", null],
      ["1", "Ed 🙂 Editor"],
      ["1", "Ed 🙂 Editor"],
    ]);
    expect(lookups).toEqual([["2", "1"]]);
  });

  it("without the option, versions carry no author field", async () => {
    const id = await newPage();
    await saveDraft(id, { title: "Draft" });
    const { items } = await (await call("GET", `/api/cms/pages/${id}/versions`, { headers: asEditor() })).json<{ items: Record<string, unknown>[] }>();
    expect(items[0]).not.toHaveProperty("author");
  });
});

describe("versionsRoute bad input", () => {
  it.each([
    ["GET", "/api/cms/pages/987654321/versions", undefined, 404],
    ["POST", "/api/cms/pages/987654321/versions", { title: "x" }, 404],
    ["POST", "/api/cms/pages/987654321/publish", {}, 404],
    ["POST", "/api/cms/pages/987654321/unpublish", undefined, 404],
    ["GET", "/api/cms/pages/abc/versions", undefined, 400],
    ["DELETE", "/api/cms/pages/1/versions", undefined, 405],
    ["GET", "/api/cms/pages/1/publish", undefined, 405],
  ])("%s %s is %s", async (method, path, body, status) => {
    const res = await call(method, path, { body, headers: asPublisher() });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });

  it.each([["5"], [1.5], [0], [-3], [true], [[1]]])("versionId %j is a 400", async (versionId) => {
    const id = await newPage();
    await saveDraft(id, { title: "Draft" });
    const res = await call("POST", `/api/cms/pages/${id}/publish`, { body: { versionId }, headers: asPublisher() });
    expect(res.status).toBe(400);
    expect((await live(id))!.pointer).toBeNull();
  });

  it("malformed JSON is a 400 for save and publish", async () => {
    const id = await newPage();
    for (const action of ["versions", "publish"]) {
      const res = await call("POST", `/api/cms/pages/${id}/${action}`, { rawBody: "{nope", headers: asPublisher({ "content-type": "application/json" }) });
      expect(res.status).toBe(400);
    }
  });

  it("unknown versionId or another page's version is a 404; nothing pending is a 409", async () => {
    const id = await newPage();
    const other = await newPage();
    const theirs = await saveDraft(other, { title: "Theirs" });
    const pub = (body: unknown) => call("POST", `/api/cms/pages/${id}/publish`, { body, headers: asPublisher() });

    expect((await pub({ versionId: theirs.versionId })).status).toBe(404);
    expect((await pub({ versionId: 987654321 })).status).toBe(404);
    const nothing = await pub({});
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toMatchObject({ code: "nothing_pending", error: expect.stringMatching(/no pending draft/) });
  });
});

describe("mount order: versionsRoute and searchRoute before pagesRoute", () => {
  const pagesConfig = { table: pages, collection: pagesCollection, resolveEditor: headerResolver };
  const searchConfig = { table: pages, config: pagesCollection, resolveEditor: headerResolver };
  const api = composeRoutes(route, searchRoute(searchConfig), pagesRoute(pagesConfig));

  it("/api/cms/pages/search and /api/cms/pages/:id/versions reach their own handlers", async () => {
    const id = await newPage();
    const search = await runEditorRoute(api, request("GET", "/api/cms/pages/search?q=anything", { headers: asEditor() }), env);
    expect(search.status).toBe(200);
    expect(await search.json()).toEqual({ items: expect.any(Array) });
    const versions = await runEditorRoute(api, request("GET", `/api/cms/pages/${id}/versions`, { headers: asEditor() }), env);
    expect(versions.status).toBe(200);
    expect(await versions.json()).toEqual({ items: [], next: null, scheduled: null, scheduleFailed: null, openSuggestions: 0 });
    const page = await runEditorRoute(api, request("GET", `/api/cms/pages/${id}`, { headers: asEditor() }), env);
    expect(await page.json()).toMatchObject({ id, title: "Live title" });
  });

  it("mounted after pagesRoute, search would be claimed by /:id (why the order matters)", async () => {
    const wrong = composeRoutes(pagesRoute(pagesConfig), searchRoute(searchConfig));
    const res = await runEditorRoute(wrong, request("GET", "/api/cms/pages/search?q=anything", { headers: asEditor() }), env);
    expect(res.status).toBe(400);
  });
});

describe("a write's base without rooms (the direct writer): docs/contract.md holds on this deployment too", () => {
  it.each([
    ["another page's version", async () => (await saveDraft(await newPage(), { title: "theirs" })).versionId],
    ["a version that does not exist", async () => 987_654_321],
  ])("a baseVersionId naming %s is a 404 version_not_found and stores nothing", async (_label, pick) => {
    const id = await newPage();
    const before = await saveDraft(id, { title: "mine" });
    const res = await call("POST", `/api/cms/pages/${id}/versions`, { body: { title: "changed", baseVersionId: await pick() }, headers: asEditor() });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "version_not_found" });
    const list = await (await call("GET", `/api/cms/pages/${id}/versions`, { headers: asEditor() })).json<{ items: { id: number }[] }>();
    expect(list.items[0]?.id).toBe(before.versionId);
  });

  it("an If-Match naming another page's version is a 404 too", async () => {
    const id = await newPage();
    const theirs = await saveDraft(await newPage(), { title: "theirs" });
    const res = await call("POST", `/api/cms/pages/${id}/versions`, { body: { title: "changed" }, headers: asEditor({ "if-match": `"v${theirs.versionId}"` }) });
    expect(res.status).toBe(404);
  });

  it("a stale base merges field by field: a field sent back as it was read keeps what was saved since", async () => {
    const id = await newPage();
    const read = await saveDraft(id, { title: "Read title", body: "<p>Read body</p>" });
    await saveDraft(id, { title: "Newer title" });
    const res = await call("POST", `/api/cms/pages/${id}/versions`, { body: { title: "Read title", body: "<p>Changed body</p>", baseVersionId: read.versionId }, headers: asEditor() });
    expect(res.status).toBe(201);
    expect((await res.json<{ snapshot: Record<string, unknown> }>()).snapshot).toMatchObject({ title: "Newer title", body: "<p>Changed body</p>" });
  });
});
