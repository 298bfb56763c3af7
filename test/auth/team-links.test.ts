import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashPassword, resolveSiteEditor, sessionRoute, TEAM_LINK_LIFETIME_SECONDS } from "../../src/auth";
import { openTeamLink, redeemTeamLink } from "../../src/auth/team-links";
import { ORIGIN, PASSWORD, call, cookiePair, signInRequest, uniqueEmail, uniqueIp, withCookie } from "./helpers";
import { passwordPost, sessionCount, signedIn, teamRequest, teamRoutes, tokenOf } from "./team-helpers";

const NEW_PASSWORD = "a long and unusual passphrase";

async function invite(team: ReturnType<typeof teamRoutes>["team"], admin: { cookie: string }, input: Record<string, unknown> = {}) {
  const email = uniqueEmail("colleague");
  const res = await call(team, teamRequest(admin.cookie, "POST", "", { email, name: "Kim Colleague", role: "editor", ...input }));
  expect(res.status).toBe(201);
  const { url } = (await res.json()) as { url: string };
  return { email, path: new URL(url).pathname, token: tokenOf(url) };
}

describe("an invite link", () => {
  it("shows whom it is for, then sets the password once: signs the colleague in with the invited role and scopes", async () => {
    const { team, pages } = teamRoutes();
    const admin = await signedIn("admin");
    const { email, path } = await invite(team, admin, { scopes: { paths: ["/blog/"] } });

    const page = await call(pages, new Request(`${ORIGIN}${path}`));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain('name="password"');

    const done = await call(pages, passwordPost(path, NEW_PASSWORD));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/");
    const session = await resolveSiteEditor(withCookie(cookiePair(done)), env);
    expect(session).toMatchObject({ email, name: "Kim Colleague", roles: ["editor"], access: { publish: false, scope: { paths: ["/blog/"] } } });
    expect((await call(sessionRoute(), signInRequest({ email, password: NEW_PASSWORD }))).status).toBe(204);

    const again = await call(pages, passwordPost(path, "another long passphrase here"));
    expect(again.status).toBe(410);
    expect(await again.text()).toMatch(/already used/);
    expect((await call(pages, new Request(`${ORIGIN}${path}`))).status).toBe(410);
    const accounts = await env.DB.prepare("SELECT COUNT(*) AS n FROM editors WHERE email = ?1").bind(email).first<{ n: number }>();
    expect(accounts!.n).toBe(1);
  });

  it("does not work after it expires (410), and an unknown or malformed token is a 404 page", async () => {
    const { team, pages, clock } = teamRoutes();
    const admin = await signedIn("admin");
    const { email, path } = await invite(team, admin);
    clock.advance(TEAM_LINK_LIFETIME_SECONDS * 1000 - 1000);
    expect((await call(pages, new Request(`${ORIGIN}${path}`))).status).toBe(200);
    clock.advance(1000);
    const expired = await call(pages, passwordPost(path, NEW_PASSWORD));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toMatch(/expired/);
    expect(await env.DB.prepare("SELECT 1 FROM editors WHERE email = ?1").bind(email).first()).toBeNull();

    expect((await call(pages, new Request(`${ORIGIN}/invite/${"A".repeat(43)}`))).status).toBe(404);
    expect((await call(pages, new Request(`${ORIGIN}/invite/short`))).status).toBe(404);
    // A reset token is not an invite.
    expect((await call(pages, new Request(`${ORIGIN}/reset/${tokenOf(path)}`))).status).toBe(404);
  });

  it("refuses a short password and a common one (422, the form again saying why), and two that differ", async () => {
    const { team, pages } = teamRoutes();
    const admin = await signedIn("admin");
    const { email, path } = await invite(team, admin);
    const short = await call(pages, passwordPost(path, "short pass"));
    expect(short.status).toBe(422);
    expect(await short.text()).toMatch(/at least 12 characters/);
    const common = await call(pages, passwordPost(path, "QWERTY123456"));
    expect(common.status).toBe(422);
    expect(await common.text()).toMatch(/most common/);
    const differ = await call(pages, passwordPost(path, NEW_PASSWORD, `${NEW_PASSWORD}!`));
    expect(differ.status).toBe(422);
    expect(await env.DB.prepare("SELECT 1 FROM editors WHERE email = ?1").bind(email).first()).toBeNull();
    expect((await call(pages, passwordPost(path, NEW_PASSWORD))).status).toBe(303);
  });

  it("keeps the token out of the address it posts to (request logs keep addresses): the form posts it to /invite in its body", async () => {
    const { team, pages } = teamRoutes();
    const admin = await signedIn("admin");
    const { path, token } = await invite(team, admin);
    const html = await (await call(pages, new Request(`${ORIGIN}${path}`))).text();
    expect(html).toContain('<form method="post" action="/invite">');
    expect(html).toContain(`<input type="hidden" name="token" value="${token}">`);
    const wrong = await call(pages, new Request(`${ORIGIN}${path}`, { method: "POST", headers: { origin: ORIGIN } }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
    const noToken = await call(pages, new Request(`${ORIGIN}/invite`, { method: "POST", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() }, body: "password=x" }));
    expect(noToken.status).toBe(404);
  });

  it("only the newest invite of an address works", async () => {
    const { team, pages } = teamRoutes();
    const admin = await signedIn("admin");
    const first = await invite(team, admin);
    const res = await call(team, teamRequest(admin.cookie, "POST", "", { email: first.email, name: "Kim", role: "publisher" }));
    const second = new URL(((await res.json()) as { url: string }).url).pathname;
    expect((await call(pages, new Request(`${ORIGIN}${first.path}`))).status).toBe(404);
    expect((await call(pages, passwordPost(second, NEW_PASSWORD))).status).toBe(303);
  });

  it("refuses a cross-origin post, and counts posts per client address (429)", async () => {
    const { team, pages } = teamRoutes(undefined, { perAddress: 2 });
    const admin = await signedIn("admin");
    const { path } = await invite(team, admin);
    const forged = passwordPost(path, NEW_PASSWORD);
    const evil = new Request(forged, { headers: { ...Object.fromEntries(forged.headers), origin: "https://evil.test" } });
    expect((await call(pages, evil)).status).toBe(403);
    const ip = uniqueIp();
    expect((await call(pages, passwordPost(path, "short", "short", ip))).status).toBe(422);
    expect((await call(pages, passwordPost(path, "short", "short", ip))).status).toBe(422);
    const limited = await call(pages, passwordPost(path, NEW_PASSWORD, NEW_PASSWORD, ip));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).not.toBeNull();
    expect((await call(pages, passwordPost(path, NEW_PASSWORD))).status).toBe(303);
  });
});

