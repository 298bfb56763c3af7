import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EDGE_CACHE_DEFAULTS, EDGE_GENERATION_KEY } from "../../src/cms/edge-cache";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import type { PageRoom } from "../../src/objects/PageRoom";
import type { siteCollections } from "../../src/site/cms";
import type { EditorSession } from "../../src/shared/session";
import { ADMIN, PUBLISHER } from "../helpers/http";
import { firePublishNow } from "../objects/room-client";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

/*
 * The reference site's visitors' pages through the real Cache API and KV of workerd. Deletes are
 * recorded by a spy on `caches.default` (the same object in the Worker and its rooms here), so each
 * trigger's purge is listed exactly; "all" shows as a moved generation in KV.
 */
const PUBLIC = `public, max-age=0, s-maxage=${EDGE_CACHE_DEFAULTS.sMaxAge}, stale-while-revalidate=${EDGE_CACHE_DEFAULTS.staleWhileRevalidate}`;
const PRIVATE = "private, no-store";
const key = (path: string) => `${EDGE_CACHE_DEFAULTS.keyOrigin}${path}`;
const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
let pub = "";
let ada = "";

const visit = (path: string, headers: Record<string, string> = {}) => exports.default.fetch(`${SITE}${path}`, { headers, redirect: "manual" });
const post = (cookie: string, path: string, body: unknown, method = "POST") =>
  exports.default.fetch(`${SITE}${path}`, { method, headers: json(cookie), body: JSON.stringify(body) });
const generation = () => env.KV.get(EDGE_GENERATION_KEY);
const editorId = async (email: string) => String((await env.DB.prepare("SELECT id FROM editors WHERE email = ?1").bind(email).first<{ id: number }>())!.id);

/** Records every delete the Worker and its rooms make on the default cache. */
function recordDeletes(): string[] {
  const deleted: string[] = [];
  const cache = caches.default;
  const original = cache.delete.bind(cache);
  vi.spyOn(cache, "delete").mockImplementation((request, options) => {
    deleted.push(typeof request === "string" ? request : String(request instanceof URL ? request : request.url));
    return original(request, options);
  });
  return deleted;
}

async function newPublishedPage(slug: string, title: string): Promise<number> {
  const created = await post(pub, "/api/cms/pages", { slug, title, body: "<p>first</p>" });
  expect(created.status).toBe(201);
  const id = Number(((await created.json()) as { id: number }).id);
  expect((await post(pub, `/api/cms/pages/${id}/publish`, {})).status).toBe(200);
  return id;
}

/** Visits `path` until it is a cached answer (a fresh MISS first, then HIT). */
async function cached(path: string): Promise<void> {
  await (await visit(path)).text();
  const again = await visit(path);
  expect(again.headers.get("x-cms-cache")).toBe("HIT");
  await again.text();
}

