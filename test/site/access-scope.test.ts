import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { EditorSession } from "../../src/shared/session";
import { png } from "../fixtures/images";
import { seedDemo, seedEditor, signIn, SITE } from "./demo-helpers";

/*
 * A scoped account at every way in over HTTP and the service binding. The demo's pages are
 * addressed `/<slug>`: `about` (id 2) is outside the `/blog-` scope, the pages made here inside.
 */
const FAY = { collections: ["pages"], paths: ["/blog-"], readOnlyFields: { pages: ["slug"] } };
const PIA = { paths: ["/blog-"] };
const api = (path: string, cookie: string, init: RequestInit = {}) =>
  exports.default.fetch(`${SITE}${path}`, { ...init, headers: { cookie, origin: SITE, "content-type": "application/json", ...(init.headers as Record<string, string>) } });
const send = (method: string, path: string, cookie: string, body?: unknown) => api(path, cookie, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const drafts = async (id: number) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>())!.n;

let fay = "";
let pia = "";
let ada = "";
let blog = 0;

async function expectRefused(response: Response, code: string): Promise<void> {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ code });
}

beforeAll(async () => {
  await seedDemo();
  await seedEditor("fay@demo.test", "editor", FAY);
  await seedEditor("pia@demo.test", "publisher", PIA);
  await seedEditor("ada@demo.test", "admin");
  [fay, pia, ada] = await Promise.all([signIn("fay@demo.test"), signIn("pia@demo.test"), signIn("ada@demo.test")]);
  const created = await send("POST", "/api/cms/pages", ada, { slug: "blog-spring", title: "Spring" });
  blog = ((await created.json()) as { id: number }).id;
});

describe("a scoped account over REST", () => {
  it("lists every page, but reads a page's draft and history only within its scope", async () => {
    const list = (await (await api("/api/cms/pages", fay)).json()) as { items: { id: number }[] };
    expect(list.items.map((item) => item.id)).toEqual(expect.arrayContaining([1, 2, blog]));
    await expectRefused(await api("/api/cms/pages/2", fay), "out_of_scope");
    await expectRefused(await api("/api/cms/pages/2/versions", fay), "out_of_scope");
    expect((await api(`/api/cms/pages/${blog}`, fay)).status).toBe(200);
    expect((await api(`/api/cms/pages/${blog}/versions`, fay)).status).toBe(200);
  });

  it("saves drafts (PATCH, versions POST, restore) only within its scope, and writes nothing outside", async () => {
    const before = await drafts(2);
    await expectRefused(await send("PATCH", "/api/cms/pages/2", fay, { title: "Defaced" }), "out_of_scope");
    await expectRefused(await send("POST", "/api/cms/pages/2/versions", fay, { title: "Defaced" }), "out_of_scope");
    await expectRefused(await send("POST", "/api/cms/pages/2/versions", fay, { restoreVersionId: 2 }), "out_of_scope");
    expect(await drafts(2)).toBe(before);
    expect((await send("PATCH", `/api/cms/pages/${blog}`, fay, { title: "Spring, by Fay" })).status).toBe(201);
  });

  it("creates a page only at an address within its scope", async () => {
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM pages").first<{ n: number }>())!.n;
    const before = await count();
    await expectRefused(await send("POST", "/api/cms/pages", pia, { slug: "pricing", title: "Pricing" }), "out_of_scope");
    expect(await count()).toBe(before);
    expect((await send("POST", "/api/cms/pages", pia, { slug: "blog-summer", title: "Summer" })).status).toBe(201);
  });

  it("renames a page only to an address within its scope, and never changes a read-only field", async () => {
    await expectRefused(await send("PATCH", `/api/cms/pages/${blog}`, pia, { slug: "pricing" }), "out_of_scope");
    const readOnly = await send("PATCH", `/api/cms/pages/${blog}`, fay, { slug: "blog-renamed" });
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toMatchObject({ code: "read_only_field", fields: ["slug"] });
    // The read-only field sent back as it is changes nothing: the rest of the edit is saved.
    expect((await send("PATCH", `/api/cms/pages/${blog}`, fay, { slug: "blog-spring", title: "Same address" })).status).toBe(201);
    expect((await send("PATCH", `/api/cms/pages/${blog}`, pia, { slug: "blog-spring-2026" })).status).toBe(201);
    expect((await send("PATCH", `/api/cms/pages/${blog}`, pia, { slug: "blog-spring" })).status).toBe(201);
  });

  it("saves inline only within its scope: another page, another collection and a read-only field are refused", async () => {
    await expectRefused(await send("POST", "/api/cms/save", fay, { field: "pages:2:title", value: "Defaced" }), "out_of_scope");
    await expectRefused(await send("POST", "/api/cms/save", fay, { field: "courses:1:title", value: "Defaced" }), "out_of_scope");
    expect((await send("POST", "/api/cms/save", fay, { field: `pages:${blog}:title`, value: "Inline spring" })).status).toBe(204);
  });

  it("publishes, unpublishes, schedules and deletes only within its scope, on top of the publish privilege", async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await expectRefused(await send("POST", "/api/cms/pages/2/publish", pia, {}), "out_of_scope");
    await expectRefused(await send("POST", "/api/cms/pages/2/publish", pia, { at }), "out_of_scope");
    await expectRefused(await send("DELETE", "/api/cms/pages/2/publish", pia), "out_of_scope");
    await expectRefused(await send("POST", "/api/cms/pages/2/unpublish", pia), "out_of_scope");
    await expectRefused(await send("DELETE", "/api/cms/pages/2", pia), "out_of_scope");
    expect(await env.DB.prepare("SELECT published_version_id AS v FROM pages WHERE id = 2").first<{ v: number | null }>()).toMatchObject({ v: expect.any(Number) });
    expect((await send("POST", `/api/cms/pages/${blog}/publish`, pia, {})).status).toBe(200);
    // Scope never grants a role: an editor within scope still may not publish.
    await expectRefused(await send("POST", `/api/cms/pages/${blog}/publish`, fay, {}), "forbidden_publish");
  });

  it("shares a draft only of a page within its scope", async () => {
    await expectRefused(await send("POST", "/api/cms/share-links", pia, { id: 2 }), "out_of_scope");
    expect((await send("POST", "/api/cms/share-links", pia, { id: blog })).status).toBe(201);
  });
});

