import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inquiriesRoute } from "../../src/routes/inquiries-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { inquiries, submissions } from "../../src/tables/forms";
import { asEditor, headerResolver, request, type RequestOptions } from "../helpers/http";

const route = inquiriesRoute({ table: inquiries, resolveEditor: headerResolver });
const call = (method: string, path: string, options: RequestOptions = {}) => runEditorRoute(route, request(method, path, options), env);

async function addInquiry(name: string): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO inquiries (name, email, message) VALUES (?1, ?2, ?3) RETURNING id").bind(name, `${name}@example.test`, "Hi").first<{ id: number }>();
  return row!.id;
}

describe("inquiriesRoute authorization matrix", () => {
  it("GET without a session is 401", async () => {
    expect((await call("GET", "/api/cms/inquiries")).status).toBe(401);
  });

  it("DELETE without a session is 401 and deletes nothing", async () => {
    const id = await addInquiry("anon");
    expect((await call("DELETE", `/api/cms/inquiries?id=${id}`)).status).toBe(401);
    expect(await env.DB.prepare("SELECT id FROM inquiries WHERE id = ?1").bind(id).first()).not.toBeNull();
  });

  it("a cross-origin DELETE is 403 and deletes nothing", async () => {
    const id = await addInquiry("csrf");
    expect((await call("DELETE", `/api/cms/inquiries?id=${id}`, { origin: "https://evil.test", headers: asEditor() })).status).toBe(403);
    expect(await env.DB.prepare("SELECT id FROM inquiries WHERE id = ?1").bind(id).first()).not.toBeNull();
  });

  it("a cross-origin read is allowed", async () => {
    expect((await call("GET", "/api/cms/inquiries", { origin: "https://evil.test", headers: asEditor() })).status).toBe(200);
  });

  it("an editor lists and deletes", async () => {
    const id = await addInquiry("gone");
    expect((await call("GET", "/api/cms/inquiries", { headers: asEditor() })).status).toBe(200);
    expect((await call("DELETE", `/api/cms/inquiries?id=${id}`, { headers: asEditor() })).status).toBe(204);
    expect(await env.DB.prepare("SELECT id FROM inquiries WHERE id = ?1").bind(id).first()).toBeNull();
  });
});

describe("inquiriesRoute", () => {
  it("lists newest first, paged with limit and cursor", async () => {
    const ids = [await addInquiry("p1"), await addInquiry("p2"), await addInquiry("p3")];
    const first = await (await call("GET", "/api/cms/inquiries?limit=2", { headers: asEditor() })).json<{ items: { id: number; name: string; createdAt: string }[]; next: string }>();
    expect(first.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({ name: "p3", email: "p3@example.test", message: "Hi", createdAt: expect.any(String) });
    expect(first.next).toBe(String(ids[1]));
    const second = await (await call("GET", `/api/cms/inquiries?limit=2&cursor=${first.next}`, { headers: asEditor() })).json<{ items: { id: number }[] }>();
    expect(second.items[0]!.id).toBe(ids[0]);
  });

  it("says how many inquiries nobody has read, for the edit bar's count", async () => {
    const unread = async () => (await (await call("GET", "/api/cms/inquiries?limit=1", { headers: asEditor() })).json<{ unread: number }>()).unread;
    const before = await unread();
    const id = await addInquiry("unread");
    expect(await unread()).toBe(before + 1);
    expect((await call("PATCH", `/api/cms/inquiries?id=${id}`, { headers: asEditor(), body: { read: true } })).status).toBe(200);
    expect(await unread()).toBe(before);
  });

  it("answers 404 for DELETE of an unknown id and 400 for a missing or bad id", async () => {
    expect((await call("DELETE", "/api/cms/inquiries?id=999999", { headers: asEditor() })).status).toBe(404);
    expect((await call("DELETE", "/api/cms/inquiries", { headers: asEditor() })).status).toBe(400);
    expect((await call("DELETE", "/api/cms/inquiries?id=abc", { headers: asEditor() })).status).toBe(400);
  });

  it("answers other methods with 405", async () => {
    const res = await call("POST", "/api/cms/inquiries", { body: {}, headers: asEditor() });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PATCH, DELETE");
  });

  it("bounds a page through the paging module: a limit past the cap is clamped, a bad limit or cursor is a 400 JSON", async () => {
    for (let i = 0; i < 3; i++) await addInquiry(`b${i}`);
    const capped = await (await call("GET", "/api/cms/inquiries?limit=100000", { headers: asEditor() })).json<{ items: unknown[] }>();
    expect(capped.items.length).toBeLessThanOrEqual(100);
    for (const query of ["limit=abc", "cursor=-1", "cursor=x"]) {
      const res = await call("GET", `/api/cms/inquiries?${query}`, { headers: asEditor() });
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ error: expect.any(String) });
    }
  });
});

