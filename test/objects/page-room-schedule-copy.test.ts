import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { setDefaultLogSink, type LogLine } from "../../src/shared/request-log";
import type { PageRoom } from "../../src/objects/PageRoom";
import { rearmRoomSchedule, roomDraftWriter } from "../../src/objects/room-client";
import { connect, editor, firePublishNow, newPage, storedPublisher, until } from "./room-client";

/*
 * A room's pending scheduled publish has a D1 copy (`scheduled_publishes`), so an export carries it
 * and an imported site (rooms without storage) arms it again; D1 decides when the two differ.
 */
const writer = roomDraftWriter(env.PAGE_ROOM, "pages");

function stub(id: number) {
  return env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
}

interface Row {
  version_id: number | null;
  at: number;
  restore: number;
  scheduler: string;
}

const rowOf = (id: number) => env.DB.prepare(`SELECT version_id, at, restore, scheduler FROM scheduled_publishes WHERE room = ?1`).bind(`pages:${id}`).first<Row>();
const live = (id: number) => env.DB.prepare("SELECT title, published_version_id AS pointer FROM pages WHERE id = ?1").bind(id).first<{ title: string; pointer: number | null }>();
const timerOf = (id: number) =>
  runInDurableObject(stub(id), (_instance: PageRoom, state) => state.storage.sql.exec<{ at: number }>("SELECT at FROM room_timers WHERE kind = 'publish'").toArray()[0]?.at ?? null);

describe("PageRoom: the D1 copy of a scheduled publish", () => {
  it("is written when the schedule is set, deleted when it is cancelled and when it fires", async () => {
    const id = await newPage();
    const pat = { ...(await storedPublisher("pat")), sessionId: "sign-in-never-stored" };
    const { versionId } = await writer.applySaveDraft(pat, id, { title: "Scheduled" });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await writer.schedulePublish(pat, id, { at });
    const row = await rowOf(id);
    expect(row).toMatchObject({ version_id: versionId, at: Date.parse(at), restore: 0 });
    const scheduler = JSON.parse(row!.scheduler) as Record<string, unknown>;
    expect(scheduler).toMatchObject({ id: pat.id, name: "pat", access: { publish: true } });
    expect(scheduler).not.toHaveProperty("sessionId");

    expect(await writer.cancelScheduledPublish(pat, id)).toEqual({ cancelled: true });
    expect(await rowOf(id)).toBeNull();

    await writer.schedulePublish(pat, id, { at });
    expect(await rowOf(id)).not.toBeNull();
    // Due now, in D1 and in the room alike.
    await env.DB.prepare(`UPDATE scheduled_publishes SET at = ?1 WHERE room = ?2`).bind(Date.now() - 1, `pages:${id}`).run();
    await firePublishNow(stub(id));
    expect(await live(id)).toEqual({ title: "Scheduled", pointer: versionId });
    expect(await rowOf(id)).toBeNull();
    expect(await writer.scheduledPublish(id)).toBeNull();
  });

  /** A page with a draft version whose room has no storage, as in a fresh deployment an archive was imported into, and a D1 row scheduling that version at `at`. */
  async function importedSchedule(title: string, at: number) {
    const id = await newPage();
    const pat = await storedPublisher("pat");
    const { versionId } = await writer.applySaveDraft(pat, id, { title });
    await runInDurableObject(stub(id), async (_instance: PageRoom, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
    await abortAllDurableObjects();
    await env.DB.prepare(`INSERT INTO scheduled_publishes (room, version_id, at, restore, scheduler) VALUES (?1, ?2, ?3, 0, ?4)`)
      .bind(`pages:${id}`, versionId, at, JSON.stringify({ id: pat.id, email: pat.email, name: "pat", roles: pat.roles, access: pat.access }))
      .run();
    return { id, versionId };
  }

  it("a room started with only the D1 row (an imported site) arms it", async () => {
    const at = Date.now() + 3_600_000;
    const { id, versionId } = await importedSchedule("Imported schedule", at);
    expect(await writer.scheduledPublish(id)).toEqual({ at: new Date(at).toISOString(), versionId, by: "pat" });
    expect(await timerOf(id)).toBe(at);
    expect((await live(id))?.pointer).toBeNull();
  });

  it("a room started with only the D1 row whose time passed while the site was down publishes at once", async () => {
    const { id, versionId } = await importedSchedule("Imported schedule", Date.now() - 60_000);
    // Any request starts the room. Its answer is not checked: the alarm, pointed at a time already
    // past, runs at once and may have published before the room answers.
    await writer.scheduledPublish(id);
    await until(async () => (await live(id))?.pointer === versionId);
    expect((await live(id))?.title).toBe("Imported schedule");
    await until(async () => (await rowOf(id)) === null);
    expect(await timerOf(id)).toBeNull();
  });

  it("a timer whose D1 row is gone (an import replaced the site) is dropped at its alarm, not fired", async () => {
    const id = await newPage({ title: "Kept" });
    const pat = await storedPublisher("pat");
    await writer.applySaveDraft(pat, id, { title: "Never live" });
    await writer.schedulePublish(pat, id, { at: new Date(Date.now() + 3_600_000).toISOString() });
    // An import replaced the site with one that has no schedule for this page.
    await env.DB.prepare(`DELETE FROM scheduled_publishes WHERE room = ?1`).bind(`pages:${id}`).run();
    await firePublishNow(stub(id));
    expect((await live(id))?.pointer).toBeNull();
    expect(await writer.scheduledPublish(id)).toBeNull();
  });

  it("a timer set before D1 kept copies gets its row when the room is asked to re-arm", async () => {
    const id = await newPage();
    const pat = await storedPublisher("pat");
    const { versionId } = await writer.applySaveDraft(pat, id, { title: "Older schedule" });
    const at = Date.now() + 3_600_000;
    await writer.schedulePublish(pat, id, { at: new Date(at).toISOString() });
    // What an older package stored: the timer alone, not marked as copied to D1.
    await env.DB.prepare(`DELETE FROM scheduled_publishes WHERE room = ?1`).bind(`pages:${id}`).run();
    await runInDurableObject(stub(id), (_instance: PageRoom, state) => {
      state.storage.sql.exec("UPDATE room_timers SET data = json_remove(data, '$.mirrored') WHERE kind = 'publish'");
    });
    await abortAllDurableObjects();
    expect(await rearmRoomSchedule(env, `pages:${id}`)).toEqual({ at: new Date(at).toISOString(), versionId, by: "pat" });
    expect(await rowOf(id)).toMatchObject({ version_id: versionId, at });
  });

  it("a room starts and edits when its schedule's D1 copy cannot be read (a site whose migrations lag), logging why", async () => {
    const id = await newPage({ title: "Still editable" });
    const logged: LogLine[] = [];
    setDefaultLogSink((line) => logged.push(line));
    await env.DB.prepare(`ALTER TABLE scheduled_publishes RENAME TO scheduled_publishes_away`).run();
    try {
      const ann = await connect(id, editor("ann"));
      expect(ann.text("title")).toBe("Still editable");
      ann.close();
    } finally {
      await env.DB.prepare(`ALTER TABLE scheduled_publishes_away RENAME TO scheduled_publishes`).run();
      setDefaultLogSink(null);
    }
    expect(logged.map((line) => [line.level, line.action])).toContainEqual(["error", "room.schedule"]);
  });
});
