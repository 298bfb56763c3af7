import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { SPOOL_PART_BYTES, SPOOL_PREFIX } from "../../src/cores/export/archive-spool";
import { exportRoute } from "../../src/routes/export-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { PACKAGE_VERSION } from "../../src/shared/package-version";
import { asAdmin, asEditor, asPublisher, headerResolver, request } from "../helpers/http";

const MEDIA_KEY = "uploads/0b7f3c2e-5a4d-4e8f-9a1b-2c3d4e5f6a7b.png";
/** 150 KB that are not text, so the object spans four archive lines (48 KiB each). */
const PICTURE = Uint8Array.from({ length: 150_000 }, (_, i) => (i * 7919) % 256);

const route = exportRoute({ resolveEditor: headerResolver });
const download = (headers: Record<string, string> = asAdmin(), on = route) => runEditorRoute(on, request("GET", "/api/cms/export", { headers }), env);

async function fillSite(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO editors (id, email, name, role, password_hash) VALUES (7, 'ada@example.test', 'Ada', 'admin', 'pbkdf2-sha256$SECRET-HASH')"),
    env.DB.prepare("INSERT INTO inquiries (name, email, message, created_at) VALUES ('Bo', 'bo@example.test', 'Do you make shops?', '2026-01-01T00:00:00.000Z')"),
    env.DB.prepare("INSERT INTO media (key, content_type, size, created_at) VALUES (?, 'image/png', ?, '2026-01-01T00:00:00.000Z')").bind(MEDIA_KEY, PICTURE.length),
  ]);
  await env.MEDIA.put(MEDIA_KEY, PICTURE, { httpMetadata: { contentType: "image/png" } });
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** An archive's lines as bytes (each with its `\n`) and as text. */
function splitLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  for (let start = 0, at = bytes.indexOf(10); at !== -1; start = at + 1, at = bytes.indexOf(10, start)) lines.push(bytes.subarray(start, at + 1));
  return lines;
}

interface Manifest {
  format: string;
  version: number;
  package: string;
  migrations: string[];
  counts: Record<string, number>;
  objects: number;
  credentials: boolean;
  entries: { name: string; lines: number; bytes: number; sha256: string }[];
}

/** Checks every entry against the manifest as import does; answers the manifest and each entry's parsed lines. */
async function verify(bytes: Uint8Array): Promise<{ manifest: Manifest; entries: Map<string, unknown[]> }> {
  const decoder = new TextDecoder();
  const lines = splitLines(bytes);
  expect(lines.reduce((sum, line) => sum + line.byteLength, 0)).toBe(bytes.byteLength);
  const manifest = JSON.parse(decoder.decode(lines[0])) as Manifest;
  const entries = new Map<string, unknown[]>();
  let at = 1;
  for (const expected of manifest.entries) {
    const own = lines.slice(at, at + expected.lines);
    at += expected.lines;
    const joined = new Uint8Array(own.reduce((sum, line) => sum + line.byteLength, 0));
    own.reduce((offset, line) => (joined.set(line, offset), offset + line.byteLength), 0);
    expect({ name: expected.name, bytes: joined.byteLength, sha256: hex(await crypto.subtle.digest("SHA-256", joined)) }).toEqual({ name: expected.name, bytes: expected.bytes, sha256: expected.sha256 });
    const parsed = own.map((line) => JSON.parse(decoder.decode(line)) as unknown);
    expect((parsed[0] as { entry: string }).entry).toBe(expected.name);
    entries.set(expected.name, parsed);
  }
  expect(at).toBe(lines.length);
  return { manifest, entries };
}

async function spoolLeft(): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: SPOOL_PREFIX })).objects.map(({ key }) => key);
}

