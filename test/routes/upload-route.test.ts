import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mediaServeRoute } from "../../src/routes/media-serve-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { MAX_UPLOAD_BYTES, uploadRoute } from "../../src/routes/upload-route";
import { media } from "../../src/tables/media";
import { concat, gif, HTML, jpeg, JSON_BODY, PNG_SIG, png, SVG, TEXT, webpVp8l } from "../fixtures/images";
import { asEditor, headerResolver, request, SITE, type RequestOptions } from "../helpers/http";

const route = uploadRoute({ resolveEditor: headerResolver, registry: media });
const serve = mediaServeRoute();
const post = (options: RequestOptions) => runEditorRoute(route, request("POST", "/api/cms/upload", options), env);

async function counts(): Promise<{ rows: number; objects: number }> {
  const rows = (await env.DB.prepare("SELECT count(*) AS n FROM media").first<{ n: number }>())!.n;
  return { rows, objects: (await env.MEDIA.list()).objects.length };
}

/** A body that streams `total` bytes in 64 KiB chunks, counting how many the reader pulled. */
function streamOf(total: number, first: Uint8Array = new Uint8Array(0)): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = sent === 0 && first.length ? first : new Uint8Array(Math.min(65536, total - sent));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => sent };
}

describe("the site's upload endpoint: POST /api/cms/upload", () => {
  it("answers { key, url } with url = {MEDIA_URL}/<key>, and records the asset", async () => {
    const res = await post({ rawBody: png(32, 16), headers: asEditor({ "content-type": "application/octet-stream" }) });
    expect(res.status).toBe(201);
    const body = await res.json<{ key: string; url: string }>();
    expect(Object.keys(body).sort()).toEqual(["key", "url"]);
    expect(body.url).toBe(`${env.MEDIA_URL}/${body.key}`);
    expect(await env.DB.prepare("SELECT width, height FROM media WHERE key = ?1").bind(body.key).first()).toEqual({ width: 32, height: 16 });
  });

  it("gives a non-editor 403 and writes nothing", async () => {
    const before = await counts();
    const res = await post({ rawBody: png(1, 1) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
    expect(await counts()).toEqual(before);
  });

  it("refuses a cross-origin upload with 403", async () => {
    expect((await post({ rawBody: png(1, 1), headers: asEditor(), origin: "https://evil.test" })).status).toBe(403);
  });

  it("allows only POST", async () => {
    expect((await runEditorRoute(route, request("GET", "/api/cms/upload", { headers: asEditor() }), env)).status).toBe(405);
  });

  const bad: [string, BodyInit, Record<string, string>, number][] = [
    ["a zero-byte upload", new Uint8Array(0), {}, 400],
    ["SVG", SVG, { "content-type": "image/svg+xml" }, 415],
    ["HTML claimed as image/png", HTML, { "content-type": "image/png" }, 415],
    ["text claimed as image/png", TEXT, { "content-type": "image/png" }, 415],
    ["JSON where bytes are expected", JSON_BODY, { "content-type": "application/json" }, 415],
    ["a truncated JPEG", jpeg(64, 64).subarray(0, 160), {}, 415],
    ["a PNG header over a JPEG body", concat(PNG_SIG, jpeg(8, 8)), {}, 415],
    ["absurd dimensions", gif(65_535, 65_535), {}, 422],
    ["a PNG with HTML after its end (a polyglot)", concat(png(2, 2), HTML), { "content-type": "image/png" }, 415],
    ["a JPEG with a script after its end (a polyglot)", jpeg(8, 8, { trailer: [...new TextEncoder().encode("<script>alert(1)</script>")] }), {}, 415],
    ["196 megapixels", png(14_000, 14_000), {}, 422],
    ["a body one byte over 10 MB", new Uint8Array(MAX_UPLOAD_BYTES + 1), {}, 413],
  ];
  it.each(bad)("refuses %s and writes nothing", async (_name, rawBody, headers, status) => {
    const before = await counts();
    const res = await post({ rawBody, headers: asEditor(headers) });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    expect(await counts()).toEqual(before);
  });

  it("stops reading a streamed body at the cap, whatever Content-Length says", async () => {
    const before = await counts();
    const stream = streamOf(64 * 1024 * 1024, png(1, 1));
    const res = await runEditorRoute(
      route,
      new Request(`${SITE}/api/cms/upload`, { method: "POST", body: stream.body, headers: { origin: SITE, ...asEditor(), "content-length": "100" } }),
      env,
    );
    expect(res.status).toBe(413);
    expect(stream.pulled()).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 65536);
    expect(await counts()).toEqual(before);
  });

  it("refuses a multi-gigabyte Content-Length claim with 413 before reading, even over a small body", async () => {
    const before = await counts();
    // workerd replaces a forged Content-Length on a fixed-size body, so the claim travels as a stream.
    const bytes = webpVp8l(7, 5);
    const body = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(bytes), c.close()) });
    const res = await runEditorRoute(
      route,
      new Request(`${SITE}/api/cms/upload`, { method: "POST", body, headers: { origin: SITE, ...asEditor(), "content-length": "5000000000" } }),
      env,
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "body_too_large" });
    expect(await counts()).toEqual(before);
  });
});

