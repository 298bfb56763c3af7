import { env, exports } from "cloudflare:workers";
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasPublishRight, isSessionLive } from "../../src/auth/resolve-editor";
import type { PageRoom } from "../../src/objects/PageRoom";
import type { RoomLimits } from "../../src/objects/room-config";
import { HttpError } from "../../src/shared/errors";
import { encodeEditorHeader, ROOM_EDITOR_HEADER } from "../../src/shared/room-identity";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { roomCollections } from "../../src/site/room-deps";
import { connect, editor, newPage, TEST_LIMITS, until, withVersion, YClient } from "./room-client";
import { seedDemoEditors, signIn, SITE } from "../site/demo-helpers";

/*
 * A record deleted while its room holds edits D1 has not seen yet: the room must tell its editors,
 * acknowledge nothing more, stop its alarm and forget its storage, whether the delete told it or
 * its own draft write found the record gone.
 */
const configure = (limits: Partial<RoomLimits>) =>
  siteCms.PageRoom.configure<SiteEnv>({ collections: roomCollections, limits: { ...TEST_LIMITS, ...limits }, isSessionLive, hasPublishRight });

// A settle window longer than any test: the typed draft is still unwritten when the page goes.
const UNSETTLED = { settleMs: 60_000, maxWaitMs: 120_000 };

beforeAll(async () => {
  configure(UNSETTLED);
  await seedDemoEditors();
});
afterEach(() => configure(UNSETTLED));
// Files share one isolate: put back the limits the other room tests expect.
afterAll(() => configure({}));

function stub(id: number) {
  return env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
}

/** The room's alarm and the tables its storage holds. */
function storageOf(id: number) {
  return runInDurableObject(stub(id), async (_instance: PageRoom, state) => ({
    alarm: await state.storage.getAlarm(),
    tables: state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'room_%'")
      .toArray()
      .map((row) => row.name),
  }));
}

async function deletePage(id: number): Promise<Response> {
  const cookie = await signIn("pub@demo.test");
  return exports.default.fetch(`${SITE}/api/cms/pages/${id}`, { method: "DELETE", headers: { cookie, origin: SITE } });
}

/** Deletes the record straight from D1, as a path that does not tell the room would. */
async function deleteBehindTheRoom(id: number): Promise<void> {
  await env.DB.batch([env.DB.prepare("DELETE FROM pages_versions WHERE parent_id = ?1").bind(id), env.DB.prepare("DELETE FROM pages WHERE id = ?1").bind(id)]);
}

/** Types into the title and waits for the acknowledgement: the room has a dirty mark and a settle timer. */
async function typeUnsettled(client: YClient, text: string): Promise<void> {
  client.doc.getText("title").insert(0, text);
  await until(() => client.acknowledged());
}

