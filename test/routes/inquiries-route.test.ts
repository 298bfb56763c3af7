import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inquiriesRoute } from "../../src/routes/inquiries-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { inquiries } from "../../src/tables/forms";
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

  it("answers 404 for DELETE of an unknown id and 400 for a missing or bad id", async () => {
    expect((await call("DELETE", "/api/cms/inquiries?id=999999", { headers: asEditor() })).status).toBe(404);
    expect((await call("DELETE", "/api/cms/inquiries", { headers: asEditor() })).status).toBe(400);
    expect((await call("DELETE", "/api/cms/inquiries?id=abc", { headers: asEditor() })).status).toBe(400);
  });

  it("answers other methods with 405", async () => {
    const res = await call("POST", "/api/cms/inquiries", { body: {}, headers: asEditor() });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, DELETE");
  });
});
