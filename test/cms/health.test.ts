import { applyD1Migrations, createExecutionContext, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth";
import type { PageRoom } from "../../src/objects/PageRoom";
import { healthRoute } from "../../src/routes/health-route";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { newPage, until } from "../objects/room-client";
import { PASSWORD, seedDemoEditors, signIn, SITE } from "../site/demo-helpers";

interface HealthCheckBody {
  name: string;
  status: string;
  ms: number;
  detail?: string;
  fix?: string;
}
interface HealthBody {
  status: string;
  checks?: HealthCheckBody[];
}

const HEALTH = `${SITE}/api/cms/health`;
/* On a host name (not localhost) with `request.cf`, the limit believes `CF-Connecting-IP`, as on the edge. */
const EDGE_HEALTH = "https://site.test/api/cms/health";

/** Each test asks from its own client address, so the rate limit of one does not reach the next. */
let client = 0;
function healthRequest(cookie?: string): Request {
  client += 1;
  return new Request(EDGE_HEALTH, { headers: { "cf-connecting-ip": `198.51.100.${client}`, ...(cookie ? { cookie } : {}) }, cf: { colo: "AMS" } });
}

async function health(cookie?: string, bindings: SiteEnv = env as unknown as SiteEnv): Promise<{ response: Response; body: HealthBody }> {
  const response = (await siteCms.route(healthRequest(cookie), bindings, createExecutionContext()))!;
  return { response, body: await response.json<HealthBody>() };
}

function check(body: HealthBody, name: string): HealthCheckBody {
  const found = body.checks?.find((entry) => entry.name === name);
  if (!found) throw new Error(`no ${name} check in ${JSON.stringify(body)}`);
  return found;
}

let publisher = "";
let editor = "";
beforeAll(async () => {
  await seedDemoEditors();
  publisher = await signIn("pub@demo.test");
  editor = await signIn("ed@demo.test");
});

describe("GET /api/cms/health", () => {
  it("answers a publisher ok with every check and its latency, anyone else the status alone, never cached", async () => {
    const { response, body } = await health(publisher);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.status).toBe("ok");
    expect(body.checks!.map((entry) => entry.name).sort()).toEqual(["bindings", "d1", "kv", "migrations", "r2", "room", "schedules", "unflushed"]);
    for (const entry of body.checks!) {
      expect(entry, entry.name).toMatchObject({ status: "ok" });
      expect(entry.ms).toBeGreaterThanOrEqual(0);
    }
    expect(check(body, "migrations").detail).toContain(`${env.TEST_MIGRATIONS.length} applied`);

    // The R2 probe leaves nothing behind.
    expect((await env.MEDIA.list({ prefix: ".cms-health/" })).objects).toEqual([]);

    for (const who of [undefined, editor]) {
      const anyone = await health(who);
      expect(anyone.response.status).toBe(200);
      expect(anyone.response.headers.get("cache-control")).toBe("no-store");
      expect(anyone.body).toEqual({ status: "ok" });
    }
  });

  it("goes through the Worker with its request id", async () => {
    const response = await exports.default.fetch(HEALTH, { headers: { "cf-ray": "8c1f2a3b4c5d6e7f-AMS" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("8c1f2a3b4c5d6e7f-AMS");
  });

  it("is down, naming the wrangler.toml lines, when the MEDIA binding is missing", async () => {
    const withoutMedia = { ...env, MEDIA: undefined } as unknown as SiteEnv;
    const { response, body } = await health(publisher, withoutMedia);
    expect(response.status).toBe(503);
    expect(body.status).toBe("down");
    const bindings = check(body, "bindings");
    expect(bindings.status).toBe("down");
    expect(bindings.detail).toContain("MEDIA");
    expect(bindings.fix).toContain('[[r2_buckets]] binding = "MEDIA"');
    // The store it names is not probed, and the others still are.
    expect(body.checks!.some((entry) => entry.name === "r2")).toBe(false);
    expect(check(body, "d1").status).toBe("ok");

    const anyone = await health(undefined, withoutMedia);
    expect(anyone.response.status).toBe(503);
    expect(anyone.body).toEqual({ status: "down" });
  });

  it("answers, never a 500, when the database or the rooms' binding is missing", async () => {
    // Without DB nobody can be signed in: the status alone, down.
    const withoutDb = await health(publisher, { ...env, DB: undefined } as unknown as SiteEnv);
    expect(withoutDb.response.status).toBe(503);
    expect(withoutDb.body).toEqual({ status: "down" });
    // Without PAGE_ROOM every other /api/cms/* answers 503 misconfigured; health names it among its checks.
    const withoutRooms = await health(publisher, { ...env, PAGE_ROOM: undefined } as unknown as SiteEnv);
    expect(withoutRooms.response.status).toBe(503);
    expect(withoutRooms.body.status).toBe("down");
    expect(check(withoutRooms.body, "bindings").fix).toContain('name = "PAGE_ROOM"');
    expect(withoutRooms.body.checks!.some((entry) => entry.name === "room")).toBe(false);
  });

  it("is down, naming the command, when a migration is not applied", async () => {
    // A fresh database with every migration but the one that adds share links.
    const skipped = env.TEST_MIGRATIONS.filter((migration) => !migration.name.includes("share_links"));
    expect(skipped.length).toBe(env.TEST_MIGRATIONS.length - 1);
    await applyD1Migrations(env.SCHEMA_DB, skipped);
    await env.SCHEMA_DB.prepare("INSERT INTO editors (email, name, role, password_hash) VALUES ('pub@demo.test', 'Pub', 'publisher', ?1)").bind(await hashPassword(PASSWORD)).run();
    const behind = { ...env, DB: env.SCHEMA_DB } as unknown as SiteEnv;
    const signedIn = (await siteCms.route(
      new Request(`${SITE}/api/cms/session`, { method: "POST", headers: { origin: SITE, "content-type": "application/json" }, body: JSON.stringify({ email: "pub@demo.test", password: PASSWORD }) }),
      behind,
      createExecutionContext(),
    ))!;
    expect(signedIn.status).toBe(204);
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;

    const { response, body } = await health(cookie, behind);
    expect(response.status).toBe(503);
    expect(body.status).toBe("down");
    const migrations = check(body, "migrations");
    expect(migrations.status).toBe("down");
    expect(migrations.detail).toContain("share_links");
    expect(migrations.fix).toContain("npx wrangler d1 migrations apply DB");
    expect(check(body, "bindings").status).toBe("ok");
  });

  it("is degraded when a scheduled publish is overdue, naming the record, and arms it so it fires", async () => {
    const id = await newPage({ title: "Scheduled" });
    const json = { cookie: publisher, origin: SITE, "content-type": "application/json" };
    const saved = await exports.default.fetch(`${SITE}/api/cms/pages/${id}/versions`, { method: "POST", headers: json, body: JSON.stringify({ title: "Due soon" }) });
    expect(saved.status).toBe(201);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await exports.default.fetch(`${SITE}/api/cms/pages/${id}/publish`, { method: "POST", headers: json, body: JSON.stringify({ at }) });
    expect(scheduled.status).toBe(202);
    expect(check((await health(publisher)).body, "schedules").status).toBe("ok");

    // Its time passed minutes ago and no alarm ran it (as in a site imported after that time).
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
    await env.DB.prepare("UPDATE scheduled_publishes SET at = ?1 WHERE room = ?2").bind(Date.now() - 5 * 60_000, `pages:${id}`).run();
    await runInDurableObject(room, async (_instance: PageRoom, state) => {
      await state.storage.deleteAlarm();
    });
    const { response, body } = await health(publisher);
    expect(response.status).toBe(200);
    expect(body.status).toBe("degraded");
    const schedules = check(body, "schedules");
    expect(schedules.status).toBe("degraded");
    expect(schedules.detail).toContain(`pages:${id}`);
    // The check woke the room, which took the schedule from D1 and ran it at once.
    await until(async () => (await env.DB.prepare("SELECT title FROM pages WHERE id = ?1").bind(id).first<{ title: string }>())?.title === "Due soon", 10_000);
    expect(check((await health(publisher)).body, "schedules").status).toBe("ok");
  });

  it("is degraded when a room's live edits stayed out of D1 past the maximum wait, naming the page", async () => {
    const id = await newPage({ title: "Stuck" });
    // Rooms list themselves when they turn dirty (test/objects/page-room-unflushed.test.ts); this
    // one did five minutes ago and never wrote its draft, the other one a moment ago.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO unflushed_rooms (room, dirty_since) VALUES (?1, ?2)").bind(`pages:${id}`, Date.now() - 5 * 60_000),
      env.DB.prepare("INSERT INTO unflushed_rooms (room, dirty_since) VALUES (?1, ?2)").bind(`pages:${id + 1000}`, Date.now()),
    ]);
    const unflushed = check((await health(publisher)).body, "unflushed");
    expect(unflushed.status).toBe("degraded");
    expect(unflushed.detail).toContain(`pages:${id} (since `);
    expect(unflushed.detail).not.toContain(`pages:${id + 1000}`);
    await env.DB.prepare("DELETE FROM unflushed_rooms WHERE room = ?1").bind(`pages:${id}`).run();
    expect(check((await health(publisher)).body, "unflushed").status).toBe("ok");
  });

  it("is rate limited per client address, in RATE_LIMIT", async () => {
    const route = healthRoute<SiteEnv>({ resolveEditor: () => null, checks: () => [], limit: { limit: 2, windowSeconds: 60 } });
    const ask = (ip: string) => route(new Request(EDGE_HEALTH, { headers: { "cf-connecting-ip": ip }, cf: { colo: "AMS" } }), env as unknown as SiteEnv, createExecutionContext());
    expect((await ask("203.0.113.77"))!.status).toBe(200);
    expect((await ask("203.0.113.77"))!.status).toBe(200);
    const refused = (await ask("203.0.113.77"))!;
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await ask("203.0.113.78"))!.status).toBe(200);
  });
});
