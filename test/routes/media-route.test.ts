import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mediaRoute } from "../../src/routes/media-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { media } from "../../src/tables/media";
import { pages, pagesVersions } from "../../src/tables/pages";
import { concat, gif, jpeg, JSON_BODY, PNG_SIG, png, pngChunk, SVG, TEXT, webpVp8x } from "../fixtures/images";
import { asEditor, asPublisher, request, type RequestOptions } from "../helpers/http";
import { headerResolver } from "../helpers/http";

const references = [
  { table: pages, fields: ["title", "body", "sections"] },
  { table: pagesVersions, fields: ["versionData"], drafts: true },
];
const route = mediaRoute({ table: media, resolveEditor: headerResolver, references, maxBytes: 64 * 1024 });
const call = (method: string, path: string, options: RequestOptions = {}) => runEditorRoute(route, request(method, path, options), env);

async function upload(bytes: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  return call("POST", "/api/cms/media", { rawBody: bytes, headers: asEditor(headers) });
}

/* Uploads are deduplicated by content: each default upload is a picture no earlier test stored. */
let fresh = 100;
async function uploaded(bytes: Uint8Array = png(++fresh, 1)): Promise<{ key: string; url: string }> {
  const res = await upload(bytes);
  expect(res.status).toBe(201);
  return res.json();
}

async function counts(): Promise<{ rows: number; objects: number }> {
  const rows = (await env.DB.prepare("SELECT count(*) AS n FROM media").first<{ n: number }>())!.n;
  return { rows, objects: (await env.MEDIA.list()).objects.length };
}

let slugs = 0;
async function pageWith(fields: { title?: string; body?: string; sections?: unknown }): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO pages (slug, title, body, sections) VALUES (?1, ?2, ?3, ?4) RETURNING id")
    .bind(`media-ref-${++slugs}-${Date.now()}`, fields.title ?? "T", fields.body ?? "", JSON.stringify(fields.sections ?? []))
    .first<{ id: number }>();
  return row!.id;
}

describe("mediaRoute upload", () => {
  it("stores the bytes under a generated key with the sniffed type, whatever the client claims", async () => {
    const res = await upload(jpeg(40, 30, { exifBytes: 5000 }), { "content-type": "text/html", "x-filename": "../../evil.html" });
    expect(res.status).toBe(201);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ contentType: "image/jpeg", width: 40, height: 30, url: `${env.MEDIA_URL}/${body.key}` });
    expect(body.key).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const object = await env.MEDIA.get(body.key as string);
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    const row = await env.DB.prepare("SELECT * FROM media WHERE key = ?1").bind(body.key).first();
    expect(row).toMatchObject({ content_type: "image/jpeg", width: 40, height: 30, alt: "", caption: "", uploaded_by: "ed@example.test" });
  });

  it("accepts a multipart file part", async () => {
    const form = new FormData();
    form.append("file", new Blob([webpVp8x(800, 600)], { type: "image/svg+xml" }), "x.svg");
    const res = await call("POST", "/api/cms/media", { rawBody: form, headers: asEditor() });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ contentType: "image/webp", width: 800, height: 600 });
  });

  const bad: [string, Uint8Array, Record<string, string>, number][] = [
    ["zero bytes", new Uint8Array(0), {}, 400],
    ["SVG claimed as image/png", SVG, { "content-type": "image/png" }, 415],
    ["text claimed as image/png", TEXT, { "content-type": "image/png" }, 415],
    ["JSON where bytes are expected", JSON_BODY, { "content-type": "application/json" }, 415],
    ["a truncated PNG", png(20, 20).subarray(0, 60), {}, 415],
    ["a PNG header over a JPEG body", concat(PNG_SIG, jpeg(8, 8)), {}, 415],
    ["absurd dimensions", concat(PNG_SIG, pngChunk("IHDR", [0, 1, 0x86, 0xa0, 0, 0, 0, 1, 8, 6, 0, 0, 0]), pngChunk("IEND")), {}, 422],
    ["a body over the cap", png(200, 200), {}, 413],
  ];
  it.each(bad)("refuses %s with a 4xx and writes nothing", async (_name, bytes, headers, status) => {
    const before = await counts();
    const res = await upload(bytes, headers);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
    expect(await counts()).toEqual(before);
  });

  it("needs an editor (401) and a same-origin request (403)", async () => {
    const before = await counts();
    expect((await call("POST", "/api/cms/media", { rawBody: png(1, 1) })).status).toBe(401);
    expect((await call("POST", "/api/cms/media", { rawBody: png(1, 1), headers: asEditor(), origin: "https://evil.test" })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("mediaRoute list", () => {
  it("pages through the registry with urls", async () => {
    await uploaded(gif(3, 3));
    await uploaded(gif(4, 4));
    const first = await (await call("GET", "/api/cms/media?limit=1", { headers: asEditor() })).json<{ items: Record<string, unknown>[]; next: string }>();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ key: expect.any(String), url: `${env.MEDIA_URL}/${first.items[0]!.key}` });
    expect(first.next).not.toBeNull();
    const second = await (await call("GET", `/api/cms/media?limit=1&cursor=${first.next}`, { headers: asEditor() })).json<{ items: Record<string, unknown>[] }>();
    expect(second.items[0]!.key).not.toBe(first.items[0]!.key);
    expect((await call("GET", "/api/cms/media")).status).toBe(401);
  });
});

describe("mediaRoute PATCH", () => {
  it("writes alt and caption and nothing else", async () => {
    const { key } = await uploaded(png(5, 6));
    const res = await call("PATCH", "/api/cms/media", {
      body: { key, alt: "A red door", caption: "Front door", width: 1, contentType: "text/html", size: 0 },
      headers: asEditor(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ key, alt: "A red door", caption: "Front door", width: 5, height: 6, contentType: "image/png" });
    const onlyAlt = await call("PATCH", "/api/cms/media", { body: { key, alt: "Door" }, headers: asEditor() });
    expect(await onlyAlt.json()).toMatchObject({ alt: "Door", caption: "Front door" });
  });

  it("needs the publish privilege for the alt or caption of an asset published content shows, not for one only a draft uses", async () => {
    const { key, url } = await uploaded();
    await pageWith({ body: `<p><img src="${url}"></p>` });
    const denied = await call("PATCH", "/api/cms/media", { body: { key, alt: "Defaced" }, headers: asEditor() });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "forbidden_publish" });
    expect(await env.DB.prepare("SELECT alt FROM media WHERE key = ?1").bind(key).first<{ alt: string | null }>()).not.toMatchObject({ alt: "Defaced" });
    expect((await call("PATCH", "/api/cms/media", { body: { key, caption: "Fine" }, headers: asPublisher() })).status).toBe(200);

    const draftOnly = await uploaded();
    const parent = await pageWith({ body: "<p>x</p>" });
    await env.DB.prepare("INSERT INTO pages_versions (parent_id, version_data) VALUES (?1, ?2)").bind(parent, JSON.stringify({ body: `<img src="${draftOnly.url}">` })).run();
    expect((await call("PATCH", "/api/cms/media", { body: { key: draftOnly.key, alt: "Draft alt" }, headers: asEditor() })).status).toBe(200);
  });

  it.each([
    [{ alt: "x" }, 400],
    [{ key: "no-such-key.png", alt: "x" }, 404],
  ])("answers %j with %i", async (body, status) => {
    expect((await call("PATCH", "/api/cms/media", { body, headers: asEditor() })).status).toBe(status);
  });

  it("refuses a non-string alt with 422", async () => {
    const { key } = await uploaded();
    const res = await call("PATCH", "/api/cms/media", { body: { key, alt: { html: "<b>" } }, headers: asEditor() });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: [{ path: "alt" }] });
  });
});

