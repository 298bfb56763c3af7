import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listMediaRoute } from "../../src/routes/list-media-route";
import { mediaRoute } from "../../src/routes/media-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { uploadRoute } from "../../src/routes/upload-route";
import { media } from "../../src/tables/media";
import { png } from "../fixtures/images";
import { asEditor, asPublisher, headerResolver, request } from "../helpers/http";

const upload = uploadRoute({ resolveEditor: headerResolver, registry: media });
const library = mediaRoute({ table: media, resolveEditor: headerResolver });
const scoped = listMediaRoute({ resolveEditor: headerResolver, scopes: ["gallery"] });

/* A picture no other test of this file uploads: each test starts from bytes the bucket has never held. */
let sizes = 40;
const freshPng = () => png(++sizes, 7);

async function viaUpload(bytes: Uint8Array, name = "photo.png"): Promise<{ status: number; key: string; url: string }> {
  const res = await runEditorRoute(upload, request("POST", `/api/cms/upload?name=${name}`, { rawBody: bytes, headers: asEditor() }), env);
  return { status: res.status, ...(await res.json<{ key: string; url: string }>()) };
}

async function viaLibrary(bytes: Uint8Array): Promise<{ status: number; key: string; existing: boolean }> {
  const res = await runEditorRoute(library, request("POST", "/api/cms/media", { rawBody: bytes, headers: asEditor() }), env);
  return { status: res.status, ...(await res.json<{ key: string; existing: boolean }>()) };
}

async function viaScoped(bytes: Uint8Array): Promise<{ status: number; key: string; existing: boolean }> {
  const form = new FormData();
  form.append("file", new Blob([bytes]), "upload.png");
  const res = await runEditorRoute(scoped, request("POST", "/api/cms/media", { rawBody: form, headers: asEditor() }), env);
  const { key, existing } = await res.json<{ key: string; existing: boolean }>();
  return { status: res.status, key, existing };
}

async function rowsFor(key: string): Promise<{ key: string; name: string; alt: string }[]> {
  return (await env.DB.prepare("SELECT key, name, alt FROM media WHERE key = ?1").bind(key).all<{ key: string; name: string; alt: string }>()).results;
}

describe("uploads deduplicated by content", () => {
  it("the same file uploaded twice is one asset: the second upload answers the first's key with 200", async () => {
    const bytes = freshPng();
    const first = await viaUpload(bytes, "first.png");
    expect(first.status).toBe(201);
    const again = await viaUpload(bytes, "again.png");
    expect(again).toEqual({ ...first, status: 200 });
    expect(await rowsFor(first.key)).toEqual([{ key: first.key, name: "first.png", alt: "" }]);
    expect((await env.MEDIA.list()).objects.filter((object) => object.key === first.key)).toHaveLength(1);
  });

  it("is one asset across entry points (the upload endpoint and the media route), and keeps the asset's alt", async () => {
    const bytes = freshPng();
    const first = await viaUpload(bytes);
    await env.DB.prepare("UPDATE media SET alt = 'A harbour at dawn' WHERE key = ?1").bind(first.key).run();
    const second = await viaLibrary(bytes);
    expect(second).toMatchObject({ status: 200, key: first.key, existing: true });
    expect(await rowsFor(first.key)).toEqual([{ key: first.key, name: "photo.png", alt: "A harbour at dawn" }]);
  });

  it("different files stay different assets", async () => {
    const a = await viaUpload(freshPng());
    const b = await viaUpload(freshPng());
    expect(a.key).not.toBe(b.key);
    expect([a.status, b.status]).toEqual([201, 201]);
  });

  it("two uploads of one file at once make one asset", async () => {
    const bytes = freshPng();
    const [a, b] = await Promise.all([viaUpload(bytes), viaUpload(bytes)]);
    expect(a.key).toBe(b.key);
    expect(await rowsFor(a.key)).toHaveLength(1);
    expect(await env.MEDIA.head(a.key)).not.toBeNull();
  });

  it("registry-less media (a scope of the bucket) answers the object it already holds", async () => {
    const bytes = freshPng();
    const first = await viaScoped(bytes);
    expect(first.status).toBe(201);
    expect(first.key).toMatch(/^gallery\/[0-9a-f-]{36}\.png$/);
    expect(await viaScoped(bytes)).toEqual({ key: first.key, status: 200, existing: true });
  });

  it("a deleted asset uploaded again is stored again", async () => {
    const bytes = freshPng();
    const first = await viaUpload(bytes);
    const res = await runEditorRoute(library, request("DELETE", `/api/cms/media?key=${encodeURIComponent(first.key)}`, { headers: asPublisher() }), env);
    expect(res.status).toBe(204);
    expect(await env.MEDIA.head(first.key)).toBeNull();
    const again = await viaUpload(bytes);
    expect(again).toEqual({ ...first, status: 201 });
    expect(await env.MEDIA.head(first.key)).not.toBeNull();
  });
});
