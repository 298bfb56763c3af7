import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PageRoom } from "../../src/objects/PageRoom";
import { applyPublish } from "../../src/cores/drafts";
import { roomCollections } from "../../src/site/room-deps";
import { connect, editor, firePublishNow, newPage, until } from "../objects/room-client";
import { seedDemoEditors, signIn, SITE } from "./demo-helpers";

const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
const deps = roomCollections(env).pages!;

function room(id: number) {
  return env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
}

async function saveDraft(cookie: string, id: number, title: string): Promise<number> {
  const res = await exports.default.fetch(`${SITE}/api/cms/pages/${id}/versions`, { method: "POST", headers: json(cookie), body: JSON.stringify({ title }) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { versionId: number }).versionId;
}

async function schedule(cookie: string, id: number, body: Record<string, unknown> = {}): Promise<{ at: string; versionId: number; by: string }> {
  const at = new Date(Date.now() + 3_600_000).toISOString();
  const res = await exports.default.fetch(`${SITE}/api/cms/pages/${id}/publish`, { method: "POST", headers: json(cookie), body: JSON.stringify({ at, ...body }) });
  expect(res.status).toBe(202);
  return ((await res.json()) as { scheduled: { at: string; versionId: number; by: string } }).scheduled;
}

async function live(id: number): Promise<{ title: string; pointer: number | null }> {
  return (await env.DB.prepare("SELECT title, published_version_id AS pointer FROM pages WHERE id = ?1").bind(id).first<{ title: string; pointer: number | null }>())!;
}

async function scheduled(cookie: string, id: number): Promise<unknown> {
  const res = await exports.default.fetch(`${SITE}/api/cms/pages/${id}/versions`, { headers: { cookie } });
  return ((await res.json()) as { scheduled: unknown }).scheduled;
}

/** The page's live row is `expected`, the later draft is still pending, and nothing is scheduled any more. */
async function expectPublishedOnly(cookie: string, id: number, expected: { title: string; pointer: number }, laterDraft: number): Promise<void> {
  expect(await live(id)).toEqual(expected);
  const later = await env.DB.prepare("SELECT status FROM pages_versions WHERE id = ?1").bind(laterDraft).first<{ status: string }>();
  expect(later?.status).toBe("draft");
  expect(await scheduled(cookie, id)).toBeNull();
}

beforeAll(async () => {
  await seedDemoEditors();
  await env.DB.prepare("INSERT OR IGNORE INTO editors (email, name, role, password_hash) SELECT 'demoted@demo.test', 'Dee', 'publisher', password_hash FROM editors WHERE email = 'pub@demo.test'").run();
  await env.DB.prepare("INSERT OR IGNORE INTO editors (email, name, role, password_hash) SELECT 'rescoped@demo.test', 'Rae', 'publisher', password_hash FROM editors WHERE email = 'pub@demo.test'").run();
});

describe("a scheduled publish", () => {
  it("records the newest pending draft and publishes exactly it, not an editor's later draft", async () => {
    const id = await newPage({ title: "Before" });
    const pub = await signIn("pub@demo.test");
    const ed = await signIn("ed@demo.test");
    const chosen = await saveDraft(pub, id, "SCHEDULED");
    const plan = await schedule(pub, id);
    expect(plan).toMatchObject({ versionId: chosen, by: "Pub" });
    const later = await saveDraft(ed, id, "EDITOR-DRAFT-AFTER-SCHEDULE");
    await firePublishNow(room(id));
    // The editor's draft is still pending, resumed in edit mode, and not what visitors see.
    await expectPublishedOnly(pub, id, { title: "SCHEDULED", pointer: chosen }, later);
  });

  it("is cancelled, and editors are told, when its publisher was demoted and signed out before it fired", async () => {
    const id = await newPage({ title: "Before" });
    const dee = await signIn("demoted@demo.test");
    await saveDraft(dee, id, "WOULD-BE-PUBLISHED");
    const plan = await schedule(dee, id);
    const watcher = await connect(id, editor("ann"));
    await env.DB.prepare("UPDATE editors SET role = 'editor' WHERE email = 'demoted@demo.test'").run();
    await exports.default.fetch(`${SITE}/api/cms/session`, { method: "DELETE", headers: { cookie: dee, origin: SITE } });
    await firePublishNow(room(id));
    expect(await live(id)).toEqual({ title: "Before", pointer: null });
    await until(() => watcher.events.some((e) => e.type === "schedule-cancelled"));
    expect(plan.by).toBe("Dee");
    expect(watcher.events).toContainEqual({ type: "schedule-cancelled", at: expect.any(String), versionId: plan.versionId, reason: "Dee no longer has the publish right" });
    expect(watcher.events).toContainEqual({ type: "scheduled", at: null });
    expect(await scheduled(await signIn("pub@demo.test"), id)).toBeNull();
    watcher.close();
  });

  it("is cancelled, and editors are told, when the page left its publisher's scope before it fired", async () => {
    const id = await newPage({ title: "Before" });
    const rae = await signIn("rescoped@demo.test");
    await saveDraft(rae, id, "WOULD-BE-PUBLISHED");
    const plan = await schedule(rae, id);
    const watcher = await connect(id, editor("ann"));
    await env.DB.prepare(`UPDATE editors SET scopes = '{"paths":["/blog-"]}' WHERE email = 'rescoped@demo.test'`).run();
    await firePublishNow(room(id));
    expect(await live(id)).toEqual({ title: "Before", pointer: null });
    await until(() => watcher.events.some((e) => e.type === "schedule-cancelled"));
    expect(watcher.events).toContainEqual({ type: "schedule-cancelled", at: expect.any(String), versionId: plan.versionId, reason: "this page is outside Rae's scope now" });
    watcher.close();
  });

  it("fires still when its publisher only signed out", async () => {
    const id = await newPage({ title: "Before" });
    const pub = await signIn("pub@demo.test");
    const chosen = await saveDraft(pub, id, "AFTER-SIGN-OUT");
    await schedule(pub, id);
    await exports.default.fetch(`${SITE}/api/cms/session`, { method: "DELETE", headers: { cookie: pub, origin: SITE } });
    await firePublishNow(room(id));
    expect(await live(id)).toEqual({ title: "AFTER-SIGN-OUT", pointer: chosen });
  });

  it("fires exactly once when a kill fell between the D1 publish and clearing its timer", async () => {
    const id = await newPage({ title: "Before" });
    const pub = await signIn("pub@demo.test");
    const chosen = await saveDraft(pub, id, "ONCE");
    await schedule(pub, id);
    // The D1 publish committed, the room died before it cleared the timer; then an editor wrote on.
    await applyPublish(env, deps, { ...editor("pub", true) }, id, { versionId: chosen });
    const later = await saveDraft(await signIn("ed@demo.test"), id, "LATER");
    await firePublishNow(room(id));
    await firePublishNow(room(id));
    await expectPublishedOnly(pub, id, { title: "ONCE", pointer: chosen }, later);
  });

  it("with nothing pending records the live version, so an editor's later draft does not go live", async () => {
    const id = await newPage({ title: "Before" });
    const pub = await signIn("pub@demo.test");
    const live1 = await saveDraft(pub, id, "LIVE");
    expect((await exports.default.fetch(`${SITE}/api/cms/pages/${id}/publish`, { method: "POST", headers: json(pub), body: "{}" })).status).toBe(200);
    expect(await schedule(pub, id)).toMatchObject({ versionId: live1 });
    const later = await saveDraft(await signIn("ed@demo.test"), id, "EDITOR-DRAFT-AFTER-SCHEDULE");
    await firePublishNow(room(id));
    await expectPublishedOnly(pub, id, { title: "LIVE", pointer: live1 }, later);
  });

  it("is cancelled when a newer version was published by hand meanwhile, and refuses a page with no version", async () => {
    const id = await newPage({ title: "Before" });
    const pub = await signIn("pub@demo.test");
    const none = await exports.default.fetch(`${SITE}/api/cms/pages/${id}/publish`, {
      method: "POST",
      headers: json(pub),
      body: JSON.stringify({ at: new Date(Date.now() + 60_000).toISOString() }),
    });
    expect(none.status).toBe(409);
    await saveDraft(pub, id, "OLD");
    await schedule(pub, id);
    const newer = await saveDraft(pub, id, "NEWER");
    expect((await exports.default.fetch(`${SITE}/api/cms/pages/${id}/publish`, { method: "POST", headers: json(pub), body: JSON.stringify({ versionId: newer }) })).status).toBe(200);
    await firePublishNow(room(id));
    expect(await live(id)).toEqual({ title: "NEWER", pointer: newer });
  });
});
