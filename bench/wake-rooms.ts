import { YServer } from "y-partyserver";
import * as Y from "yjs";
import { RoomStore } from "../src/objects/room-store";
import { PageRoom } from "../src/worker";
import { countingD1, type RoundTrips } from "./d1-round-trips";

/*
 * Every D1 round trip the wake page rooms of this isolate have made (session rechecks, draft
 * writes): a plain number, shared because the local runtime runs all of a class's objects in one
 * isolate, so `site-1000-rooms` reads the whole runtime's D1 rate from any one room.
 */
const ROOM_TRIPS: RoundTrips = { count: 0 };
/* Every alarm the wake page rooms of this isolate have run: each is a wake of its room. */
const ROOM_ALARMS = { count: 0 };

/** What a seeded room stored, so the bench can check both rooms hold the same bytes and a log. */
export interface SeedResult {
  storedBytes: number;
  compactedBytes: number;
  /** True when rows beyond the snapshot were kept (the 2× rule did not compact them away). */
  logged: boolean;
}

/* Both rooms start their seed from nothing: no rows, no alarm left over from an earlier run. */
async function wipe(storage: DurableObjectStorage): Promise<void> {
  await storage.deleteAlarm();
  await storage.deleteAll();
}

/**
 * The page room of the wake and memory scenarios: PageRoom unchanged (bound as `WAKE_PAGE_ROOM`,
 * gated by the same `roomRoute`), plus bench-only RPCs. Seeding goes through the room's own
 * `RoomStore` (snapshot by `compact`, then each update by `append`), so the rows are exactly those
 * an editor's typing would have left; a separate class keeps the other scenarios on the stock
 * `PAGE_ROOM`.
 *
 * @example
 * await env.WAKE_PAGE_ROOM.get(env.WAKE_PAGE_ROOM.idFromName("pages:9")).seedState(snapshot, updates);
 */
export class WakePageRoom extends PageRoom {
  /** Wall time this instance was built: a "cold" wake served by an older instance is no wake. */
  readonly #bornAt = Date.now();

  constructor(ctx: DurableObjectState, env: ConstructorParameters<typeof PageRoom>[1]) {
    super(ctx, { ...env, DB: countingD1(env.DB, ROOM_TRIPS) });
  }

  /** D1 round trips of every wake page room in this isolate so far. */
  d1Trips(): number {
    return ROOM_TRIPS.count;
  }

  /** Alarms every wake page room in this isolate has run so far (each one wakes its room). */
  alarms(): number {
    return ROOM_ALARMS.count;
  }

  override async onAlarm(): Promise<void> {
    ROOM_ALARMS.count += 1;
    return super.onAlarm();
  }

  /** Replaces the stored state with `snapshot` and then `updates` as logged rows. Evict afterwards. */
  async seedState(snapshot: Uint8Array, updates: Uint8Array[]): Promise<SeedResult> {
    await wipe(this.ctx.storage);
    const store = new RoomStore(this.ctx.storage);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, snapshot);
    store.compact(doc);
    for (const update of updates) {
      Y.applyUpdate(doc, update);
      store.append([update], doc);
    }
    return { storedBytes: store.storedBytes(), compactedBytes: Y.encodeStateAsUpdate(doc).byteLength, logged: store.hasLog() };
  }

  /** Drops the object from memory (documented `ctx.abort()`); the next request builds it anew from storage. */
  evict(): void {
    this.ctx.abort("bench: evicted");
  }

  /**
   * Cancels the pending alarm (the idle check a connect sets, 15 s on): left alone, it would wake
   * this room, document and all, in whatever runtime a later round measures.
   */
  async silence(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
  }

  bornAt(): number {
    return this.#bornAt;
  }

  /**
   * The live document's state vector (encoded) and whether it holds updates back: with its two
   * editors' own, it tells an update the room never took from one it took and did not pass on.
   */
  documentState(): { stateVector: Uint8Array; pending: boolean } {
    return { stateVector: Y.encodeStateVector(this.document), pending: this.document.store.pendingStructs !== null };
  }
}

/**
 * The wake baseline: a bare y-partyserver room that loads its document from its own SQLite the
 * simplest way (the snapshot as one blob, then each logged update, applied in one transaction) and
 * does nothing else: no identity, no checks, no draft writer. Nothing is persisted after load, as
 * the scenarios that use it only read.
 *
 * @example
 * await env.WAKE_BARE_ROOM.get(env.WAKE_BARE_ROOM.idFromName("wake")).seedState(snapshot, updates);
 */
export class WakeBareRoom extends YServer {
  static override options = { hibernate: true };
  readonly #bornAt = Date.now();

  override async onLoad(): Promise<void> {
    const rows = this.#table().exec<{ data: ArrayBuffer }>("SELECT data FROM bare_state ORDER BY seq").toArray();
    Y.transact(this.document, () => {
      for (const row of rows) Y.applyUpdate(this.document, new Uint8Array(row.data));
    });
  }

  async seedState(snapshot: Uint8Array, updates: Uint8Array[]): Promise<SeedResult> {
    await wipe(this.ctx.storage);
    const sql = this.#table();
    let storedBytes = 0;
    for (const bytes of [snapshot, ...updates]) {
      sql.exec("INSERT INTO bare_state (data) VALUES (?)", bytes.slice().buffer);
      storedBytes += bytes.byteLength;
    }
    const doc = new Y.Doc();
    Y.transact(doc, () => [snapshot, ...updates].forEach((bytes) => Y.applyUpdate(doc, bytes)));
    return { storedBytes, compactedBytes: Y.encodeStateAsUpdate(doc).byteLength, logged: updates.length > 0 };
  }

  evict(): void {
    this.ctx.abort("bench: evicted");
  }

  bornAt(): number {
    return this.#bornAt;
  }

  #table(): SqlStorage {
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS bare_state (seq INTEGER PRIMARY KEY AUTOINCREMENT, data BLOB NOT NULL)");
    return this.ctx.storage.sql;
  }
}