describe("mediaRoute DELETE", () => {
  const del = (query: string) => call("DELETE", `/api/cms/media?${query}`, { headers: asEditor() });
  const gone = async (key: string) => (await env.MEDIA.head(key)) === null && (await env.DB.prepare("SELECT 1 FROM media WHERE key = ?1").bind(key).first()) === null;

  it("deletes an unreferenced asset", async () => {
    const { key } = await uploaded();
    expect((await del(`key=${key}`)).status).toBe(204);
    expect(await gone(key)).toBe(true);
  });

  it("answers 409 in_use with every reference (HTML, JSON and version snapshots) and keeps the asset", async () => {
    const { key, url } = await uploaded();
    const inBody = await pageWith({ body: `<p>x</p><img src="${url}" alt="">` });
    const inSections = await pageWith({ sections: [{ type: "hero", heading: "H", image: { src: url, alt: "" } }] });
    const version = await env.DB.prepare("INSERT INTO pages_versions (parent_id, version_data) VALUES (?1, ?2) RETURNING id")
      .bind(inBody, JSON.stringify({ title: "T", body: `<img src="${url}?w=300">` }))
      .first<{ id: number }>();
    const res = await del(`key=${key}`);
    expect(res.status).toBe(409);
    const body = await res.json<{ code: string; references: unknown[] }>();
    expect(body).toMatchObject({ error: expect.any(String), code: "in_use" });
    expect(body.references).toEqual(
      expect.arrayContaining([
        { table: "pages", id: inBody, field: "body" },
        { table: "pages", id: inSections, field: "sections" },
        { table: "pages_versions", id: version!.id, field: "versionData" },
      ]),
    );
    expect(body.references).toHaveLength(3);
    expect(await gone(key)).toBe(false);
  });

  it("deletes a referenced asset with force=1, which needs the publish privilege", async () => {
    const { key, url } = await uploaded();
    await pageWith({ body: `<img src="${url}">` });
    const denied = await del(`key=${key}&force=1`);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "forbidden_publish" });
    expect(await gone(key)).toBe(false);
    expect((await call("DELETE", `/api/cms/media?key=${key}&force=1`, { headers: asPublisher() })).status).toBe(204);
    expect(await gone(key)).toBe(true);
  });

  it("does not count a longer URL that merely starts with the asset's URL", async () => {
    const { key, url } = await uploaded();
    await pageWith({ body: `<img src="${url}2"><a href="${url}/other">x</a>` });
    expect((await del(`key=${key}`)).status).toBe(204);
  });

  it.each([
    ["", 400],
    ["key=not-there.png", 404],
  ])("answers ?%s with %i", async (query, status) => {
    expect((await del(query)).status).toBe(status);
  });
});
