import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPublishRight, isSessionLive } from "../../src/auth/resolve-editor";
import { flushUnflushedRooms } from "../../src/objects/room-client";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { roomCollections } from "../../src/site/room-deps";
import { connect, editor, newestDraft, newPage, TEST_LIMITS, until } from "./room-client";
import { seedDemoEditors } from "../site/demo-helpers";

/*
 * Durable Objects cannot be listed, so a room with acknowledged edits D1 lacks lists itself in
 * `unflushed_rooms` before it acknowledges them; `flushUnflushedRooms` (what an export runs first)
 * flushes every listed room. The settle window here is far longer than the test, so only that
 * flush can bring the edits into D1.
 */
const configure = (settleMs: number, maxWaitMs: number) =>
  siteCms.PageRoom.configure<SiteEnv>({ collections: roomCollections, limits: { ...TEST_LIMITS, settleMs, maxWaitMs }, isSessionLive, hasPublishRight });

beforeAll(async () => {
  configure(60_000, 120_000);
  await seedDemoEditors();
});
// Files share one isolate: put back the limits the other room tests expect.
afterAll(() => configure(TEST_LIMITS.settleMs!, TEST_LIMITS.maxWaitMs!));

const listed = async () => (await env.DB.prepare(`SELECT room FROM unflushed_rooms ORDER BY room`).all<{ room: string }>()).results.map(({ room }) => room);

describe("rooms with unflushed edits", () => {
  it("a room is listed by the time its editor is acknowledged, and flushUnflushedRooms writes every listed room's edits", async () => {
    const first = await newPage({ title: "One" });
    const second = await newPage({ title: "Two" });
    const ann = await connect(first, editor("ann"));
    const bob = await connect(second, editor("bob"));
    ann.doc.getText("title").insert(0, "Typed ");
    bob.doc.getText("title").insert(0, "Also ");
    await until(() => ann.acknowledged() && bob.acknowledged());
    expect(await listed()).toEqual([`pages:${first}`, `pages:${second}`].sort());
    expect((await newestDraft(first))?.title).not.toBe("Typed One");

    expect(await flushUnflushedRooms(env)).toBe(2);
    expect((await newestDraft(first))?.title).toBe("Typed One");
    expect((await newestDraft(second))?.title).toBe("Also Two");
    await until(async () => (await listed()).length === 0);
    expect(await flushUnflushedRooms(env)).toBe(0);
    ann.close();
    bob.close();
  });

  it("a listed room whose record is gone is taken off the list", async () => {
    await env.DB.prepare(`INSERT INTO unflushed_rooms (room, dirty_since) VALUES ('pages:999999', 1)`).run();
    expect(await flushUnflushedRooms(env)).toBe(1);
    expect(await listed()).toEqual([]);
  });
});
