import { env } from "cloudflare:workers";
import { draftWriterFor } from "../../src/objects/room-client";
import { describe, expect, it } from "vitest";
import { pagesRoute } from "../../src/routes/pages-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { assertValidSections } from "../../src/cores/sections";
import { pagesCollection, sectionCatalog } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { applyPublish, applySaveDraft } from "../../src/cores/drafts";
import { searchPublished } from "../../src/cores/search";
import { asEditor, EDITOR, headerResolver, PUBLISHER, request, type RequestOptions } from "../helpers/http";

const MEDIA = "https://media.site.test";

const baseConfig = {
  table: pages,
  resolveEditor: headerResolver,
  mediaBase: MEDIA,
  children: [{ table: pagesVersions, column: "parentId" }],
  validate: (data: Record<string, unknown>, { operation }: { operation: "create" | "update" | "draft" }) => {
    if (data.sections !== undefined) assertValidSections(sectionCatalog, data.sections, { operation, mediaBase: MEDIA });
  },
};
/* The same pages without drafts: PATCH and DELETE write the live row, for any editor. */
const { versions: _drafts, ...liveCollection } = pagesCollection;
const route = pagesRoute({ ...baseConfig, collection: liveCollection });
/* The reference site's collection (drafts on): PATCH saves a draft, DELETE needs a publisher. */
const versionedRoute = pagesRoute({ ...baseConfig, collection: pagesCollection, versionsTable: pagesVersions, writer: draftWriterFor });

let counter = 0;
const uniqueSlug = () => `page-${Date.now().toString(36)}-${++counter}`;

function call(method: string, path: string, options: RequestOptions = {}) {
  return runEditorRoute(route, request(method, path, options), env);
}

function callVersioned(method: string, path: string, options: RequestOptions = {}) {
  return runEditorRoute(versionedRoute, request(method, path, options), env);
}

async function versionCount(id: unknown): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>())!.n;
}

async function createPage(fields: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const res = await call("POST", "/api/cms/pages", { body: { slug: uniqueSlug(), title: "A page", ...fields }, headers: asEditor() });
  expect(res.status).toBe(201);
  return res.json();
}

async function rowCount(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM pages").first<{ n: number }>())!.n;
}

