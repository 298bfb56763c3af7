import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listMediaRoute } from "../../src/routes/list-media-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { pages } from "../../src/tables/pages";
import { gif, png, SVG, webpVp8 } from "../fixtures/images";
import { asEditor, asPublisher, headerResolver, request, type RequestOptions } from "../helpers/http";

const route = listMediaRoute({
  resolveEditor: headerResolver,
  scopes: ["gallery", "products"],
  references: [{ table: pages, fields: ["body", "sections"] }],
});
const call = (method: string, path: string, options: RequestOptions = {}) => runEditorRoute(route, request(method, path, options), env);

async function upload(bytes: Uint8Array, scope?: string): Promise<Response> {
  const form = new FormData();
  form.append("file", new Blob([bytes]), "upload.bin");
  if (scope !== undefined) form.append("scope", scope);
  return call("POST", "/api/cms/media", { rawBody: form, headers: asEditor() });
}

describe("listMediaRoute", () => {
  it("uploads into the first scope by default and into a named scope from the form", async () => {
    const byDefault = await (await upload(png(4, 3))).json<Record<string, unknown>>();
    expect(byDefault).toMatchObject({ scope: "gallery", contentType: "image/png", width: 4, height: 3 });
    expect(byDefault.key).toMatch(/^gallery\/[0-9a-f-]{36}\.png$/);
    const named = await (await upload(webpVp8(9, 8), "products")).json<Record<string, unknown>>();
    expect(named.key).toMatch(/^products\/[0-9a-f-]{36}\.webp$/);
    expect((await env.MEDIA.head(named.key as string))?.httpMetadata?.contentType).toBe("image/webp");
  });

  it("takes the scope from the query string for a raw upload", async () => {
    const res = await call("POST", "/api/cms/media?scope=products", { rawBody: gif(2, 2), headers: asEditor() });
    expect((await res.json<{ key: string }>()).key).toMatch(/^products\//);
  });

  it.each([["../etc"], ["GALLERY"], ["other"]])("refuses the scope %j with 400 and writes nothing", async (scope) => {
    const before = (await env.MEDIA.list()).objects.length;
    const res = await upload(png(1, 1), scope);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_scope" });
    expect((await env.MEDIA.list()).objects.length).toBe(before);
  });

  it("refuses non-image bytes with 415", async () => {
    expect((await upload(SVG)).status).toBe(415);
  });

  it("lists one scope straight from the bucket, paged by the bucket's cursor", async () => {
    await upload(png(1, 1), "products");
    await upload(png(2, 2), "products");
    const first = await (await call("GET", "/api/cms/media?scope=products&limit=1", { headers: asEditor() })).json<{ items: Record<string, unknown>[]; next: string | null }>();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ scope: "products", contentType: expect.stringMatching(/^image\//), url: `${env.MEDIA_URL}/${first.items[0]!.key}` });
    expect(first.next).toEqual(expect.any(String));
    const second = await (await call("GET", `/api/cms/media?scope=products&limit=1&cursor=${encodeURIComponent(first.next!)}`, { headers: asEditor() })).json<{ items: Record<string, unknown>[] }>();
    expect(second.items[0]!.key).not.toBe(first.items[0]!.key);
    const gallery = await (await call("GET", "/api/cms/media", { headers: asEditor() })).json<{ items: { key: string; width: number | null }[] }>();
    expect(gallery.items.every((i) => i.key.startsWith("gallery/"))).toBe(true);
    expect(gallery.items.every((i) => typeof i.width === "number")).toBe(true);
  });

  it("keeps delete safety: 409 in_use while referenced, 204 with force=1 (a publisher's; an editor's is 403)", async () => {
    const { key, url } = await (await upload(png(1, 1))).json<{ key: string; url: string }>();
    const page = await env.DB.prepare("INSERT INTO pages (slug, title, body) VALUES (?1, 'T', ?2) RETURNING id")
      .bind(`list-media-${Date.now()}`, `<img src="${url}">`)
      .first<{ id: number }>();
    const refused = await call("DELETE", `/api/cms/media?key=${key}`, { headers: asEditor() });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "in_use", references: [{ table: "pages", id: page!.id, field: "body" }] });
    expect(await env.MEDIA.head(key)).not.toBeNull();
    expect((await call("DELETE", `/api/cms/media?key=${key}&force=1`, { headers: asEditor() })).status).toBe(403);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    expect((await call("DELETE", `/api/cms/media?key=${key}&force=1`, { headers: asPublisher() })).status).toBe(204);
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("deletes an unreferenced object and answers 404 for a missing one", async () => {
    const { key } = await (await upload(png(1, 1), "products")).json<{ key: string }>();
    expect((await call("DELETE", `/api/cms/media?key=${key}`, { headers: asEditor() })).status).toBe(204);
    expect((await call("DELETE", `/api/cms/media?key=${key}`, { headers: asEditor() })).status).toBe(404);
  });

  it.each(["../x.png", "other/00000000-0000-4000-8000-000000000000.png", "00000000-0000-4000-8000-000000000000.png"])(
    "refuses to delete the key %j outside the configured scopes",
    async (key) => {
      expect((await call("DELETE", `/api/cms/media?key=${encodeURIComponent(key)}`, { headers: asEditor() })).status).toBe(400);
    },
  );

  it("needs an editor", async () => {
    expect((await call("GET", "/api/cms/media")).status).toBe(401);
  });

  it("refuses a configuration without scopes or with a path-like scope", () => {
    expect(() => listMediaRoute({ resolveEditor: headerResolver, scopes: [] })).toThrow(TypeError);
    expect(() => listMediaRoute({ resolveEditor: headerResolver, scopes: ["a/b"] })).toThrow(TypeError);
  });
});
