import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { submissionsRoute } from "../../src/routes/submissions-route";
import { submissions } from "../../src/tables/forms";
import { asEditor, headerResolver, request, type RequestOptions } from "../helpers/http";

const route = submissionsRoute({ table: submissions, resolveEditor: headerResolver, forms: [{ name: "quote" }, { name: "other" }] });
const call = (method: string, path: string, options: RequestOptions = {}) => runEditorRoute(route, request(method, path, options), env);

async function addSubmission(form: string, data: Record<string, unknown>): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO submissions (form, data) VALUES (?1, ?2) RETURNING id").bind(form, JSON.stringify(data)).first<{ id: number }>();
  return row!.id;
}

const exists = async (id: number) => (await env.DB.prepare("SELECT id FROM submissions WHERE id = ?1").bind(id).first()) !== null;

describe("submissionsRoute authorization matrix", () => {
  it("GET without a session is 401", async () => {
    expect((await call("GET", "/api/cms/submissions/quote")).status).toBe(401);
  });

  it("DELETE without a session is 401 and deletes nothing", async () => {
    const id = await addSubmission("quote", { a: 1 });
    expect((await call("DELETE", `/api/cms/submissions/quote?id=${id}`)).status).toBe(401);
    expect(await exists(id)).toBe(true);
  });

  it("a cross-origin DELETE is 403 and deletes nothing", async () => {
    const id = await addSubmission("quote", { a: 1 });
    expect((await call("DELETE", `/api/cms/submissions/quote?id=${id}`, { origin: "https://evil.test", headers: asEditor() })).status).toBe(403);
    expect(await exists(id)).toBe(true);
  });

  it("a cross-origin read is allowed", async () => {
    expect((await call("GET", "/api/cms/submissions/quote", { origin: "https://evil.test", headers: asEditor() })).status).toBe(200);
  });

  it("an editor lists and deletes", async () => {
    const id = await addSubmission("quote", { a: 1 });
    expect((await call("GET", "/api/cms/submissions/quote", { headers: asEditor() })).status).toBe(200);
    expect((await call("DELETE", `/api/cms/submissions/quote?id=${id}`, { headers: asEditor() })).status).toBe(204);
    expect(await exists(id)).toBe(false);
  });
});

describe("submissionsRoute", () => {
  it("lists one form's rows newest first with data parsed back to an object", async () => {
    const older = await addSubmission("quote", { name: "Ann", qty: 2 });
    await addSubmission("other", { name: "Not me" });
    const newer = await addSubmission("quote", { name: "Bo", urgent: true });
    const body = await (await call("GET", "/api/cms/submissions/quote?limit=2", { headers: asEditor() })).json<{ items: Record<string, unknown>[]; next: string | null }>();
    expect(body.items).toEqual([
      { id: newer, form: "quote", data: { name: "Bo", urgent: true }, createdAt: expect.any(String) },
      { id: older, form: "quote", data: { name: "Ann", qty: 2 }, createdAt: expect.any(String) },
    ]);
    expect(body.next).toBe(String(older));
  });

  it("never deletes another form's row through this form's address (404)", async () => {
    const id = await addSubmission("other", { x: 1 });
    expect((await call("DELETE", `/api/cms/submissions/quote?id=${id}`, { headers: asEditor() })).status).toBe(404);
    expect(await exists(id)).toBe(true);
  });

  it("answers 404 for DELETE of an unknown id, 400 for a missing id", async () => {
    expect((await call("DELETE", "/api/cms/submissions/quote?id=999999", { headers: asEditor() })).status).toBe(404);
    expect((await call("DELETE", "/api/cms/submissions/quote", { headers: asEditor() })).status).toBe(400);
  });

  it("answers 404 for a form it does not know", async () => {
    expect((await call("GET", "/api/cms/submissions/nope", { headers: asEditor() })).status).toBe(404);
  });

  it("answers other methods with 405 and leaves the bare base path alone", async () => {
    expect((await call("POST", "/api/cms/submissions/quote", { body: {}, headers: asEditor() })).status).toBe(405);
    expect(await route(request("GET", "/api/cms/submissions"), env, {} as ExecutionContext)).toBeUndefined();
  });
});