describe("pagesRoute authorization matrix", () => {
  const endpoints: [string, (id: number) => string, unknown][] = [
    ["GET", () => "/api/cms/pages", undefined],
    ["POST", () => "/api/cms/pages", { slug: "matrix-x", title: "X" }],
    ["GET", (id) => `/api/cms/pages/${id}`, undefined],
    ["PATCH", (id) => `/api/cms/pages/${id}`, { title: "Changed" }],
    ["DELETE", (id) => `/api/cms/pages/${id}`, undefined],
  ];

  it.each(endpoints)("%s %s without a session is 401", async (method, path, body) => {
    const page = await createPage();
    const res = await call(method, path(page.id as number), { body: body && { ...body, slug: uniqueSlug() } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });

  it.each(endpoints.filter(([m]) => m !== "GET"))("cross-origin %s %s is 403 and writes nothing", async (method, path, body) => {
    const page = await createPage();
    const before = await rowCount();
    const res = await call(method, path(page.id as number), { body: body && { ...body, slug: uniqueSlug() }, origin: "https://evil.test", headers: asEditor() });
    expect(res.status).toBe(403);
    expect(await rowCount()).toBe(before);
    const again = await call("GET", `/api/cms/pages/${page.id}`, { headers: asEditor() });
    expect(await again.json()).toEqual(page);
  });

  it.each(endpoints.filter(([m]) => m === "GET"))("cross-origin read %s %s is allowed", async (method, path) => {
    const page = await createPage();
    const res = await call(method, path(page.id as number), { origin: "https://evil.test", headers: asEditor() });
    expect(res.status).toBe(200);
  });

  it.each(endpoints)("an editor succeeds at %s %s", async (method, path, body) => {
    const page = await createPage();
    const res = await call(method, path(page.id as number), { body: body && { ...body, slug: uniqueSlug() }, headers: asEditor() });
    expect(res.status).toBeLessThan(300);
  });
});

describe("pagesRoute CRUD", () => {
  it("creates, reads, updates and deletes a page", async () => {
    const created = await createPage({ body: "<p>Hello</p>", sections: [] });
    expect(created).toMatchObject({ title: "A page", body: "<p>Hello</p>", sections: [], publishedVersionId: null });
    const read = await (await call("GET", `/api/cms/pages/${created.id}`, { headers: asEditor() })).json();
    expect(read).toEqual(created);
    const updated = await (await call("PATCH", `/api/cms/pages/${created.id}`, { body: { title: "Renamed" }, headers: asEditor() })).json();
    expect(updated).toMatchObject({ id: created.id, title: "Renamed", slug: created.slug });
    expect((await call("DELETE", `/api/cms/pages/${created.id}`, { headers: asEditor() })).status).toBe(204);
    expect((await call("GET", `/api/cms/pages/${created.id}`, { headers: asEditor() })).status).toBe(404);
  });

  it("deletes the page's versions with it", async () => {
    const page = await createPage();
    await env.DB.prepare("INSERT INTO pages_versions (parent_id, status, version_data) VALUES (?1, 'draft', '{}')").bind(page.id).run();
    await call("DELETE", `/api/cms/pages/${page.id}`, { headers: asEditor() });
    const left = await env.DB.prepare("SELECT count(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(page.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it("pages through the list with limit and cursor", async () => {
    for (let i = 0; i < 3; i++) await createPage();
    const seen: unknown[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const res = await call("GET", `/api/cms/pages?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { headers: asEditor() });
      const page = (await res.json()) as { items: { id: number }[]; next: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.next;
    }
    expect(seen.length).toBe(await rowCount());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("drops unknown and non-allowlisted fields, including id and the publish pointer", async () => {
    const page = await createPage({ id: 999999, publishedVersionId: 7, colour: "red" });
    expect(page.id).not.toBe(999999);
    expect(page.publishedVersionId).toBeNull();
    expect(page).not.toHaveProperty("colour");
  });

  it("sanitizes rich fields before storage", async () => {
    const page = await createPage({ body: '<p onclick="x()">Hi<script>alert(1)</script></p><img src="https://evil.test/a.png">' });
    expect(page.body).toBe("<p>Hi</p>");
  });

  it("keeps a media-hosted image in a rich field", async () => {
    const page = await createPage({ body: `<p><img src="${MEDIA}/a.png" alt="A"></p>` });
    expect(page.body).toContain(`src="${MEDIA}/a.png"`);
  });
});

describe("pagesRoute bad input", () => {
  it("answers malformed JSON with 400 and writes nothing", async () => {
    const before = await rowCount();
    const res = await call("POST", "/api/cms/pages", { rawBody: "{nope", headers: asEditor({ "content-type": "application/json" }) });
    expect(res.status).toBe(400);
    expect(await rowCount()).toBe(before);
  });

  it("answers a body over 1 MB with 413", async () => {
    const res = await call("POST", "/api/cms/pages", { body: { slug: uniqueSlug(), title: "x", body: "y".repeat(1_100_000) }, headers: asEditor() });
    expect(res.status).toBe(413);
  });

  it.each(["abc", "0", "1.5", "-3"])("answers a non-integer id %s with 400", async (id) => {
    expect((await call("GET", `/api/cms/pages/${id}`, { headers: asEditor() })).status).toBe(400);
  });

  it("answers an unknown id with 404 on read, update and delete", async () => {
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await call(method, "/api/cms/pages/987654", { body: method === "PATCH" ? { title: "x" } : undefined, headers: asEditor() });
      expect(res.status).toBe(404);
    }
  });

  it("answers a wrong method with 405 and an Allow header", async () => {
    const res = await call("PUT", "/api/cms/pages/1", { body: {}, headers: asEditor() });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PATCH, DELETE");
    expect((await call("DELETE", "/api/cms/pages", { headers: asEditor() })).status).toBe(405);
  });

  it("answers a wrong type for a known field with 422 and violations, and leaves the row unchanged", async () => {
    const page = await createPage();
    const res = await call("PATCH", `/api/cms/pages/${page.id}`, { body: { title: 42, body: "<p>new</p>" }, headers: asEditor() });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: [{ path: "title", code: "type" }] });
    expect(await (await call("GET", `/api/cms/pages/${page.id}`, { headers: asEditor() })).json()).toEqual(page);
  });

  it("requires the required fields on create", async () => {
    const res = await call("POST", "/api/cms/pages", { body: { body: "<p>x</p>" }, headers: asEditor() });
    expect(res.status).toBe(422);
    const { violations } = (await res.json()) as { violations: { path: string }[] };
    expect(violations.map((v) => v.path).sort()).toEqual(["slug", "title"]);
  });

  it("runs the validate hook: invalid sections are a 422 with per-field violations", async () => {
    const res = await call("POST", "/api/cms/pages", {
      body: { slug: uniqueSlug(), title: "x", sections: [{ type: "hero" }, { type: "nope" }, { type: "hero", heading: "Hi", image: "https://elsewhere.test/a.png" }] },
      headers: asEditor(),
    });
    expect(res.status).toBe(422);
    const { violations } = (await res.json()) as { violations: { path: string; code: string }[] };
    expect(violations).toEqual([
      expect.objectContaining({ path: "sections.0.heading", code: "required" }),
      expect.objectContaining({ path: "sections.1.type", code: "unknown_type" }),
      expect.objectContaining({ path: "sections.2.image", code: "not_media" }),
    ]);
  });

  it("answers a taken slug with 409", async () => {
    const page = await createPage();
    const res = await call("POST", "/api/cms/pages", { body: { slug: page.slug, title: "Dup" }, headers: asEditor() });
    expect(res.status).toBe(409);
    const other = await createPage();
    const clash = await call("PATCH", `/api/cms/pages/${other.id}`, { body: { slug: page.slug }, headers: asEditor() });
    expect(clash.status).toBe(409);
  });

  it("passes through paths it does not own", async () => {
    expect(await route(request("GET", "/api/cms/media"), env, {} as ExecutionContext)).toBeUndefined();
  });
});

describe("pagesRoute keeps the search index in step", () => {
  const deps = { table: pages, versionsTable: pagesVersions, config: pagesCollection };
  const find = (q: string) => searchPublished(env.DB, { table: pages, config: pagesCollection }, q, 10);

  async function publishedPage(title: string): Promise<number> {
    const page = await createPage({ title });
    await applySaveDraft(env, deps, EDITOR, page.id as number, { title });
    await applyPublish(env, deps, PUBLISHER, page.id as number);
    return page.id as number;
  }

  it("re-indexes a published page after a PATCH", async () => {
    const id = await publishedPage("Zebra crossings");
    expect((await find("zebra")).map((h) => h.id)).toContain(id);
    await call("PATCH", `/api/cms/pages/${id}`, { body: { title: "Giraffe crossings" }, headers: asEditor() });
    expect((await find("zebra")).map((h) => h.id)).not.toContain(id);
    expect((await find("giraffe")).map((h) => h.id)).toContain(id);
  });

  it("drops a deleted page from search", async () => {
    const id = await publishedPage("Okapi sightings");
    expect((await find("okapi")).map((h) => h.id)).toContain(id);
    expect((await callVersioned("DELETE", `/api/cms/pages/${id}`, { headers: { "x-test-editor": "publisher" } })).status).toBe(204);
    expect(await find("okapi")).toEqual([]);
    // Search joins back to pages, so also check the index itself holds no orphan entry.
    const orphan = await env.DB.prepare("SELECT count(*) AS n FROM pages_search WHERE rowid = ?1").bind(id).first<{ n: number }>();
    expect(orphan!.n).toBe(0);
  });
});

describe("pagesRoute on a versioned collection: the live row changes only through publishing", () => {
  const deps = { table: pages, versionsTable: pagesVersions, config: pagesCollection };
  const asPublisher = { "x-test-editor": "publisher" };

  async function publishedPage(): Promise<Record<string, unknown>> {
    const page = await createPage({ body: "<p>Live</p>" });
    await applySaveDraft(env, deps, EDITOR, page.id as number, {});
    await applyPublish(env, deps, PUBLISHER, page.id as number);
    return (await (await call("GET", `/api/cms/pages/${page.id}`, { headers: asEditor() })).json()) as Record<string, unknown>;
  }

  it.each([
    ["an editor", asEditor()],
    ["a publisher", asPublisher],
  ])("PATCH by %s saves a draft and leaves the live row as it was", async (_who, headers) => {
    const live = await publishedPage();
    const res = await callVersioned("PATCH", `/api/cms/pages/${live.id}`, { body: { title: "Defaced", body: "<p>New</p>" }, headers });
    expect(res.status).toBe(201);
    const saved = (await res.json()) as { versionId: number; snapshot: Record<string, unknown> };
    expect(saved).toMatchObject({ versionId: expect.any(Number), snapshot: { title: "Defaced", body: "<p>New</p>", slug: live.slug } });
    expect(await (await call("GET", `/api/cms/pages/${live.id}`, { headers: asEditor() })).json()).toEqual(live);
    const row = await env.DB.prepare("SELECT status FROM pages_versions WHERE id = ?1").bind(saved.versionId).first<{ status: string }>();
    expect(row?.status).toBe("draft");
  });

  it("a PATCH draft runs the same checks: a wrong type is a 422 and stores no version", async () => {
    const live = await publishedPage();
    const before = await versionCount(live.id);
    const res = await callVersioned("PATCH", `/api/cms/pages/${live.id}`, { body: { title: 42 }, headers: asEditor() });
    expect(res.status).toBe(422);
    expect(await versionCount(live.id)).toBe(before);
  });

  it("a PATCH draft of an unknown page is a 404", async () => {
    expect((await callVersioned("PATCH", "/api/cms/pages/987655", { body: { title: "x" }, headers: asEditor() })).status).toBe(404);
  });

  it("DELETE by an editor is 403 forbidden_publish and deletes nothing", async () => {
    const live = await publishedPage();
    const res = await callVersioned("DELETE", `/api/cms/pages/${live.id}`, { headers: asEditor() });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "forbidden_publish" });
    expect(await (await call("GET", `/api/cms/pages/${live.id}`, { headers: asEditor() })).json()).toEqual(live);
    expect(await versionCount(live.id)).toBeGreaterThan(0);
  });

  it("DELETE by a publisher deletes the page and its versions", async () => {
    const live = await publishedPage();
    expect((await callVersioned("DELETE", `/api/cms/pages/${live.id}`, { headers: asPublisher })).status).toBe(204);
    expect((await call("GET", `/api/cms/pages/${live.id}`, { headers: asEditor() })).status).toBe(404);
    expect(await versionCount(live.id)).toBe(0);
  });

  it("without a versions table, PATCH of a drafts collection needs the publish privilege", async () => {
    const noDrafts = pagesRoute({ ...baseConfig, collection: pagesCollection });
    const live = await publishedPage();
    const editor = await runEditorRoute(noDrafts, request("PATCH", `/api/cms/pages/${live.id}`, { body: { title: "Defaced" }, headers: asEditor() }), env);
    expect(editor.status).toBe(403);
    expect(await editor.json()).toMatchObject({ code: "forbidden_publish" });
    expect(await (await call("GET", `/api/cms/pages/${live.id}`, { headers: asEditor() })).json()).toEqual(live);
    const publisher = await runEditorRoute(noDrafts, request("PATCH", `/api/cms/pages/${live.id}`, { body: { title: "Fixed" }, headers: asPublisher }), env);
    expect(publisher.status).toBe(200);
  });
});
