import { YServer } from "y-partyserver";

/**
 * The fan-out baseline: a bare y-partyserver room with hibernation, no persistence, no checks, no
 * identity. The bench routes `/parties/bare-room/<name>` to it (binding `BARE_ROOM`), so PageRoom's
 * fan-out latency is read as a ratio to this in the same worker and run.
 *
 * @example
 * // bench/worker.ts
 * export { BareRoom } from "./bare-room";
 */
export class BareRoom extends YServer {
  static override options = { hibernate: true };
}

/**
 * The durability floor: the bare room plus each update's append to the room's SQLite, issued
 * before its broadcast, so the output gate holds the broadcast until the append is durable and a
 * peer's copy always means a stored one. Nothing else: no checks, no identity, no drafts. Against
 * {@link BareRoom} it is what storing before broadcasting costs here; its fan-out is the latency of
 * one commit, against which the bench reads PageRoom's author acknowledgement (PageRoom broadcasts
 * first and acknowledges the author once its later commit is durable).
 * Routed at `/parties/durable-bare-room/<name>` (binding `DURABLE_BARE_ROOM`).
 */
export class DurableBareRoom extends YServer {
  static override options = { hibernate: true };

  override async onStart(): Promise<void> {
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS updates (seq INTEGER PRIMARY KEY, data BLOB NOT NULL)");
    // Registered before y-partyserver's own handler (added in super.onStart), so the append is
    // issued before the broadcast.
    this.document.on("update", (update: Uint8Array) => {
      this.ctx.storage.sql.exec("INSERT INTO updates (data) VALUES (?)", update.slice().buffer);
    });
    await super.onStart();
  }
}
