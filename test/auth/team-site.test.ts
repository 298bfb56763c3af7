import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import site from "../../src/worker";
import { ORIGIN, cookiePair, uniqueEmail } from "./helpers";
import { passwordPost, signedIn, teamRequest } from "./team-helpers";

function fetchSite(request: Request): Promise<Response> {
  return site.fetch(request, env, createExecutionContext());
}

describe("the reference site (createCms) serves the team routes and the invite page", () => {
  it("an admin invites through /api/cms/editors; the link's page sets the password and signs in", async () => {
    const admin = await signedIn("admin");
    const email = uniqueEmail("site");
    const res = await fetchSite(teamRequest(admin.cookie, "POST", "", { email, name: "Sam Site", role: "editor" }));
    expect(res.status).toBe(201);
    const path = new URL(((await res.json()) as { url: string }).url).pathname;
    const page = await fetchSite(new Request(`${ORIGIN}${path}`));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const done = await fetchSite(passwordPost(path, "a long and unusual passphrase"));
    expect(done.status).toBe(303);
    const me = await fetchSite(new Request(`${ORIGIN}/api/cms/session`, { headers: { cookie: cookiePair(done) } }));
    expect(await me.json()).toEqual({ email, name: "Sam Site", roles: ["editor"] });
  });
});
