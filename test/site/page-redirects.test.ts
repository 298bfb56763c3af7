import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { editor } from "../objects/room-client";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

/*
 * Pages made, renamed and deleted through the REST routes, as the edit bar's dialogs do, and what
 * a visitor then meets at the old and new addresses.
 */
const headers = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
let ed = "";
let pub = "";
let n = 0;

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  ed = await signIn("ed@demo.test");
  pub = await signIn("pub@demo.test");
});

function call(path: string, cookie: string, method: string, body?: unknown): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, { method, headers: headers(cookie), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

async function create(slug: string, title = "A page"): Promise<number> {
  const response = await call("/api/cms/pages", ed, "POST", { slug, title });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function rename(id: number, slug: string): Promise<void> {
  expect((await call(`/api/cms/pages/${id}`, ed, "PATCH", { slug })).status).toBe(201);
}

async function publish(id: number): Promise<void> {
  const response = await call(`/api/cms/pages/${id}/publish`, pub, "POST", {});
  expect(response.status, await response.clone().text()).toBe(200);
}

const visit = (path: string) => exports.default.fetch(`${SITE}${path}`, { redirect: "manual" });
const unique = (name: string) => `${name}-${++n}-${Date.now().toString(36)}`;

describe("a page created as a draft", () => {
  it("is a 404 for visitors and its draft for an editor until published", async () => {
    const slug = unique("fresh");
    await create(slug, "Fresh page");
    expect((await visit(`/${slug}`)).status).toBe(404);
    const asEditor = await exports.default.fetch(`${SITE}/${slug}`, { headers: { cookie: ed } });
    expect(asEditor.status).toBe(200);
    expect(await asEditor.text()).toContain("Fresh page");
  });
});

describe("renaming a page", () => {
  it("moves it at publish, and the old address redirects permanently to the new one", async () => {
    const before = unique("before");
    const after = unique("after");
    const id = await create(before);
    await publish(id);
    await rename(id, after);
    // A draft rename changes nothing visitors see.
    expect((await visit(`/${before}`)).status).toBe(200);
    expect((await visit(`/${after}`)).status).toBe(404);
    await publish(id);
    const old = await visit(`/${before}?x=1`);
    expect(old.status).toBe(308);
    expect(old.headers.get("location")).toBe(`/${after}?x=1`);
    expect((await visit(`/${after}`)).status).toBe(200);
  });

  it("collapses a chain: every older address leads straight to the newest", async () => {
    const [a, b, c] = [unique("a"), unique("b"), unique("c")];
    const id = await create(a);
    await publish(id);
    await rename(id, b);
    await publish(id);
    await rename(id, c);
    await publish(id);
    for (const old of [a, b]) expect((await visit(`/${old}`)).headers.get("location")).toBe(`/${c}`);
    // Back to the first name: that address is a page again, and the others lead to it.
    await rename(id, a);
    await publish(id);
    expect((await visit(`/${a}`)).status).toBe(200);
    for (const old of [b, c]) expect((await visit(`/${old}`)).headers.get("location")).toBe(`/${a}`);
  });

  it("a page never published leaves no redirect behind", async () => {
    const [first, second] = [unique("draft-first"), unique("draft-second")];
    const id = await create(first);
    await rename(id, second);
    await publish(id);
    expect((await visit(`/${first}`)).status).toBe(404);
    expect((await visit(`/${second}`)).status).toBe(200);
  });

  it("a new page taking an old address removes its redirect once it is published", async () => {
    const [old, moved] = [unique("taken"), unique("moved")];
    const id = await create(old);
    await publish(id);
    await rename(id, moved);
    await publish(id);
    const newcomer = await create(old, "Newcomer");
    // Until the newcomer is published, visitors still follow the redirect.
    expect((await visit(`/${old}`)).status).toBe(308);
    await publish(newcomer);
    const page = await visit(`/${old}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Newcomer");
    const row = await env.DB.prepare("SELECT to_slug FROM page_redirects WHERE from_slug = ?1").bind(old).first();
    expect(row).toBeNull();
  });
});

describe("bad page input is a 4xx JSON answer and writes nothing", () => {
  it.each([["Not A Slug"], ["-leading"], [""], ["a/b"], [42]])("slug %j on create is 422", async (slug) => {
    const response = await call("/api/cms/pages", ed, "POST", { slug, title: "Bad" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: expect.any(String), violations: [expect.objectContaining({ path: "slug" })] });
  });

  it("a malformed slug in a draft is 422, and a slug another page holds is 409 at create and at publish", async () => {
    const id = await create(unique("good"));
    const bad = await call(`/api/cms/pages/${id}`, ed, "PATCH", { slug: "Has Spaces" });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ violations: [expect.objectContaining({ path: "slug", code: "pattern" })] });
    const taken = await call("/api/cms/pages", ed, "POST", { slug: "about", title: "Again" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: expect.any(String) });
    await rename(id, "about");
    const clash = await call(`/api/cms/pages/${id}/publish`, pub, "POST", {});
    expect(clash.status).toBe(409);
    expect(await clash.json()).toMatchObject({ code: "conflict" });
    expect((await visit("/about")).status).toBe(200);
  });

  it.each([["login"], ["api"], ["media"], ["share"], ["parties"]])("the site's own address %j is 422 reserved at create, in a draft and from the service binding", async (slug) => {
    const created = await call("/api/cms/pages", ed, "POST", { slug, title: "Mine" });
    expect(created.status).toBe(422);
    expect(await created.json()).toMatchObject({ violations: [expect.objectContaining({ path: "slug", code: "reserved" })] });
    const id = await create(unique("not-reserved"));
    const draft = await call(`/api/cms/pages/${id}`, ed, "PATCH", { slug });
    expect(draft.status).toBe(422);
    expect(await draft.json()).toMatchObject({ violations: [expect.objectContaining({ path: "slug", code: "reserved" })] });
    const service = (exports as unknown as Record<string, { saveDraft: (...args: unknown[]) => Promise<unknown> }>).CmsService!;
    expect(await service.saveDraft(editor("svc"), "pages", id, { slug })).toMatchObject({ ok: false, status: 422 });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM pages WHERE slug = ?1").bind(slug).first()).toEqual({ n: 0 });
  });

  it("a slug change from the service binding is checked the same way", async () => {
    const id = await create(unique("served"));
    const service = (exports as unknown as Record<string, { saveDraft: (...args: unknown[]) => Promise<unknown> }>).CmsService!;
    const result = await service.saveDraft(editor("svc"), "pages", id, { slug: "No Good" });
    expect(result).toMatchObject({ ok: false, status: 422 });
  });
});

describe("deleting a page", () => {
  it("needs the publish privilege (403 JSON for an editor, the page stays); after a publisher deletes it, visitors get 404", async () => {
    const slug = unique("doomed");
    const id = await create(slug);
    await publish(id);
    const denied = await call(`/api/cms/pages/${id}`, ed, "DELETE");
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "forbidden_publish" });
    expect((await visit(`/${slug}`)).status).toBe(200);
    expect((await call(`/api/cms/pages/${id}`, pub, "DELETE")).status).toBe(204);
    expect((await visit(`/${slug}`)).status).toBe(404);
    expect((await call(`/api/cms/pages/${id}`, pub, "DELETE")).status).toBe(404);
  });

  it("takes the redirects to it along: its old addresses are 404 at once, and a page made later at its address does not inherit them", async () => {
    const [old, current, other, otherOld] = [unique("old"), unique("current"), unique("other"), unique("other-old")];
    const id = await create(old);
    await publish(id);
    await rename(id, current);
    await publish(id);
    const kept = await create(otherOld);
    await publish(kept);
    await rename(kept, other);
    await publish(kept);
    expect((await visit(`/${old}`)).status).toBe(308);
    expect((await call(`/api/cms/pages/${id}`, pub, "DELETE")).status).toBe(204);
    expect((await visit(`/${old}`)).status).toBe(404);
    // Another page's redirect stays.
    expect((await visit(`/${otherOld}`)).headers.get("location")).toBe(`/${other}`);
    // A new page published at the deleted page's address is reached only there.
    const successor = await create(current, "Someone else");
    await publish(successor);
    expect((await visit(`/${old}`)).status).toBe(404);
    expect((await visit(`/${current}`)).status).toBe(200);
  });
});

describe("the page list", () => {
  type Entry = { id: number; published: boolean; pending: boolean; live: { slug: string; title: string }; draft: { slug?: string; title?: string } | null; scheduled: { at: string } | null };
  async function list(cookie = ed): Promise<Entry[]> {
    const entries: Entry[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(`/api/cms/pages/list${cursor ? `?cursor=${cursor}` : ""}`, cookie, "GET");
      expect(response.status).toBe(200);
      const page = (await response.json()) as { items: Entry[]; next: string | null };
      entries.push(...page.items);
      cursor = page.next;
    } while (cursor);
    return entries;
  }

  it("marks each page draft-only, published (with pending changes) or scheduled, with its live and drafted names", async () => {
    const draftOnly = await create(unique("listed-draft"), "Only a draft");
    const live = await create(unique("listed-live"), "Live one");
    await publish(live);
    const changed = await create(unique("listed-changed"), "Changed");
    await publish(changed);
    const renamed = unique("listed-renamed");
    await rename(changed, renamed);
    const scheduled = await create(unique("listed-later"), "Later");
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call(`/api/cms/pages/${scheduled}/publish`, pub, "POST", { at })).status).toBe(202);

    const byId = new Map((await list()).map((entry) => [entry.id, entry]));
    expect(byId.get(draftOnly)).toMatchObject({ published: false, pending: true, live: { title: "Only a draft" }, scheduled: null });
    expect(byId.get(live)).toMatchObject({ published: true, pending: false, draft: null, scheduled: null });
    expect(byId.get(changed)).toMatchObject({ published: true, pending: true, draft: { slug: renamed } });
    expect(byId.get(scheduled)).toMatchObject({ published: false, pending: true, scheduled: { at } });
    expect(byId.get(1)).toMatchObject({ published: true, live: { slug: "home" } });
  });

  it("is for editors only, and a malformed limit is a 400 JSON answer", async () => {
    const visitor = await exports.default.fetch(`${SITE}/api/cms/pages/list`);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ error: expect.any(String) });
    const bad = await call("/api/cms/pages/list?limit=lots", ed, "GET");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String) });
    expect((await call("/api/cms/pages/list", ed, "POST", {})).status).toBe(405);
  });
});