describe("inquiriesRoute read flag", () => {
  const readAt = (id: number) => env.DB.prepare("SELECT read_at FROM inquiries WHERE id = ?1").bind(id).first<{ read_at: string | null }>();

  it("an editor marks an inquiry read (the first time is kept) and unread again; the list carries readAt", async () => {
    const id = await addInquiry("reader");
    const first = await call("PATCH", `/api/cms/inquiries?id=${id}`, { body: { read: true }, headers: asEditor() });
    expect(first.status).toBe(200);
    const row = await first.json<{ id: number; readAt: string }>();
    expect(row).toMatchObject({ id, name: "reader", readAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const again = await (await call("PATCH", `/api/cms/inquiries?id=${id}`, { body: { read: true }, headers: asEditor() })).json<{ readAt: string }>();
    expect(again.readAt).toBe(row.readAt);
    const list = await (await call("GET", "/api/cms/inquiries?limit=1", { headers: asEditor() })).json<{ items: { id: number; readAt: string | null }[] }>();
    expect(list.items[0]).toMatchObject({ id, readAt: row.readAt });
    expect((await call("PATCH", `/api/cms/inquiries?id=${id}`, { body: { read: false }, headers: asEditor() })).status).toBe(200);
    expect((await readAt(id))?.read_at).toBeNull();
  });

  it("without a session is 401, cross-origin is 403, and neither changes the flag", async () => {
    const id = await addInquiry("guarded");
    expect((await call("PATCH", `/api/cms/inquiries?id=${id}`, { body: { read: true } })).status).toBe(401);
    const cross = await call("PATCH", `/api/cms/inquiries?id=${id}`, { body: { read: true }, origin: "https://evil.test", headers: asEditor() });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ error: expect.any(String), code: "cross_origin" });
    expect((await readAt(id))?.read_at).toBeNull();
  });

  it("a bad id or body is a 4xx JSON and changes nothing; an unknown id is a 404", async () => {
    const id = await addInquiry("bad");
    const cases: [string, RequestOptions, number][] = [
      [`/api/cms/inquiries?id=abc`, { body: { read: true } }, 400],
      [`/api/cms/inquiries?id=-3`, { body: { read: true } }, 400],
      [`/api/cms/inquiries`, { body: { read: true } }, 400],
      [`/api/cms/inquiries?id=999999`, { body: { read: true } }, 404],
      [`/api/cms/inquiries?id=${id}`, { body: { read: "yes" } }, 400],
      [`/api/cms/inquiries?id=${id}`, { body: {} }, 400],
      [`/api/cms/inquiries?id=${id}`, { rawBody: "{nope", headers: { "content-type": "application/json" } }, 400],
      [`/api/cms/inquiries?id=${id}`, { rawBody: "read", headers: { "content-type": "text/plain" } }, 415],
    ];
    for (const [path, options, status] of cases) {
      const res = await call("PATCH", path, { ...options, headers: { ...asEditor(), ...options.headers } });
      expect(res.status, `${path} ${JSON.stringify(options)}`).toBe(status);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    }
    expect((await readAt(id))?.read_at).toBeNull();
  });

  it("a table without a read column offers no PATCH", async () => {
    const plain = inquiriesRoute({ table: submissions, resolveEditor: headerResolver, basePath: "/api/cms/plain" });
    const res = await runEditorRoute(plain, request("PATCH", "/api/cms/plain?id=1", { body: { read: true }, headers: asEditor() }), env);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, DELETE");
  });
});