describe("PageRoom: a deleted record", () => {
  it("DELETE tells the room: its editors are closed with 4404, its alarm is gone and its storage empty", async () => {
    const id = await newPage({ title: "Doomed" });
    const ann = await connect(id, editor("ann"));
    await typeUnsettled(ann, "Unwritten ");
    expect((await storageOf(id)).alarm).not.toBeNull();
    expect((await deletePage(id)).status).toBe(204);
    await until(() => ann.closed !== null);
    expect(ann.closed).toEqual({ code: ROOM_CLOSE.NOT_FOUND, reason: `page ${id} was deleted` });
    expect(await storageOf(id)).toEqual({ alarm: null, tables: [] });
    // A connection that reaches the room itself (not through the gate, which answers 404) is refused the same way.
    const upgrade = new Request(SITE + withVersion(`/parties/page-room/pages:${id}`), {
      headers: { upgrade: "websocket", origin: SITE, [ROOM_EDITOR_HEADER]: encodeEditorHeader(editor("bob")), "x-partykit-room": `pages:${id}` },
    });
    const response = await stub(id).fetch(upgrade);
    const bob = new YClient(response.webSocket!, false);
    await until(() => bob.closed !== null);
    expect(bob.closed?.code).toBe(ROOM_CLOSE.NOT_FOUND);
    expect(await storageOf(id)).toEqual({ alarm: null, tables: [] });
  });

  it("an update the room had not stored when the record was deleted is never acknowledged", async () => {
    // Commits far apart: the update is broadcast, but its commit (and acknowledgement) would come
    // later. Every alarm commits too, so the idle and heartbeat checks are put off as well: at the
    // tests' 300 ms they came before the delete on a busy machine.
    configure({ ...UNSETTLED, commitDelayMs: 60_000, handshakeMs: 60_000, presenceTimeoutMs: 60_000, heartbeatTimeoutMs: 60_000 });
    const id = await newPage({ title: "Doomed" });
    const ann = await connect(id, editor("ann"));
    const bob = await connect(id, editor("bob"));
    ann.doc.getText("title").insert(0, "Lost ");
    await until(() => bob.text("title") === "Lost Doomed");
    expect(ann.acknowledged()).toBe(false);
    expect((await deletePage(id)).status).toBe(204);
    await until(() => ann.closed !== null && bob.closed !== null);
    expect([ann.closed?.code, bob.closed?.code]).toEqual([ROOM_CLOSE.NOT_FOUND, ROOM_CLOSE.NOT_FOUND]);
    expect(ann.acknowledged()).toBe(false);
    expect(await storageOf(id)).toEqual({ alarm: null, tables: [] });
  });

  it("a room whose draft write finds the record gone closes its editors and forgets itself", async () => {
    configure({ settleMs: 100, maxWaitMs: 400 });
    const id = await newPage({ title: "Doomed" });
    const ann = await connect(id, editor("ann"));
    await deleteBehindTheRoom(id);
    await typeUnsettled(ann, "Typed ");
    await until(() => ann.closed !== null);
    expect(ann.closed?.code).toBe(ROOM_CLOSE.NOT_FOUND);
    await until(async () => (await storageOf(id)).tables.length === 0);
    expect(await storageOf(id)).toEqual({ alarm: null, tables: [] });
  });

  it("a restarted room with a dirty mark for a deleted record stops its alarm at the first flush", async () => {
    const id = await newPage({ title: "Doomed" });
    const ann = await connect(id, editor("ann"));
    await typeUnsettled(ann, "Typed ");
    await deleteBehindTheRoom(id);
    await abortAllDurableObjects();
    await until(() => ann.closed !== null);
    // The settle timer is due now: the restarted room's alarm flushes, and D1 answers 404.
    await runInDurableObject(stub(id), async (_instance: PageRoom, state) => {
      state.storage.sql.exec("UPDATE room_timers SET at = ?1 WHERE kind = 'settle'", Date.now());
      await state.storage.setAlarm(Date.now());
    });
    await until(async () => (await storageOf(id)).tables.length === 0);
    expect(await storageOf(id)).toEqual({ alarm: null, tables: [] });
  });
});

describe("PageRoom: a draft write that cannot succeed", () => {
  // A 404 from a site's own rule is not a deleted record: D1 still has it, so the room stays.
  it.each([403, 404])("is not retried at once: a site rule's %i (the record still there) waits for the next edit at the back-off pace", async (status) => {
    // A site's own rule may refuse a draft with any 4xx; this one refuses a title that says "forbidden".
    siteCms.PageRoom.configure<SiteEnv>({
      collections: (roomEnv) => {
        const pages = roomCollections(roomEnv).pages!;
        const validate = (snapshot: Record<string, unknown>) => {
          if (String(snapshot.title ?? "").includes("forbidden")) throw new HttpError(status, "that title is not allowed here", { code: status === 404 ? "not_found" : "forbidden" });
        };
        return { pages: { ...pages, validate } };
      },
      limits: { ...TEST_LIMITS, settleMs: 100, maxWaitMs: 400 },
      isSessionLive,
      hasPublishRight,
    });
    const id = await newPage();
    const ann = await connect(id, editor("ann"));
    await typeUnsettled(ann, "forbidden ");
    const settle = () =>
      runInDurableObject(stub(id), (_instance: PageRoom, state) => state.storage.sql.exec<{ at: number }>("SELECT at FROM room_timers WHERE kind = 'settle'").toArray()[0]?.at ?? null);
    // The flush ran and failed: its timer moved a back-off (a minute) ahead rather than staying due.
    await until(async () => ((await settle()) ?? 0) > Date.now() + 30_000);
    expect(ann.closed).toBeNull();
    expect((await storageOf(id)).tables.length).toBeGreaterThan(0);
    ann.close();
  });
});