describe("exportRoute: GET /api/cms/export", () => {
  it("is for admins only: anyone else is refused with the project's error JSON", async () => {
    expect((await download({})).status).toBe(401);
    for (const headers of [asEditor(), asPublisher()]) {
      const refused = await download(headers);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "forbidden_admin" });
    }
    expect((await runEditorRoute(route, request("POST", "/api/cms/export", { headers: asAdmin() }), env)).status).toBe(405);
  });

  it("streams the whole site as a private download whose every entry matches the manifest, twice the same bytes, with no password hash", async () => {
    await fillSite();
    const answer = await download();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="site\.test-\d{4}-\d{2}-\d{2}\.cms"$/);
    expect(answer.body).toBeInstanceOf(ReadableStream);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const { manifest, entries } = await verify(bytes);
    expect(manifest).toMatchObject({ format: "cms-toolkit-site-archive", version: 1, package: PACKAGE_VERSION, credentials: false, objects: 1 });
    expect(manifest.migrations.at(-1)).toMatch(/^\d{4}_.+\.sql$/);
    expect(manifest.counts).toMatchObject({ editors: 1, inquiries: 1, media: 1 });
    const names = manifest.entries.map(({ name }) => name);
    expect(names.at(-1)).toBe(`media:${MEDIA_KEY}`);
    expect(names.filter((name) => name.startsWith("table:"))).toEqual([...names.filter((name) => name.startsWith("table:"))].sort());
    for (const never of ["table:editor_sessions", "table:unflushed_rooms", "table:pages_search", "table:d1_migrations"]) expect(names).not.toContain(never);

    const [editorsHeader, ada] = entries.get("table:editors") as [{ columns: string[] }, unknown[]];
    expect(ada[editorsHeader.columns.indexOf("password_hash")]).toBe("");
    expect(new TextDecoder().decode(bytes)).not.toContain("SECRET-HASH");
    const [mediaHead, ...base64] = entries.get(`media:${MEDIA_KEY}`) as [unknown, ...string[]];
    expect(mediaHead).toEqual({ entry: `media:${MEDIA_KEY}`, key: MEDIA_KEY, contentType: "image/png", size: PICTURE.length });
    expect(base64).toHaveLength(4);
    const restored = Uint8Array.from(atob(base64.join("")), (char) => char.charCodeAt(0));
    expect(restored).toEqual(PICTURE);

    const again = new Uint8Array(await (await download()).arrayBuffer());
    expect(again).toEqual(bytes);
    expect(await spoolLeft()).toEqual([]);
  });

  it("rows larger than one spool part come back whole and in order, and the parts are deleted", async () => {
    const big = "x".repeat(1_000_000);
    const count = Math.ceil((SPOOL_PART_BYTES * 1.5) / big.length);
    await env.DB.batch(Array.from({ length: count }, (_, i) => env.DB.prepare("INSERT INTO submissions (form, data, created_at) VALUES (?, ?, '2026-01-01T00:00:00.000Z')").bind(`f${i}`, JSON.stringify({ big }))));
    const { manifest, entries } = await verify(new Uint8Array(await (await download()).arrayBuffer()));
    expect(manifest.counts.submissions).toBe(count);
    const rows = (entries.get("table:submissions") as unknown[][]).slice(1);
    expect(rows.map((row) => row[1])).toEqual(Array.from({ length: count }, (_, i) => `f${i}`));
    expect(await spoolLeft()).toEqual([]);
  });

  it("writes the rooms' edits first: the rows are read after flushRooms", async () => {
    const flushing = exportRoute({
      resolveEditor: headerResolver,
      flushRooms: async (bound) => {
        await bound.DB.prepare("INSERT INTO inquiries (name, email, message) VALUES ('Room', 'room@example.test', 'flushed before the read')").run();
      },
    });
    const text = new TextDecoder().decode(await (await download(asAdmin(), flushing)).arrayBuffer());
    expect(text).toContain("flushed before the read");
  });

  it("without MEDIA (where the rows wait) answers 503 misconfigured naming the binding, not a 500", async () => {
    // The once-per-isolate log of a misconfiguration is kept off the test output.
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refused = await runEditorRoute(route, request("GET", "/api/cms/export", { headers: asAdmin() }), { ...env, MEDIA: undefined }).finally(() => logged.mockRestore());
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: "misconfigured", error: expect.stringContaining("MEDIA") });
  });

  it("refuses with 409 media_missing, before any byte and leaving no scratch, when a media row's object is not in the bucket", async () => {
    await env.DB.prepare("INSERT INTO media (key, content_type, size) VALUES ('uploads/gone.png', 'image/png', 10)").run();
    const refused = await download();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "media_missing", error: expect.stringContaining("uploads/gone.png") });
    expect(await spoolLeft()).toEqual([]);
  });
});
