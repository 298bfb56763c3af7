import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { resolveSiteEditor, sessionRoute, teamRoute } from "../../src/auth";
import type { Mailer, MailMessage } from "../../src/cores/notify";
import { ORIGIN, PASSWORD, call, signInRequest, uniqueEmail, withCookie } from "./helpers";
import { EDITORS_URL, sessionCount, signedIn, teamRequest, teamRoutes } from "./team-helpers";

const { team } = teamRoutes();

describe("/api/cms/editors: who may call", () => {
  it("answers an admin the accounts, without password hashes", async () => {
    const admin = await signedIn("admin", "Ada Admin");
    const res = await call(team, teamRequest(admin.cookie, "GET"));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { editors: Record<string, unknown>[]; invites: unknown[] };
    const me = body.editors.find((row) => row.id === admin.id);
    expect(me).toEqual({ id: admin.id, name: "Ada Admin", email: admin.email, role: "admin", scopes: {}, lastActiveAt: expect.any(String), createdAt: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/pbkdf2|password/i);
  });

  it("refuses an editor and a publisher with 403 forbidden_admin, and nobody with 401", async () => {
    for (const role of ["editor", "publisher"] as const) {
      const someone = await signedIn(role);
      for (const [method, path, body] of [["GET", ""], ["POST", "", { email: uniqueEmail(), name: "X", role: "editor" }], ["PATCH", `/${someone.id}`, { role: "admin" }], ["DELETE", `/${someone.id}`], ["POST", `/${someone.id}/reset`]] as const) {
        const res = await call(team, teamRequest(someone.cookie, method, path, body));
        expect([role, method, path, res.status]).toEqual([role, method, path, 403]);
        expect(((await res.json()) as { code: string }).code).toBe("forbidden_admin");
      }
    }
    const anonymous = await call(team, new Request(EDITORS_URL));
    expect(anonymous.status).toBe(401);
  });

  it("refuses a cross-origin mutation and answers a wrong method with 405 and Allow", async () => {
    const admin = await signedIn("admin");
    const forged = await call(team, new Request(EDITORS_URL, { method: "POST", headers: { cookie: admin.cookie, origin: "https://evil.test", "content-type": "application/json" }, body: JSON.stringify({ email: uniqueEmail(), name: "X", role: "editor" }) }));
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe("cross_origin");
    const put = await call(team, teamRequest(admin.cookie, "PUT"));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
    const getOne = await call(team, teamRequest(admin.cookie, "GET", `/${admin.id}`));
    expect(getOne.headers.get("allow")).toBe("PATCH, DELETE");
    const getReset = await call(team, teamRequest(admin.cookie, "GET", `/${admin.id}/reset`));
    expect(getReset.headers.get("allow")).toBe("POST");
  });
});

describe("POST /api/cms/editors (invite)", () => {
  it("answers 201 with the invite's URL, stores only a keyed hash of its token, and lists it as pending", async () => {
    const admin = await signedIn("admin");
    const email = uniqueEmail("kim");
    const res = await call(team, teamRequest(admin.cookie, "POST", "", { email, name: "Kim", role: "editor", scopes: { paths: ["/blog/"] } }));
    expect(res.status).toBe(201);
    const { url, emailed } = (await res.json()) as { url: string; emailed: boolean };
    expect(url).toMatch(new RegExp(`^${ORIGIN}/invite/[A-Za-z0-9_-]{43}$`));
    expect(emailed).toBe(false);
    const token = url.slice(url.lastIndexOf("/") + 1);
    const stored = await env.DB.prepare("SELECT token_hash, scopes, role FROM team_links WHERE email = ?1").bind(email).first<{ token_hash: string; scopes: string; role: string }>();
    expect(stored).toEqual({ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), scopes: '{"paths":["/blog/"]}', role: "editor" });
    const dump = JSON.stringify(await env.DB.prepare("SELECT * FROM team_links").all());
    expect(dump).not.toContain(token);
    const list = (await (await call(team, teamRequest(admin.cookie, "GET"))).json()) as { invites: { email: string }[] };
    expect(list.invites.map((invite) => invite.email)).toContain(email);
  });

  it("refuses bad input with 400 saying what is wrong, and an address that has an account with 409", async () => {
    const admin = await signedIn("admin");
    const cases: [unknown, string, RegExp][] = [
      [{ email: "not-an-email", name: "X", role: "editor" }, "invalid_input", /email/],
      [{ email: uniqueEmail(), name: "", role: "editor" }, "invalid_input", /name/],
      [{ email: uniqueEmail(), name: "X", role: "owner" }, "invalid_input", /role/],
      [{ email: uniqueEmail(), name: "X", role: "editor", admin: true }, "invalid_input", /unknown field "admin"/],
      [{ email: uniqueEmail(), name: "X", role: "editor", scopes: { paths: ["blog"] } }, "invalid_access_scope", /scope/],
      ["{ nope", "invalid_json", /JSON/],
    ];
    for (const [body, code, message] of cases) {
      const res = await call(team, teamRequest(admin.cookie, "POST", "", body));
      const answer = (await res.json()) as { error: string; code: string };
      expect([body, res.status, answer.code]).toEqual([body, 400, code]);
      expect(answer.error).toMatch(message);
    }
    const big = await call(team, teamRequest(admin.cookie, "POST", "", { email: uniqueEmail(), name: "X".repeat(20_000), role: "editor" }));
    expect(big.status).toBe(413);
    const taken = await call(team, teamRequest(admin.cookie, "POST", "", { email: admin.email.toUpperCase(), name: "X", role: "editor" }));
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { code: string }).code).toBe("editor_exists");
    const links = await env.DB.prepare("SELECT COUNT(*) AS n FROM team_links WHERE created_by = ?1").bind(String(admin.id)).first<{ n: number }>();
    expect(links!.n).toBe(0);
  });
});

