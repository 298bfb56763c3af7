import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import type { PageRoom } from "../../src/objects/PageRoom";
import type { siteCollections } from "../../src/site/cms";
import type { EditorSession } from "../../src/shared/session";
import { connect, editor, firePublishNow, newPage, until } from "../objects/room-client";
import { seedDemoEditors, signIn, SITE } from "./demo-helpers";

/*
 * Scheduling validates first (issue 33, item 7): a page that could not be published is refused
 * when it is scheduled, with the violations publishing now gives, at every entry point; a
 * schedule that still fails at its time is kept for the publisher who set it: the history lists
 * it, and their next visit to the page is told once.
 */

const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;
const later = () => new Date(Date.now() + 3_600_000).toISOString();
const EMPTY_LINK = [{ type: "cta", label: "Sign up", href: "" }];

function room(id: number) {
  return env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
}

async function call(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, { method, headers: json(cookie), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

async function saveDraft(cookie: string, id: number, fields: Record<string, unknown>): Promise<number> {
  const res = await call(cookie, "POST", `/api/cms/pages/${id}/versions`, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { versionId: number }).versionId;
}

async function versionsList(cookie: string, id: number): Promise<{ scheduled: unknown; scheduleFailed: unknown }> {
  const res = await exports.default.fetch(`${SITE}/api/cms/pages/${id}/versions`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as { scheduled: unknown; scheduleFailed: unknown };
}

/** The session the built-in sign-in resolves for `email`, as the room sees it. */
async function sessionOf(email: string, name: string): Promise<EditorSession> {
  const row = await env.DB.prepare("SELECT id FROM editors WHERE email = ?1").bind(email).first<{ id: number }>();
  return { ...editor(name, true), id: String(row!.id) };
}

beforeAll(seedDemoEditors);

describe("scheduling a page that could not be published", () => {
  it("is refused over REST with the violations publishing now gives, and nothing is scheduled", async () => {
    const id = await newPage({ title: "Schedule me" });
    const pub = await signIn("pub@demo.test");
    await saveDraft(pub, id, { sections: EMPTY_LINK });
    const now = await call(pub, "POST", `/api/cms/pages/${id}/publish`, {});
    expect(now.status).toBe(422);
    const { violations } = (await now.json()) as { violations: unknown[] };
    expect(violations).toContainEqual(expect.objectContaining({ path: "sections.0.href", code: "required" }));

    const scheduled = await call(pub, "POST", `/api/cms/pages/${id}/publish`, { at: later() });
    expect(scheduled.status).toBe(422);
    expect(((await scheduled.json()) as { violations: unknown[] }).violations).toEqual(violations);
    expect((await versionsList(pub, id)).scheduled).toBeNull();
  });

  it("is refused through the service binding, and a valid version named is scheduled", async () => {
    const id = await newPage({ title: "Schedule me" });
    const pub = await signIn("pub@demo.test");
    const valid = await saveDraft(pub, id, { title: "Ready" });
    await saveDraft(pub, id, { sections: EMPTY_LINK });
    const result = await service().publish(editor("svc", true), "pages", id, { at: later() });
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ status: 422, code: "validation_failed", details: { violations: [expect.objectContaining({ path: "sections.0.href", code: "required" })] } });
    const named = await service().publish(editor("svc", true), "pages", id, { at: later(), versionId: valid });
    expect(named.ok, JSON.stringify(named)).toBe(true);
  });
});

describe("a scheduled publish that fails at its time", () => {
  it("is listed in the history and told to its publisher on their next visit, once", async () => {
    const id = await newPage({ title: "Before" });
    const pub = await signIn("pub@demo.test");
    const version = await saveDraft(pub, id, { title: "Goes live later" });
    expect((await call(pub, "POST", `/api/cms/pages/${id}/publish`, { at: later() })).status).toBe(202);
    // The version no longer passes the rules when it fires (a value written by another path).
    await env.DB.prepare("UPDATE pages_versions SET version_data = json_set(version_data, '$.title', '') WHERE id = ?1").bind(version).run();
    const watcher = await connect(id, editor("ann"));
    await firePublishNow(room(id));
    await until(() => watcher.events.some((event) => event.type === "schedule-cancelled"));
    watcher.close();

    const failed = (await versionsList(pub, id)).scheduleFailed as { reason: string; by: string; versionId: number };
    expect(failed).toMatchObject({ by: "Pub", versionId: version, at: expect.any(String) });
    expect(failed.reason).toMatch(/^the page could not be published: title /);
    expect(failed.reason).not.toMatch(/\btitle:/);

    // Someone else's visit is not the publisher's.
    const other = await connect(id, editor("bob"));
    const publisher = await sessionOf("pub@demo.test", "Pub");
    const first = await connect(id, publisher);
    await until(() => first.events.some((event) => event.type === "schedule-cancelled"));
    expect(first.events).toContainEqual({ type: "schedule-cancelled", at: expect.any(String), versionId: version, reason: failed.reason });
    // The room tells a publisher as it admits them, before it answers their sync: a connection
    // that has synced holds the notice if one was sent (no wait of guessed length).
    const second = await connect(id, publisher);
    expect(second.events.filter((event) => event.type === "schedule-cancelled")).toEqual([]);
    expect(other.events.filter((event) => event.type === "schedule-cancelled")).toEqual([]);
    for (const client of [other, first, second]) client.close();
  });

  it("is not told again to a publisher who had the page open when it failed", async () => {
    const id = await newPage({ title: "Before" });
    const pub = await signIn("pub@demo.test");
    const version = await saveDraft(pub, id, { title: "Goes live later" });
    expect((await call(pub, "POST", `/api/cms/pages/${id}/publish`, { at: later() })).status).toBe(202);
    await env.DB.prepare("UPDATE pages_versions SET version_data = json_set(version_data, '$.title', '') WHERE id = ?1").bind(version).run();
    const publisher = await sessionOf("pub@demo.test", "Pub");
    const open = await connect(id, publisher);
    await firePublishNow(room(id));
    await until(() => open.events.some((event) => event.type === "schedule-cancelled"));
    open.close();
    const next = await connect(id, publisher);
    expect(next.events.filter((event) => event.type === "schedule-cancelled")).toEqual([]);
    next.close();
  });
});