async function publishTitle(id: number, title: string, extra: Record<string, unknown> = {}): Promise<void> {
  expect((await post(pub, `/api/cms/pages/${id}/versions`, { title, ...extra })).status).toBe(201);
  const published = await post(pub, `/api/cms/pages/${id}/publish`, {});
  expect(published.status).toBe(200);
  await published.text();
}

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  pub = await signIn("pub@demo.test");
  ada = await signIn("ada@demo.test");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("visitors' pages from the edge", () => {
  it("a page is rendered once, then answered from the cache with a strong ETag; a matching If-None-Match is a 304", async () => {
    await newPublishedPage("edge-etag", "Edge ETag");
    const first = await visit("/edge-etag");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cms-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toBe(PUBLIC);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const body = await first.text();
    const second = await visit("/edge-etag");
    expect(second.headers.get("x-cms-cache")).toBe("HIT");
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe(body);
    const revalidated = await visit("/edge-etag", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(await revalidated.text()).toBe("");
    const changed = await visit("/edge-etag", { "if-none-match": '"another"' });
    expect(changed.status).toBe(200);
    await changed.text();
  });

  it("edit mode, previews, share links and the home page's single-use form token are private, no-store and never put in the cache", async () => {
    const cache = caches.default;
    const put = vi.spyOn(cache, "put");
    const ed = await signIn("ed@demo.test");
    const link = await post(pub, "/api/cms/share-links", { id: 2 });
    expect(link.status).toBe(201);
    const { token } = (await link.json()) as { token: string };
    const answers = [
      await visit("/about", { cookie: ed }),
      await visit("/about?cms-view=draft", { cookie: ed }),
      await visit("/about?cms-view=published", { cookie: pub }),
      await visit(`/share/${token}`),
      await visit("/"),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe(PRIVATE);
      await answer.text();
    }
    expect(put).not.toHaveBeenCalled();
  });

  it("publishing a page purges exactly its address, and the next visitor gets the new page", async () => {
    const id = await newPublishedPage("edge-publish", "Edge publish");
    // A menu without these pages: their changes show on their own pages only.
    expect((await post(ada, "/api/cms/settings", { menu: [{ pageId: 1, label: "Home" }] })).status).toBe(200);
    await cached("/edge-publish");
    await cached("/about");
    const deleted = recordDeletes();
    await publishTitle(id, "Edge publish", { body: "<p>second</p>" });
    expect(deleted).toEqual([key("/edge-publish")]);
    const after = await visit("/edge-publish");
    expect(after.headers.get("x-cms-cache")).toBe("MISS");
    expect(await after.text()).toContain("second");
    expect((await visit("/about")).headers.get("x-cms-cache")).toBe("HIT");
  });

  it("a rename purges the new address, the old one, every address that redirected to it and the sitemap; the old one then answers its 308 anew", async () => {
    const id = await newPublishedPage("edge-first", "Edge rename");
    expect((await post(ada, "/api/cms/settings", { menu: [{ pageId: 1, label: "Home" }] })).status).toBe(200);
    await publishTitle(id, "Edge rename", { slug: "edge-second" });
    await cached("/edge-first");
    await cached("/edge-second");
    const deleted = recordDeletes();
    await publishTitle(id, "Edge rename", { slug: "edge-third" });
    expect(deleted.sort()).toEqual([key("/edge-first"), key("/edge-second"), key("/edge-third"), key("/sitemap.xml")]);
    const moved = await visit("/edge-first");
    expect(moved.status).toBe(308);
    expect(moved.headers.get("location")).toBe("/edge-third");
    expect(moved.headers.get("x-cms-cache")).toBe("MISS");
    expect((await visit("/edge-first")).headers.get("x-cms-cache")).toBe("HIT");
  });

  it("unpublishing purges the page's address and the sitemap: the next visitor gets the 404", async () => {
    const id = await newPublishedPage("edge-unpublish", "Edge unpublish");
    expect((await post(ada, "/api/cms/settings", { menu: [{ pageId: 1, label: "Home" }] })).status).toBe(200);
    await cached("/edge-unpublish");
    const deleted = recordDeletes();
    expect((await post(pub, `/api/cms/pages/${id}/unpublish`, {})).status).toBe(200);
    expect(deleted.sort()).toEqual([key("/edge-unpublish"), key("/sitemap.xml")]);
    const gone = await visit("/edge-unpublish");
    expect(gone.status).toBe(404);
    await gone.text();
  });

  it("the sitemap is answered from the cache; a page's first publish purges it and the next visitor's lists the page, a title change leaves it", async () => {
    const created = await post(pub, "/api/cms/pages", { slug: "edge-mapped", title: "Edge mapped" });
    const id = Number(((await created.json()) as { id: number }).id);
    expect((await post(ada, "/api/cms/settings", { menu: [{ pageId: 1, label: "Home" }] })).status).toBe(200);
    await cached("/sitemap.xml");
    const deleted = recordDeletes();
    const published = await post(pub, `/api/cms/pages/${id}/publish`, {});
    expect(published.status).toBe(200);
    await published.text();
    expect(deleted.sort()).toEqual([key("/edge-mapped"), key("/sitemap.xml")]);
    const fresh = await visit("/sitemap.xml");
    expect(fresh.headers.get("x-cms-cache")).toBe("MISS");
    expect(await fresh.text()).toContain(`<loc>${SITE}/edge-mapped</loc>`);
    deleted.length = 0;
    await publishTitle(id, "Edge mapped again");
    expect(deleted).toEqual([key("/edge-mapped")]);
    expect((await visit("/sitemap.xml")).headers.get("x-cms-cache")).toBe("HIT");
  });

  it("deleting a published page moves the generation: its address and the redirects to it are gone", async () => {
    const id = await newPublishedPage("edge-doomed", "Edge doomed");
    await cached("/edge-doomed");
    const before = await generation();
    const removed = await exports.default.fetch(`${SITE}/api/cms/pages/${id}`, { method: "DELETE", headers: json(pub) });
    expect(removed.status).toBe(204);
    expect(await generation()).not.toBe(before);
    const gone = await visit("/edge-doomed");
    expect(gone.status).toBe(404);
    await gone.text();
  });

  it("a scheduled publish purges its page's address when it fires", async () => {
    const id = await newPublishedPage("edge-scheduled", "Edge scheduled");
    expect((await post(ada, "/api/cms/settings", { menu: [{ pageId: 1, label: "Home" }] })).status).toBe(200);
    expect((await post(pub, `/api/cms/pages/${id}/versions`, { body: "<p>scheduled words</p>" })).status).toBe(201);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await post(pub, `/api/cms/pages/${id}/publish`, { at })).status).toBe(202);
    await cached("/edge-scheduled");
    const deleted = recordDeletes();
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
    await firePublishNow(room);
    expect(deleted).toEqual([key("/edge-scheduled")]);
    expect(await (await visit("/edge-scheduled")).text()).toContain("scheduled words");
  });

  it("a publish through the service binding purges the page's address", async () => {
    const id = await newPublishedPage("edge-service", "Edge service");
    expect((await post(ada, "/api/cms/settings", { menu: [{ pageId: 1, label: "Home" }] })).status).toBe(200);
    const publisher: EditorSession = { ...PUBLISHER, id: await editorId("pub@demo.test") };
    const service = (exports as unknown as { CmsService: Pick<CmsServiceApi<typeof siteCollections>, "saveDraft" | "publish"> }).CmsService;
    expect(await service.saveDraft(publisher, "pages", id, { body: "<p>from another Worker</p>" })).toMatchObject({ ok: true });
    await cached("/edge-service");
    const deleted = recordDeletes();
    expect(await service.publish(publisher, "pages", id)).toMatchObject({ ok: true });
    expect(deleted).toEqual([key("/edge-service")]);
    expect(await (await visit("/edge-service")).text()).toContain("from another Worker");
  });

  it("a page the menu may show moves the generation when its title changes: every page renders anew", async () => {
    const id = await newPublishedPage("edge-menu", "Edge menu");
    expect((await post(ada, "/api/cms/settings", { menu: [{ pageId: id, label: "Edge" }] })).status).toBe(200);
    await cached("/about");
    const before = await generation();
    await publishTitle(id, "Edge menu, renamed");
    expect(await generation()).not.toBe(before);
    const about = await visit("/about");
    expect(about.headers.get("x-cms-cache")).toBe("MISS");
    await about.text();
  });

  it("a settings or menu change moves the generation, through the route and the service binding alike", async () => {
    await cached("/about");
    const first = await generation();
    expect((await post(ada, "/api/cms/settings", { siteName: "Edge demo" })).status).toBe(200);
    const second = await generation();
    expect(second).not.toBe(first);
    const about = await visit("/about");
    expect(about.headers.get("x-cms-cache")).toBe("MISS");
    expect(await about.text()).toContain("Edge demo");
    const admin: EditorSession = { ...ADMIN, id: await editorId("ada@demo.test") };
    const service = (exports as unknown as { CmsService: Pick<CmsServiceApi<typeof siteCollections>, "patchSettings"> }).CmsService;
    expect(await service.patchSettings(admin, { menu: [{ pageId: 2, label: "About" }] })).toMatchObject({ ok: true });
    expect(await generation()).not.toBe(second);
  });

  it("a seed that creates the settings moves the generation; one that changes nothing does not", async () => {
    await env.DB.prepare("DELETE FROM site_settings").run();
    const first = await generation();
    expect((await post(ada, "/api/cms/seed", {})).status).toBe(200);
    const second = await generation();
    expect(second).not.toBe(first);
    expect((await post(ada, "/api/cms/seed", {})).status).toBe(200);
    expect(await generation()).toBe(second);
  });

  it("an editor's request and a query string pass the cache by, and a 404 is never kept", async () => {
    await cached("/about");
    const editing = await visit("/about", { cookie: pub });
    expect(editing.headers.get("x-cms-cache")).toBeNull();
    expect(editing.headers.get("cache-control")).toBe(PRIVATE);
    await editing.text();
    const tagged = await visit("/about?utm_source=mail");
    expect(tagged.headers.get("x-cms-cache")).toBeNull();
    await tagged.text();
    const missing = await visit("/edge-nowhere");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-cms-cache")).toBe("BYPASS");
    await missing.text();
    expect(await caches.default.match(key("/edge-nowhere"))).toBeUndefined();
  });
});
