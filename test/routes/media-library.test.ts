import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { listMediaRoute } from "../../src/routes/list-media-route";
import { mediaRoute } from "../../src/routes/media-route";
import { MAX_LIST_SEARCH } from "../../src/routes/paging";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { uploadRoute } from "../../src/routes/upload-route";
import { media } from "../../src/tables/media";
import { gif, png } from "../fixtures/images";
import { asEditor, headerResolver, request, type RequestOptions } from "../helpers/http";

/* The media library as the image picker reads it: file names kept from the upload, search over name and alt, bounded paging. */
const library = mediaRoute({ table: media, resolveEditor: headerResolver, basePath: "/api/lib/media" });
const upload = uploadRoute({ resolveEditor: headerResolver, registry: media, path: "/api/lib/upload" });
const bucketLibrary = listMediaRoute({ resolveEditor: headerResolver, scopes: ["lib"], basePath: "/api/lib/bucket" });
const call = (route: typeof library, method: string, path: string, options: RequestOptions = {}) => runEditorRoute(route, request(method, path, options), env);

interface Item {
  key: string;
  name: string;
  alt: string;
  width: number | null;
  height: number | null;
}
interface Page {
  items: Item[];
  next: string | null;
}

async function list(query: string): Promise<Page> {
  const res = await call(library, "GET", `/api/lib/media?${query}`, { headers: asEditor() });
  expect(res.status).toBe(200);
  return res.json();
}

/* Names unique to this file, so rows other test files add to the shared database never match. */
const TAG = `zq${Date.now().toString(36)}`;

describe("media library names", () => {
  it("keeps the multipart file name, cleaned of its path", async () => {
    const form = new FormData();
    form.append("file", new Blob([png(3, 2)]), `C:\\fakepath\\${TAG} red  door.png`);
    const res = await call(library, "POST", "/api/lib/media", { rawBody: form, headers: asEditor() });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: `${TAG} red door.png`, width: 3, height: 2 });
  });

  it("keeps the name a raw upload gives as ?name=, without control characters, cut to a bounded length, never in the key", async () => {
    const res = await call(upload, "POST", `/api/lib/upload?name=${encodeURIComponent(`../${TAG}\u0000\u202e-${"x".repeat(400)}.gif`)}`, { rawBody: gif(5, 4), headers: asEditor() });
    expect(res.status).toBe(201);
    const { key } = await res.json<{ key: string }>();
    expect(key).toMatch(/^[0-9a-f-]{36}\.gif$/);
    const row = await env.DB.prepare("SELECT name, width, height FROM media WHERE key = ?1").bind(key).first<{ name: string; width: number; height: number }>();
    expect(row).toEqual({ name: `${TAG}-${"x".repeat(200 - TAG.length - 1)}`, width: 5, height: 4 });
  });

  it("keeps the name in the bucket's metadata for the registry-less library", async () => {
    const form = new FormData();
    form.append("file", new Blob([png(1, 1)]), `${TAG}-bucket.png`);
    expect((await call(bucketLibrary, "POST", "/api/lib/bucket", { rawBody: form, headers: asEditor() })).status).toBe(201);
    const page = await (await call(bucketLibrary, "GET", "/api/lib/bucket", { headers: asEditor() })).json<Page>();
    expect(page.items.map((item) => item.name)).toContain(`${TAG}-bucket.png`);
  });
});

describe("media library search and paging", () => {
  const keys: Record<string, string> = {};
  beforeAll(async () => {
    // Four different pictures: the library keeps one asset per content.
    for (const [name, alt, width] of [
      [`${TAG} harbour.png`, "Boats at dawn", 5],
      [`${TAG} bicycle.png`, "A red bicycle against a wall", 4],
      [`${TAG} 100%_off.png`, "", 6],
      [`${TAG} plain.png`, "Harbour wall, red", 7],
    ] as const) {
      const res = await call(upload, "POST", `/api/lib/upload?name=${encodeURIComponent(name)}`, { rawBody: png(width, 3), headers: asEditor() });
      const { key } = await res.json<{ key: string }>();
      keys[name] = key;
      if (alt) await call(library, "PATCH", "/api/lib/media", { body: { key, alt }, headers: asEditor() });
    }
  });

  it("finds assets by file name or alt text, every word, case-insensitively, newest first", async () => {
    expect((await list(`q=${TAG}+HARBOUR`)).items.map((item) => item.name)).toEqual([`${TAG} plain.png`, `${TAG} harbour.png`]);
    expect((await list(`q=${TAG}+red+bicycle`)).items).toMatchObject([{ name: `${TAG} bicycle.png`, alt: "A red bicycle against a wall", width: 4, height: 3 }]);
    expect((await list(`q=${TAG}+nothing-like-this`)).items).toEqual([]);
  });

  it("treats % and _ in the search as letters, not wildcards", async () => {
    expect((await list(`q=${encodeURIComponent(`${TAG} 100%_off`)}`)).items.map((item) => item.name)).toEqual([`${TAG} 100%_off.png`]);
    expect((await list(`q=${encodeURIComponent(`${TAG} 1_0`)}`)).items).toEqual([]);
  });

  it("searches one word as long as the contract allows (D1 refuses a LIKE pattern over 50 bytes)", async () => {
    const word = `lw${Date.now().toString(36)}${"long".repeat(15)}`;
    expect((await call(upload, "POST", `/api/lib/upload?name=${word}.png`, { rawBody: png(1, 1), headers: asEditor() })).status).toBe(201);
    expect((await list(`q=${word}`)).items.map((item) => item.name)).toEqual([`${word}.png`]);
    expect((await list(`q=${"a".repeat(MAX_LIST_SEARCH)}`)).items).toEqual([]);
    expect((await list(`q=${encodeURIComponent("é".repeat(MAX_LIST_SEARCH))}`)).items).toEqual([]);
  });

  it("pages a search with a cursor, never repeating a row, and clamps the limit", async () => {
    const first = await list(`q=${TAG}&limit=3`);
    expect(first.items).toHaveLength(3);
    expect(first.next).not.toBeNull();
    const second = await list(`q=${TAG}&limit=3&cursor=${first.next}`);
    expect(second.next).toBeNull();
    const seen = [...first.items, ...second.items].map((item) => item.key);
    expect(new Set(seen).size).toBe(seen.length);
    for (const key of Object.values(keys)) expect(seen).toContain(key);
    expect((await list(`q=${TAG}&limit=0`)).items).toHaveLength(1);
    expect((await list("limit=100000")).items.length).toBeLessThanOrEqual(200);
  });

  const bad: [string, string, string][] = [
    ["a limit that is not a number", "limit=ten", "invalid_limit"],
    ["a cursor that is not from a page", "cursor=-4", "invalid_cursor"],
    ["a search longer than the bound", `q=${"a".repeat(MAX_LIST_SEARCH + 1)}`, "invalid_query"],
  ];
  it.each(bad)("answers %s with a 400 JSON error", async (_name, query, code) => {
    const res = await call(library, "GET", `/api/lib/media?${query}`, { headers: asEditor() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String), code });
  });

  it("lists and searches only for a signed-in editor", async () => {
    const res = await call(library, "GET", `/api/lib/media?q=${TAG}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });
});