describe("a scoped account on the site's pages", () => {
  it("gets edit mode on a page within its scope, and a page outside it as a visitor sees it (no draft, no editor)", async () => {
    await send("PATCH", "/api/cms/pages/2", ada, { title: "About, in draft" });
    const outside = await (await api("/about", fay)).text();
    expect(outside).not.toContain("mountLouise");
    expect(outside).not.toContain("About, in draft");
    const inside = await (await api("/blog-spring", fay)).text();
    expect(inside).toContain("mountLouise");
    expect(inside).toContain('readOnlyFields: {"pages":["slug"]}');
  });
});

describe("a scoped account's media", () => {
  const upload = async (cookie: string, seed: number) => {
    const res = await exports.default.fetch(`${SITE}/api/cms/upload`, { method: "POST", headers: { cookie, origin: SITE, "content-type": "application/octet-stream" }, body: png(seed, 3) });
    expect(res.status).toBe(201);
    return (await res.json<{ key: string }>()).key;
  };

  it("uploads, and changes or deletes only what it uploaded: another account's asset is out of scope", async () => {
    const theirs = await upload(ada, 41);
    const own = await upload(fay, 42);
    await expectRefused(await send("PATCH", "/api/cms/media", fay, { key: theirs, alt: "Defaced" }), "out_of_scope");
    await expectRefused(await send("DELETE", `/api/cms/media?key=${theirs}`, fay), "out_of_scope");
    expect(await env.DB.prepare("SELECT alt FROM media WHERE key = ?1").bind(theirs).first<{ alt: string }>()).toEqual({ alt: "" });
    expect((await send("PATCH", "/api/cms/media", fay, { key: own, alt: "Mine" })).status).toBe(200);
    expect((await send("DELETE", `/api/cms/media?key=${own}`, fay)).status).toBe(204);
  });
});

describe("a scoped account through the service binding", () => {
  type Result = { ok: boolean; status?: number; code?: string };
  const service = () => (exports as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<Result>>>).CmsService!;
  const session = (scope: Record<string, unknown>, publish = false): EditorSession => ({
    id: "77",
    email: "svc@demo.test",
    name: "Svc",
    roles: publish ? ["editor", "publisher"] : ["editor"],
    access: { publish, scope },
  });

  it("holds the caller's declared scope: reads of drafts, drafts and publishing outside it are refused, within taken", async () => {
    expect(await service().saveDraft!(session(FAY), "pages", 2, { title: "Defaced" })).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().saveDraft!(session(FAY), "pages", blog, { slug: "blog-x" })).toMatchObject({ ok: false, status: 403, code: "read_only_field" });
    expect(await service().publish!(session(PIA, true), "pages", 2)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().unpublish!(session(PIA, true), "pages", 2)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().saveDraft!(session(FAY), "pages", blog, { title: "From the service" })).toMatchObject({ ok: true });
    expect(await service().readPage!(session(FAY), "pages", 2)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().listVersions!(session(FAY), "pages", 2)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().readPage!(session(FAY), "pages", blog)).toMatchObject({ ok: true });
  });
});
