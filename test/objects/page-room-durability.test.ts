import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { PageRoom } from "../../src/objects/PageRoom";
import { cancelScheduleRequest, publishRequest } from "../../src/cores/drafts";
import { roomDraftWriter } from "../../src/objects/room-client";
import { RoomStore } from "../../src/objects/room-store";
import { connect, editor, firePublishNow, newPage, storedPublisher, until } from "./room-client";

const writer = roomDraftWriter(env.PAGE_ROOM, "pages");
const pat = editor("pat", true);

function stub(id: number) {
  return env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
}

/** Drops every room's in-memory state (as an eviction does); the next request starts a new instance over the same storage. */
async function restart(): Promise<void> {
  await abortAllDurableObjects();
}

function storedBytes(state: DurableObjectState): number {
  return state.storage.sql.exec<{ n: number }>("SELECT COALESCE(SUM(length(data)), 0) AS n FROM room_updates").one().n;
}

describe("PageRoom: durability", () => {
  it("a restarted room reloads every acknowledged edit", async () => {
    const id = await newPage({ title: "" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    a.doc.getText("title").insert(0, "kept");
    b.doc.getXmlFragment("body").insert(0, [new Y.XmlElement("paragraph")]);
    await until(() => b.text("title") === "kept" && a.doc.getXmlFragment("body").length === 2);
    // Acknowledged means the author was told: a peer having it is not enough.
    await until(() => a.acknowledged() && b.acknowledged());
    await restart();
    await until(() => a.closed !== null);
    const c = await connect(id, editor("cy"));
    expect(c.text("title")).toBe("kept");
    expect(c.doc.getXmlFragment("body").length).toBe(2);
    c.close();
  });

  it("a room whose stored state is corrupt closes connections instead of serving an empty document", async () => {
    const id = await newPage({ title: "Stored" });
    const a = await connect(id, editor("ann"));
    a.close();
    await runInDurableObject(stub(id), async (_instance: PageRoom, state) => {
      state.storage.sql.exec("INSERT INTO room_updates (kind, data) VALUES ('update', ?)", new Uint8Array([9, 9, 9, 9]).buffer);
      // No timer may fire on the broken room after this test (its alarm would retry, and log, forever).
      state.storage.sql.exec("DELETE FROM room_timers");
      await state.storage.deleteAlarm();
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await restart();
    const b = await connect(id, editor("bob"), { sync: false });
    await until(() => b.closed !== null);
    expect(b.closed?.code).toBe(1011);
    expect(logged).toHaveBeenCalledWith("page room: load failed", expect.any(Error));
    logged.mockRestore();
    const rows = await runInDurableObject(stub(id), (_instance: PageRoom, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM room_updates").one().n);
    expect(rows).toBe(2); // nothing overwritten
  });

  it("stored bytes stay within twice the compacted document over many edits", async () => {
    const id = await newPage({ title: "" });
    const a = await connect(id, editor("ann"));
    const text = a.doc.getText("title");
    // A growing document: whenever the test looks, the last compaction was of a smaller document,
    // so the 2× rule must hold exactly (shrinking documents are covered below).
    for (let i = 0; i < 300; i++) text.insert(text.length, "ab");
    const b = await connect(id, editor("bob"));
    await until(() => b.text("title") === a.text("title"));
    const [stored, compacted] = await runInDurableObject(stub(id), (instance: PageRoom, state) => [storedBytes(state), Y.encodeStateAsUpdate(instance.document).byteLength]);
    expect(a.closed).toBeNull();
    expect(stored).toBeLessThanOrEqual(2 * compacted);
    a.close();
    b.close();
  });
});

describe("RoomStore: compaction", () => {
  it("measures the document again after it shrinks, so a stale yardstick cannot let the log grow", async () => {
    const id = await newPage();
    const counts = await runInDurableObject(stub(id), (_instance: PageRoom, state) => {
      // A store of its own in a fresh table space: the room's timers and flushes play no part here.
      state.storage.sql.exec("DROP TABLE IF EXISTS room_updates");
      const store = new RoomStore(state.storage);
      const doc = new Y.Doc();
      doc.on("update", (update: Uint8Array) => store.append([update], doc));
      const text = doc.getText("t");
      text.insert(0, "x".repeat(20_000));
      store.compact(doc);
      text.delete(0, 20_000); // the document is now tiny, the last compaction was large
      for (let i = 0; i < 400; i++) text.insert(text.length, "ab");
      return { stored: store.storedBytes(), compacted: Y.encodeStateAsUpdate(doc).byteLength };
    });
    expect(counts.stored).toBeLessThanOrEqual(2 * counts.compacted);
  });

  it("stores one update bigger than a row allows (held-back updates integrate as one) and loads it back whole", async () => {
    const id = await newPage();
    const loaded = await runInDurableObject(stub(id), (_instance: PageRoom, state) => {
      state.storage.sql.exec("DROP TABLE IF EXISTS room_updates");
      const store = new RoomStore(state.storage);
      const doc = new Y.Doc();
      doc.on("update", (update: Uint8Array) => store.append([update], doc));
      doc.getText("t").insert(0, "big ".repeat(750_000));
      const again = new Y.Doc();
      new RoomStore(state.storage).loadInto(again, null);
      return again.getText("t").length;
    });
    expect(loaded).toBe(3_000_000);
  });
});

describe("PageRoom: scheduled publish", () => {
  it("fires once at its time, even across a restart, and can be read back", async () => {
    const id = await newPage();
    const pat = await storedPublisher("pat");
    const { versionId } = await writer.applySaveDraft(pat, id, { title: "Scheduled" });
    const at = new Date(Date.now() + 60_000).toISOString();
    const scheduled = await writer.schedulePublish(pat, id, { at });
    expect(scheduled).toEqual({ at, versionId, by: "pat" });
    expect(await writer.scheduledPublish(id)).toEqual(scheduled);
    await restart();
    expect(await writer.scheduledPublish(id)).toEqual(scheduled);
    // Make it due now, then let the alarm run twice.
    await firePublishNow(stub(id));
    await runDurableObjectAlarm(stub(id));
    const live = await env.DB.prepare("SELECT title, published_version_id AS pointer FROM pages WHERE id = ?1").bind(id).first<{ title: string; pointer: number }>();
    expect(live?.title).toBe("Scheduled");
    const published = await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions WHERE parent_id = ?1 AND status = 'published'").bind(id).first<{ n: number }>();
    expect(published?.n).toBe(1);
    expect(await writer.scheduledPublish(id)).toBeNull();
  });

  it("can be cancelled, and needs the publish privilege (checked by the request cores every entry calls)", async () => {
    const id = await newPage();
    const a = await connect(id, editor("ann"));
    await expect(publishRequest(writer, editor("ed"), id, { at: new Date().toISOString() })).rejects.toMatchObject({ status: 403 });
    await expect(cancelScheduleRequest(writer, editor("ed"), id)).rejects.toMatchObject({ status: 403 });
    await expect(writer.schedulePublish(pat, id, { at: "tomorrow" })).rejects.toMatchObject({ status: 400 });
    await writer.applySaveDraft(pat, id, { title: "Soon" });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await writer.schedulePublish(pat, id, { at });
    await until(() => a.events.some((e) => e.type === "scheduled" && e.at === at));
    expect(await writer.cancelScheduledPublish(pat, id)).toEqual({ cancelled: true });
    await until(() => a.events.some((e) => e.type === "scheduled" && e.at === null));
    expect(await writer.scheduledPublish(id)).toBeNull();
    a.close();
  });
});