describe("mailing links", () => {
  it("sends the invite and the reset link through the mailer when there is one, and still answers the link when sending fails", async () => {
    const sent: MailMessage[] = [];
    let failing = false;
    const mailer: Mailer = {
      async send(message) {
        if (failing) throw new Error("mail service down");
        sent.push(message);
      },
    };
    const mailing = teamRoute({ resolveEditor: resolveSiteEditor, mailer: () => mailer });
    const admin = await signedIn("admin", "Ada Admin");
    const email = uniqueEmail("mailed");
    const res = await call(mailing, teamRequest(admin.cookie, "POST", "", { email, name: "Kim", role: "editor" }));
    const { url, emailed } = (await res.json()) as { url: string; emailed: boolean };
    expect(emailed).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([email]);
    expect(sent[0]!.text).toContain(url);
    expect(sent[0]!.text).toContain("Ada Admin invited you");

    failing = true;
    const reset = await call(mailing, teamRequest(admin.cookie, "POST", `/${admin.id}/reset`));
    expect(reset.status).toBe(201);
    expect(await reset.json()).toMatchObject({ url: expect.stringMatching(/\/reset\//), emailed: false });
  });
});

describe("PATCH /api/cms/editors/:id", () => {
  it("changes role and scopes; the account's next request resolves with them", async () => {
    const admin = await signedIn("admin");
    const editor = await signedIn("editor");
    const res = await call(team, teamRequest(admin.cookie, "PATCH", `/${editor.id}`, { role: "publisher", scopes: { paths: ["/blog/", "/blog/"], collections: ["pages"] } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: editor.id, role: "publisher", scopes: { collections: ["pages"], paths: ["/blog/"] } });
    const session = await resolveSiteEditor(withCookie(editor.cookie), env);
    expect(session?.access).toEqual({ publish: true, scope: { collections: ["pages"], paths: ["/blog/"] } });
  });

  it("answers 400 for a bad id or body, 404 for an unknown account", async () => {
    const admin = await signedIn("admin");
    expect((await call(team, teamRequest(admin.cookie, "PATCH", "/abc", { role: "editor" }))).status).toBe(400);
    expect((await call(team, teamRequest(admin.cookie, "PATCH", "/0", { role: "editor" }))).status).toBe(400);
    expect((await call(team, teamRequest(admin.cookie, "PATCH", `/${admin.id}`, {}))).status).toBe(400);
    expect((await call(team, teamRequest(admin.cookie, "PATCH", `/${admin.id}`, { role: "admin", name: "x" }))).status).toBe(400);
    const missing = await call(team, teamRequest(admin.cookie, "PATCH", "/999999", { role: "editor" }));
    expect(missing.status).toBe(404);
    expect((await call(team, teamRequest(admin.cookie, "DELETE", "/999999"))).status).toBe(404);
    expect((await call(team, teamRequest(admin.cookie, "POST", "/999999/reset"))).status).toBe(404);
  });
});

describe("the last admin", () => {
  it("cannot be demoted or removed (409 last_admin); with a second admin, both work", async () => {
    await env.DB.prepare("UPDATE editors SET role = 'publisher' WHERE role = 'admin'").run();
    const admin = await signedIn("admin");
    const demote = await call(team, teamRequest(admin.cookie, "PATCH", `/${admin.id}`, { role: "publisher" }));
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as { code: string }).code).toBe("last_admin");
    const remove = await call(team, teamRequest(admin.cookie, "DELETE", `/${admin.id}`));
    expect(remove.status).toBe(409);
    expect(((await remove.json()) as { code: string }).code).toBe("last_admin");
    const scoped = await call(team, teamRequest(admin.cookie, "PATCH", `/${admin.id}`, { scopes: {} }));
    expect(scoped.status).toBe(200);

    const second = await signedIn("admin");
    expect((await call(team, teamRequest(second.cookie, "PATCH", `/${admin.id}`, { role: "editor" }))).status).toBe(200);
    const again = await call(team, teamRequest(second.cookie, "DELETE", `/${second.id}`));
    expect(again.status).toBe(409);
  });
});

describe("DELETE /api/cms/editors/:id", () => {
  it("removes the account and ends every one of its sessions", async () => {
    const admin = await signedIn("admin");
    const editor = await signedIn("editor");
    const secondSession = await call(sessionRoute(), signInRequest({ email: editor.email, password: PASSWORD }));
    expect(secondSession.status).toBe(204);
    expect(await sessionCount(editor.id)).toBe(2);
    const res = await call(team, teamRequest(admin.cookie, "DELETE", `/${editor.id}`));
    expect(res.status).toBe(204);
    expect(await sessionCount(editor.id)).toBe(0);
    expect(await resolveSiteEditor(withCookie(editor.cookie), env)).toBeNull();
    const gone = await env.DB.prepare("SELECT 1 FROM editors WHERE id = ?1").bind(editor.id).first();
    expect(gone).toBeNull();
  });
});

describe("rate limit", () => {
  it("answers 429 rate_limited with Retry-After once an admin spends the budget", async () => {
    const limited = teamRoutes(undefined, { perAdmin: 3 }).team;
    const admin = await signedIn("admin");
    for (let i = 0; i < 3; i++) expect((await call(limited, teamRequest(admin.cookie, "GET"))).status).toBe(200);
    const refused = await call(limited, teamRequest(admin.cookie, "GET"));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await signedIn("admin");
    expect((await call(limited, teamRequest(other.cookie, "GET"))).status).toBe(200);
  });
});