describe("a password-reset link", () => {
  it("changes nothing until used; then sets the new password and ends every session of the account", async () => {
    const { team, pages } = teamRoutes();
    const admin = await signedIn("admin");
    const editor = await signedIn("editor");
    const res = await call(team, teamRequest(admin.cookie, "POST", `/${editor.id}/reset`));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${ORIGIN}/reset/[A-Za-z0-9_-]{43}$`));
    const path = new URL(url).pathname;
    expect(await sessionCount(editor.id)).toBe(1);
    expect((await call(sessionRoute(), signInRequest({ email: editor.email, password: PASSWORD }))).status).toBe(204);

    const page = await call(pages, new Request(`${ORIGIN}${path}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(editor.email);
    const done = await call(pages, passwordPost(path, NEW_PASSWORD));
    expect(done.status).toBe(303);
    expect(await resolveSiteEditor(withCookie(editor.cookie), env)).toBeNull();
    expect(await sessionCount(editor.id)).toBe(1);
    expect((await resolveSiteEditor(withCookie(cookiePair(done)), env))?.id).toBe(String(editor.id));
    expect((await call(sessionRoute(), signInRequest({ email: editor.email, password: PASSWORD }))).status).toBe(401);
    expect((await call(sessionRoute(), signInRequest({ email: editor.email, password: NEW_PASSWORD }))).status).toBe(204);
    expect((await call(pages, passwordPost(path, "yet another long passphrase"))).status).toBe(410);
  });

  it("opened by two requests before either redeems it, sets one password: the later redeem finds it used (410)", async () => {
    const { team } = teamRoutes();
    const admin = await signedIn("admin");
    const editor = await signedIn("editor");
    const { url } = (await (await call(team, teamRequest(admin.cookie, "POST", `/${editor.id}/reset`))).json()) as { url: string };
    const nowMs = Date.now();
    const opened = await Promise.all([0, 1].map(() => openTeamLink(env.DB, env.CMS_SESSION_SECRET, "reset", tokenOf(url), Math.floor(nowMs / 1000))));
    await redeemTeamLink(env.DB, opened[0]!, await hashPassword(NEW_PASSWORD), nowMs);
    await expect(redeemTeamLink(env.DB, opened[1]!, await hashPassword("the loser's passphrase"), nowMs)).rejects.toMatchObject({ status: 410, code: "link_used" });
    expect((await call(sessionRoute(), signInRequest({ email: editor.email, password: NEW_PASSWORD }))).status).toBe(204);
  });

  it("dies with its account", async () => {
    const { team, pages } = teamRoutes();
    const admin = await signedIn("admin");
    const editor = await signedIn("editor");
    const { url } = (await (await call(team, teamRequest(admin.cookie, "POST", `/${editor.id}/reset`))).json()) as { url: string };
    expect((await call(team, teamRequest(admin.cookie, "DELETE", `/${editor.id}`))).status).toBe(204);
    expect((await call(pages, new Request(`${ORIGIN}${new URL(url).pathname}`))).status).toBe(404);
  });
});
