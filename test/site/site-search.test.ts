import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import type { siteCollections } from "../../src/site/cms";
import { editor } from "../objects/room-client";

const SITE = "http://localhost:8787";
const PASSWORD = "correct horse battery staple";
let cookie = "";

async function search(q: string): Promise<{ id: number }[]> {
  const res = await exports.default.fetch(`${SITE}/api/cms/pages/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: number }[] }).items;
}

/* The site's CmsService over RPC, as another Worker's service binding calls it. */
async function serviceSearch(q: string): Promise<number[]> {
  const service = (exports as unknown as { CmsService: Pick<CmsServiceApi<typeof siteCollections>, "search"> }).CmsService;
  const result = await service.search(editor("sue"), "pages", q);
  if (!result.ok) throw new Error(`service search: ${result.status} ${result.error}`);
  return result.value.map((hit) => hit.id);
}

/* Takes a page out of the index behind the toolkit's back: no write core runs, so the generation stays. */
const dropFromIndexSilently = (id: number) => env.DB.prepare("DELETE FROM pages_search WHERE rowid = ?1").bind(id).run();

async function post(path: string, body: unknown): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, {
    method: "POST",
    headers: { cookie, origin: SITE, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  const hash = await hashPassword(PASSWORD);
  await env.DB.prepare("INSERT OR IGNORE INTO editors (email, name, role, password_hash) VALUES ('search@demo.test', 'Sue', 'publisher', ?1)").bind(hash).run();
  const res = await exports.default.fetch(`${SITE}/api/cms/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: JSON.stringify({ email: "search@demo.test", password: PASSWORD }),
  });
  expect(res.status).toBe(204);
  cookie = res.headers.get("set-cookie")!.split(";")[0]!;
});

describe("the site's search and its cache", () => {
  it("finds a page published through the page's room at the next search, and loses it at unpublish", async () => {
    const word = `site${Date.now().toString(36)}`;
    const row = await env.DB.prepare("INSERT INTO pages (slug, title) VALUES (?1, 'Draft only') RETURNING id").bind(word).first<{ id: number }>();
    const id = row!.id;
    expect(await search(word)).toEqual([]); // now cached as "nothing"
    expect((await post(`/api/cms/pages/${id}/versions`, { title: `${word} is live` })).status).toBe(201);
    expect((await post(`/api/cms/pages/${id}/publish`, {})).status).toBe(200);
    expect((await search(word)).map((h) => h.id)).toEqual([id]);
    expect((await post(`/api/cms/pages/${id}/unpublish`, {})).status).toBe(200);
    expect(await search(word)).toEqual([]);
  });

  it("CmsService.search shares the route's cache: an answer either computed, both serve, until a write moves the generation", async () => {
    const word = `svc${Date.now().toString(36)}`;
    const row = await env.DB.prepare("INSERT INTO pages (slug, title) VALUES (?1, 'Draft only') RETURNING id").bind(word).first<{ id: number }>();
    const id = row!.id;
    expect((await post(`/api/cms/pages/${id}/versions`, { title: `${word} is live` })).status).toBe(201);
    expect((await post(`/api/cms/pages/${id}/publish`, {})).status).toBe(200);
    expect(await serviceSearch(word)).toEqual([id]); // computed by the service
    expect((await search(`${word} live`)).map((h) => h.id)).toEqual([id]); // computed by the route
    await dropFromIndexSilently(id);

    expect((await search(word)).map((h) => h.id)).toEqual([id]); // the service's answer, from memory
    expect(await serviceSearch(`${word} live`)).toEqual([id]); // the route's answer, from memory

    expect((await post(`/api/cms/pages/${id}/unpublish`, {})).status).toBe(200);
    expect(await serviceSearch(word)).toEqual([]);
    expect(await search(`${word} live`)).toEqual([]);
  });
});
