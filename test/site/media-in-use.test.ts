import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { png } from "../fixtures/images";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

/* The in-use check reads a media address as the strict media rule does, in every spelling it accepts, and counts the settings. */
const headers = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
const fetchSite = (path: string, init: RequestInit = {}) => exports.default.fetch(`${SITE}${path}`, init);

let editor = "";
let admin = "";
beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  editor = await signIn("ed@demo.test");
  admin = await signIn("ada@demo.test");
});

/* Uploads are deduplicated by content: each upload is a picture no earlier test stored. */
let fresh = 2;
async function uploaded(): Promise<string> {
  const res = await fetchSite("/api/cms/upload", { method: "POST", headers: { cookie: editor, origin: SITE, "content-type": "application/octet-stream" }, body: png(++fresh, 2) });
  expect(res.status).toBe(201);
  return (await res.json<{ key: string }>()).key;
}

let pages = 0;
async function publishedPageWith(body: string): Promise<void> {
  await env.DB.prepare("INSERT INTO pages (slug, title, body, published_version_id) VALUES (?1, 'Pictures', ?2, 999)").bind(`in-use-${++pages}`, body).run();
}

async function expectGuarded(key: string): Promise<void> {
  const alt = await fetchSite("/api/cms/media", { method: "PATCH", headers: headers(editor), body: JSON.stringify({ key, alt: "Changed" }) });
  expect(alt.status).toBe(403);
  expect(await alt.json()).toMatchObject({ code: "forbidden_publish" });
  const del = await fetchSite(`/api/cms/media?key=${key}`, { method: "DELETE", headers: headers(editor) });
  expect(del.status).toBe(409);
  expect(await del.json()).toMatchObject({ code: "in_use" });
  expect(await env.MEDIA.head(key)).not.toBeNull();
}

describe("an image visitors see, however its address is spelled", () => {
  it.each([
    ["the scheme and host in capitals", (key: string) => `HTTP://LOCALHOST:8787/media/${key}`],
    ["the host in mixed case", (key: string) => `http://LocalHost:8787/media/${key}`],
    ["a doubled slash before the key", (key: string) => `http://localhost:8787/media//${key}`],
    ["a path on the site", (key: string) => `/media/${key}`],
  ])("keeps an editor from changing or deleting an image published with %s", async (_name, spell) => {
    const key = await uploaded();
    await publishedPageWith(`<p>x</p><img src="${spell(key)}" alt="">`);
    await expectGuarded(key);
  });

  it("keeps an editor from changing or deleting the logo, set by an admin in any spelling the media rule accepts", async () => {
    const key = await uploaded();
    const set = await fetchSite("/api/cms/settings", { method: "PATCH", headers: headers(admin), body: JSON.stringify({ logo: `HTTP://LocalHost:8787/media//${key}` }) });
    expect(set.status).toBe(200);
    await expectGuarded(key);
  });

  it("still lets an editor change and delete an image nothing visible uses", async () => {
    const key = await uploaded();
    await publishedPageWith(`<img src="http://localhost:8787/media/${key}x">`);
    expect((await fetchSite("/api/cms/media", { method: "PATCH", headers: headers(editor), body: JSON.stringify({ key, alt: "Changed" }) })).status).toBe(200);
    expect((await fetchSite(`/api/cms/media?key=${key}`, { method: "DELETE", headers: headers(editor) })).status).toBe(204);
  });
});
