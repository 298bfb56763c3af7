import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPublishRight, isSessionLive } from "../../src/auth/resolve-editor";
import type { PageRoom } from "../../src/objects/PageRoom";
import { flushRoomDraft } from "../../src/objects/room-client";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { roomCollections } from "../../src/site/room-deps";
import { connect, editor, newestDraft, newPage, TEST_LIMITS, until } from "./room-client";
import { seedDemoEditors, signIn, SITE } from "../site/demo-helpers";

/*
 * A preview and a share link read the draft from D1, which the room writes only when edits
 * settle. With a settle window far longer than the test, only `flushRoomDraft` (the room's
 * `flushDraft` RPC) can bring a live edit into D1 in time.
 */
const configure = (settleMs: number, maxWaitMs: number) =>
  siteCms.PageRoom.configure<SiteEnv>({ collections: roomCollections, limits: { ...TEST_LIMITS, settleMs, maxWaitMs }, isSessionLive, hasPublishRight });

beforeAll(async () => {
  configure(60_000, 120_000);
  await seedDemoEditors();
});
// Files share one isolate: put back the limits the other room tests expect.
afterAll(() => configure(TEST_LIMITS.settleMs!, TEST_LIMITS.maxWaitMs!));

describe("the room's draft flush before a draft read", () => {
  it("flushRoomDraft writes an acknowledged live edit that has not settled, and does nothing more when D1 has it", async () => {
    const id = await newPage({ title: "Before" });
    const ann = await connect(id, editor("ann"));
    ann.doc.getText("title").insert(0, "Typed ");
    await until(() => ann.acknowledged());
    expect((await newestDraft(id))?.title).not.toBe("Typed Before");
    await flushRoomDraft(env, "pages", id);
    expect((await newestDraft(id))?.title).toBe("Typed Before");
    const versions = await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>();
    await flushRoomDraft(env, "pages", id);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>()).toEqual(versions);
    ann.close();
  });

  it("an editor's ?cms-view=draft and a share link show the live edit at once", async () => {
    const id = await newPage({ title: "Shared" });
    const slug = (await env.DB.prepare("SELECT slug FROM pages WHERE id = ?1").bind(id).first<{ slug: string }>())!.slug;
    const ann = await connect(id, editor("ann"));
    ann.doc.getText("title").insert(0, "Live ");
    await until(() => ann.acknowledged());
    const pub = await signIn("pub@demo.test");
    const preview = await (await exports.default.fetch(`${SITE}/${slug}?cms-view=draft`, { headers: { cookie: pub } })).text();
    expect(preview).toContain("<h1>Live Shared</h1>");
    ann.doc.getText("title").insert(0, "More ");
    await until(() => ann.acknowledged());
    const link = await (
      await exports.default.fetch(`${SITE}/api/cms/share-links`, { method: "POST", headers: { cookie: pub, origin: SITE, "content-type": "application/json" }, body: JSON.stringify({ id }) })
    ).json<{ url: string }>();
    expect(await (await exports.default.fetch(link.url)).text()).toContain("<h1>More Live Shared</h1>");
    ann.close();
  });

  it("a write that leaves nothing due leaves no alarm behind, so the room is not woken for a settle already done", async () => {
    const id = await newPage({ title: "Quiet" });
    const res = await exports.default.fetch(`${SITE}/api/cms/pages/${id}/versions`, {
      method: "POST",
      headers: { cookie: await signIn("ed@demo.test"), origin: SITE, "content-type": "application/json" },
      body: JSON.stringify({ title: "Written" }),
    });
    expect(res.status).toBe(201);
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
    const left = await runInDurableObject(room, async (_instance: PageRoom, state) => ({
      timers: state.storage.sql.exec("SELECT kind FROM room_timers").toArray(),
      alarm: await state.storage.getAlarm(),
    }));
    expect(left).toEqual({ timers: [], alarm: null });
  });
});
