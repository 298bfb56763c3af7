import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { countingD1, type RoundTrips } from "../../bench/d1-round-trips";
import site from "../../src/worker";
import { seedDemo, seedDemoEditors, signIn, SITE } from "../site/demo-helpers";

/*
 * An editor read costs one D1 round trip: the session check (the row that makes sign-out take
 * effect at once) rides in one batch with the route's first query. Counted over the real D1
 * binding: the wrapper forwards every call and only counts.
 */

const NOOP_CTX = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** A GET through the site's worker with D1 round trips counted; answers the response and the count. */
async function counted(path: string, cookie: string): Promise<{ status: number; trips: number; body: unknown }> {
  const trips: RoundTrips = { count: 0 };
  const response = await site.fetch(new Request(`${SITE}${path}`, { headers: { cookie } }), { ...env, DB: countingD1(env.DB, trips) } as typeof env, NOOP_CTX);
  const body: unknown = await response.json();
  return { status: response.status, trips: trips.count, body };
}

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
});

describe("an editor read in one D1 round trip", () => {
  it("GET /api/cms/pages/:id answers the page after one round trip, session check included", async () => {
    const cookie = await signIn("ed@demo.test");
    const read = await counted("/api/cms/pages/1", cookie);
    expect(read.status).toBe(200);
    expect((read.body as { id: number }).id).toBe(1);
    expect(read.trips).toBe(1);
  });

  it("the list of pages is one round trip too", async () => {
    const cookie = await signIn("ed@demo.test");
    const list = await counted("/api/cms/pages?limit=5", cookie);
    expect(list.status).toBe(200);
    expect((list.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(list.trips).toBe(1);
  });

  it("the versions list reads with the session check in one batch (the author names are one more)", async () => {
    const cookie = await signIn("ed@demo.test");
    const versions = await counted("/api/cms/pages/1/versions", cookie);
    expect(versions.status).toBe(200);
    const authored = (versions.body as { items: { createdBy: unknown }[] }).items.some((item) => item.createdBy !== null && item.createdBy !== undefined);
    expect(versions.trips).toBe(authored ? 2 : 1);
  });

  it("a missing page is a 404 after the same single round trip; no cookie costs none", async () => {
    const cookie = await signIn("ed@demo.test");
    const missing = await counted("/api/cms/pages/999999", cookie);
    expect(missing.status).toBe(404);
    expect(missing.trips).toBe(1);
    const anonymous = await counted("/api/cms/pages/1", "");
    expect(anonymous.status).toBe(401);
    expect(anonymous.trips).toBe(0);
  });

  it("a signed-out session is refused on the very next read, with nothing of the page in the answer", async () => {
    const cookie = await signIn("ed@demo.test");
    expect((await counted("/api/cms/pages/1", cookie)).status).toBe(200);
    const out = await site.fetch(new Request(`${SITE}/api/cms/session`, { method: "DELETE", headers: { cookie, origin: SITE } }), env as never, NOOP_CTX);
    expect(out.status).toBe(204);
    for (const path of ["/api/cms/pages/1", "/api/cms/pages", "/api/cms/pages/1/versions"]) {
      const after = await counted(path, cookie);
      expect(after.status, path).toBe(401);
      expect(after.body, path).toEqual({ error: "sign in as an editor to use this endpoint", code: "unauthenticated" });
    }
  });

  it("a removed editor's session is refused on the very next read", async () => {
    const cookie = await signIn("ed@demo.test");
    expect((await counted("/api/cms/pages/1", cookie)).status).toBe(200);
    await env.DB.prepare("DELETE FROM editor_sessions WHERE editor_id = (SELECT id FROM editors WHERE email = 'ed@demo.test')").run();
    expect((await counted("/api/cms/pages/1", cookie)).status).toBe(401);
  });

  it("a bad id still answers 401 before 400 to a request without a session", async () => {
    expect((await counted("/api/cms/pages/abc", "")).status).toBe(401);
    const cookie = await signIn("ed@demo.test");
    expect((await counted("/api/cms/pages/abc", cookie)).status).toBe(400);
  });
});

describe("a search in one D1 round trip", () => {
  let counter = 0;
  /* A word no page holds: its search always reaches D1 the first time (the route caches answers). */
  const unseen = () => `zq${Date.now().toString(36)}n${(++counter).toString(36)}`;

  it("a search nobody asked before is one round trip, session check included; its repeat is the check alone", async () => {
    const cookie = await signIn("ed@demo.test");
    const path = `/api/cms/pages/search?q=${unseen()}`;
    const miss = await counted(path, cookie);
    expect(miss).toMatchObject({ status: 200, body: { items: [] }, trips: 1 });
    const repeat = await counted(path, cookie);
    expect(repeat).toMatchObject({ status: 200, trips: 1 });
  });

  it("a signed-out session is refused, 401 before a blank query's 400, in the same round trip", async () => {
    const cookie = await signIn("ed@demo.test");
    expect((await counted("/api/cms/pages/search?q=", cookie)).status).toBe(400);
    const out = await site.fetch(new Request(`${SITE}/api/cms/session`, { method: "DELETE", headers: { cookie, origin: SITE } }), env as never, NOOP_CTX);
    expect(out.status).toBe(204);
    for (const path of [`/api/cms/pages/search?q=${unseen()}`, "/api/cms/pages/search?q="]) {
      const after = await counted(path, cookie);
      expect(after, path).toMatchObject({ status: 401, trips: 1, body: { code: "unauthenticated" } });
    }
  });

  it("a refused session never fails the same search of an editor who shares its query", async () => {
    const refused = await signIn("ed@demo.test");
    const out = await site.fetch(new Request(`${SITE}/api/cms/session`, { method: "DELETE", headers: { cookie: refused, origin: SITE } }), env as never, NOOP_CTX);
    expect(out.status).toBe(204);
    const editor = await signIn("ed@demo.test");
    // The refused request starts first, so its query is the one both wait on.
    const path = `/api/cms/pages/search?q=${unseen()}`;
    const [first, second] = await Promise.all([counted(path, refused), counted(path, editor)]);
    expect(first.status).toBe(401);
    expect(second).toMatchObject({ status: 200, body: { items: [] } });
  });
});