describe("mediaServeRoute: GET /media/<key>", () => {
  it("serves the stored bytes with the sniffed type and nosniff", async () => {
    const bytes = jpeg(10, 10);
    const { key } = await (await post({ rawBody: bytes, headers: asEditor({ "content-type": "text/html" }) })).json<{ key: string }>();
    const res = await runEditorRoute(serve, request("GET", `/media/${key}`), env);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const again = await runEditorRoute(serve, request("GET", `/media/${key}`, { headers: { "if-none-match": res.headers.get("etag")! } }), env);
    expect(again.status).toBe(304);
  });

  describe("conditional requests (RFC 9110)", () => {
    let key = "";
    let etag = "";
    const get = (headers: Record<string, string>, method = "GET") => runEditorRoute(serve, request(method, `/media/${key}`, { headers }), env);

    it("stores an object to revalidate", async () => {
      ({ key } = await (await post({ rawBody: jpeg(6, 6), headers: asEditor() })).json<{ key: string }>());
      etag = (await get({})).headers.get("etag")!;
      expect(etag).toMatch(/^"[^"]+"$/);
    });

    it.each([
      ["the current tag", () => etag, 304],
      ["its weak form", () => `W/${etag}`, 304],
      ["a list holding it", () => `"other", ${etag}`, 304],
      ["*", () => "*", 304],
      ["another tag", () => '"other"', 200],
      ["an unquoted tag", () => "abc", 200],
      ["a bare W/", () => "W/", 200],
      ["garbage", () => '"unterminated, W/"x', 200],
    ])("If-None-Match with %s → %i, never 500", async (_name, value, status) => {
      const res = await get({ "if-none-match": value() });
      expect(res.status).toBe(status);
      await res.arrayBuffer();
    });

    it.each([
      ["the current tag", () => etag, 200],
      ["*", () => "*", 200],
      ["another tag", () => '"other"', 412],
      ["the weak form (If-Match compares strongly)", () => `W/${etag}`, 412],
      ["an unquoted tag", () => "abc", 412],
    ])("If-Match with %s → %i", async (_name, value, status) => {
      const res = await get({ "if-match": value() });
      expect(res.status).toBe(status);
      if (status === 412) expect(await res.json()).toMatchObject({ code: "precondition_failed" });
      else await res.arrayBuffer();
    });

    it("If-Modified-Since and If-Unmodified-Since use the upload time; a bad date is ignored", async () => {
      const lastModified = (await get({})).headers.get("last-modified")!;
      expect((await get({ "if-modified-since": lastModified })).status).toBe(304);
      expect((await get({ "if-modified-since": "Thu, 01 Jan 1970 00:00:00 GMT" })).status).toBe(200);
      expect((await get({ "if-unmodified-since": "Thu, 01 Jan 1970 00:00:00 GMT" })).status).toBe(412);
      expect((await get({ "if-modified-since": "not a date" })).status).toBe(200);
      expect((await get({ "if-none-match": '"other"', "if-modified-since": lastModified })).status).toBe(200);
    });
  });

  it.each(["/media/nope.png", "/media/../secrets", "/media/%2e%2e/x"])("answers 404 for %s", async (path) => {
    expect((await runEditorRoute(serve, request("GET", path), env)).status).toBe(404);
  });

  it("leaves other paths alone", async () => {
    expect(await serve(request("GET", "/about"), env, {} as ExecutionContext)).toBeUndefined();
  });
});
