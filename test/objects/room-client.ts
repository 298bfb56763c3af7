import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import { insertRow } from "../../src/cores/pages/page-store";
import { tableMeta } from "../../src/cores/table-meta";
import { currentAccess, isSessionLive } from "../../src/auth/resolve-editor";
import { siteCms } from "../../src/site/cms";
import type { RoomLimits } from "../../src/objects/room-config";
import { ROOM_PROTOCOL_VERSION, ROOM_VERSION_PARAM, type RoomEvent } from "../../src/shared/room-protocol";
import { orderedItems, POSITION_KEY } from "../../src/shared/entry-order";
import { UpdateAcks } from "../../src/shared/room-acks";
import { roomRoute } from "../../src/routes/room-route";
import { awarenessClocks } from "../../src/objects/room-wire";
import type { SiteEnv } from "../../src/site/env";
import { roomCollections } from "../../src/site/room-deps";
import { pages } from "../../src/tables/pages";
import type { EditorSession } from "../../src/shared/session";
import { SITE } from "../helpers/http";
import { closeLine, openLine, sentOn } from "./frame-order";

export { withoutIds } from "../helpers/entry-ids";

/**
 * Room timings for tests: short enough to watch a settle window pass. The handshake window stays
 * wide: on a busy machine a client's first frame can reach the room after a 300 ms window's alarm
 * (one CI run closed a joining client with 4408 so); the test of that close narrows it itself.
 */
export const TEST_LIMITS: Partial<RoomLimits> = { settleMs: 150, maxWaitMs: 600, handshakeMs: 5_000, retryMs: 200, heartbeatTimeoutMs: 300 };

/** Configures the site's room class with `TEST_LIMITS` and `limits` over them (rooms made after it use them). */
export function configureRoom(limits: Partial<RoomLimits> = {}): void {
  siteCms.PageRoom.configure<SiteEnv>({ collections: roomCollections, limits: { ...TEST_LIMITS, ...limits }, isSessionLive, publishAccess: currentAccess });
}

// The same session and publish-access checks the site configures (test sessions here carry no
// sessionId, so they are never rechecked; a scheduled publish needs a stored publisher, see
// `storedPublisher`); files share one isolate, so whichever configure runs last must keep them.
// The worker's PageRoom is the site's configured subclass: it is the one bound to PAGE_ROOM.
configureRoom();

/** An editor for tests; `publisher` adds `access.publish`. */
export function editor(name: string, publisher = false): EditorSession {
  return { id: `ed-${name}`, email: `${name}@example.test`, name, roles: publisher ? ["editor", "publisher"] : ["editor"], access: { publish: publisher } };
}

/** An admin (publishes too; changes settings and the menu), as a caller of the service binding declares one. */
export function admin(name: string): EditorSession {
  return { id: `ed-${name}`, email: `${name}@example.test`, name, roles: ["editor", "publisher", "admin"], access: { publish: true, admin: true } };
}

/** A publisher with an `editors` row (whose role a test may change), as the built-in sign-in would resolve them. */
export async function storedPublisher(name: string): Promise<EditorSession> {
  const row = await env.DB.prepare("INSERT INTO editors (email, name, role, password_hash) VALUES (?1, ?2, 'publisher', 'unused') RETURNING id")
    .bind(`${name}-${++counter}@example.test`, name)
    .first<{ id: number }>();
  return { ...editor(name, true), id: String(row!.id) };
}

/** Test resolver: the `x-test-session` header carries the session as JSON. */
export const rooms = roomRoute<SiteEnv>({
  resolveEditor: (request) => {
    const raw = request.headers.get("x-test-session");
    return raw ? (JSON.parse(raw) as EditorSession) : null;
  },
  collections: ["pages"],
});

const NOOP_CTX = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
let counter = 0;

/** Inserts a page and returns its id; each test gets its own page, so its own room. */
export async function newPage(fields: Record<string, unknown> = {}): Promise<number> {
  const row = await insertRow(env.DB, tableMeta(pages), { slug: `room-${Date.now().toString(36)}-${++counter}`, title: "Live title", body: "<p>Hello</p>", ...fields });
  return row.id as number;
}

/** `path` with the protocol version the current client sends, unless it names one already. */
export function withVersion(path: string): string {
  if (new URL(path, SITE).searchParams.has(ROOM_VERSION_PARAM)) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${ROOM_VERSION_PARAM}=${ROOM_PROTOCOL_VERSION}`;
}

/** The upgrade request a current browser client on the site would send (with its protocol version). */
export function upgradeRequest(path: string, session: EditorSession | null, headers: Record<string, string> = {}): Request {
  const h = new Headers({ upgrade: "websocket", origin: SITE, ...headers });
  if (session) h.set("x-test-session", JSON.stringify(session));
  return new Request(SITE + withVersion(path), { headers: h });
}

export async function fetchRoom(request: Request): Promise<Response> {
  return (await rooms(request, env as SiteEnv, NOOP_CTX)) as Response;
}

/** Connects to page `id`'s room as `session` and syncs. */
export async function connect(id: number, session: EditorSession, options: { sync?: boolean; awareness?: boolean; silent?: boolean } = {}): Promise<YClient> {
  // The connection's id names its line, which keeps its frames in order into the room (see frame-order.ts).
  const line = openLine();
  const response = await fetchRoom(upgradeRequest(`/parties/page-room/pages:${id}?_pk=${line}`, session));
  if (response.status !== 101 || !response.webSocket) {
    closeLine(line);
    throw new Error(`upgrade failed: ${response.status} ${await response.text()}`);
  }
  const client = new YClient(response.webSocket, options.awareness ?? false, options.silent ?? false, line);
  if (options.sync ?? true) {
    client.start();
    await until(() => client.synced || client.closed !== null);
  }
  return client;
}

/**
 * A minimal Yjs peer speaking the sync and awareness protocol over a workerd WebSocket, the way
 * y-partyserver's provider does.
 */
export class YClient {
  readonly doc = new Y.Doc();
  readonly awareness: Awareness | null;
  readonly events: RoomEvent[] = [];
  /** Each awareness message received, as its `[clientID, clock]` entries. */
  readonly presenceFrames: [number, number][][] = [];
  /** Sync update frames received (not the sync steps). */
  updatesReceived = 0;
  /** What this connection sent that counts, against the room's `ack` events. */
  readonly acks = new UpdateAcks();
  synced = false;
  closed: { code: number; reason: string } | null = null;

  /**
   * `silent`: never answers anything (a client that connects and never speaks). `line`: the
   * connection's id when it asked for one (`connect` does), so its frames reach the room in the
   * order sent (see frame-order.ts).
   */
  constructor(readonly ws: WebSocket, withAwareness: boolean, silent = false, readonly line: string | null = null) {
    ws.accept();
    ws.binaryType = "arraybuffer";
    this.awareness = withAwareness ? new Awareness(this.doc) : null;
    if (!silent) ws.addEventListener("message", (event) => this.#receive(event.data));
    ws.addEventListener("close", (event) => {
      if (line !== null) closeLine(line);
      this.closed = { code: event.code, reason: event.reason };
      this.awareness?.destroy();
    });
    this.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === this) return;
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      syncProtocol.writeUpdate(encoder, update);
      this.sendRaw(encoding.toUint8Array(encoder));
    });
    this.awareness?.on("update", ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
      if (origin === this) return;
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 1);
      encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(this.awareness as Awareness, added.concat(updated, removed)));
      this.sendRaw(encoding.toUint8Array(encoder));
    });
  }

  start(): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    this.sendRaw(encoding.toUint8Array(encoder));
  }

  sendRaw(data: Uint8Array | string): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.line !== null) sentOn(this.line, data);
    this.ws.send(data);
    this.acks.sent(data);
  }

  /** True once the room acknowledged everything this connection sent (it is durable). */
  acknowledged(): boolean {
    return this.acks.waiting() === 0;
  }

  text(field: string): string {
    return this.doc.getText(field).toString();
  }

  close(): void {
    this.awareness?.destroy();
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000, "bye");
  }

  #receive(data: unknown): void {
    if (typeof data === "string") {
      if (!data.startsWith("__YPS:")) return;
      const event = JSON.parse(data.slice(6)) as RoomEvent;
      if (event.type === "ack") this.acks.acked(event.updates);
      else this.events.push(event);
      return;
    }
    const decoder = decoding.createDecoder(new Uint8Array(data as ArrayBuffer));
    const type = decoding.readVarUint(decoder);
    if (type === 0) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      const step = syncProtocol.readSyncMessage(decoder, encoder, this.doc, this);
      if (step === syncProtocol.messageYjsSyncStep2) this.synced = true;
      if (step === syncProtocol.messageYjsUpdate) this.updatesReceived += 1;
      if (encoding.length(encoder) > 1) this.sendRaw(encoding.toUint8Array(encoder));
    } else if (type === 1) {
      this.presenceFrames.push(awarenessClocks(new Uint8Array(data as ArrayBuffer)) ?? []);
      if (this.awareness) applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
    }
  }
}

/**
 * Has `client` type " world" after a third editor's "hello" in the title that only it has seen:
 * the room holds its insert back (Yjs keeps it aside, waiting for the word). Returns the word's
 * update, which another client can then bring to let the insert in.
 */
export async function heldBackInsert(client: YClient): Promise<Uint8Array> {
  const third = new Y.Doc();
  third.getText("title").insert(0, "hello");
  const word = Y.encodeStateAsUpdate(third);
  Y.applyUpdate(client.doc, word, client);
  client.doc.getText("title").insert(5, " world");
  await new Promise((resolve) => setTimeout(resolve, 150));
  return word;
}

/**
 * Waits until `check()` holds (polling; it may be async, e.g. a D1 read), or fails after `ms`.
 * The wait bounds a hung room, not its speed: on a busy two-core machine a room's answer has taken
 * over 3 s, so the default stays below the 20 s test timeout rather than near what it takes alone.
 */
const UNTIL_MS = 15_000;
export async function until(check: () => boolean | Promise<boolean>, ms = UNTIL_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Makes the room's scheduled publish due now and runs its alarm as the runtime would, then waits
 * until the schedule has left the room's timers (fired, cancelled or withdrawn). The runtime may
 * be running the room's alarm for another timer just then: `runDurableObjectAlarm` finds no alarm
 * to run, and that run, or the one it re-arms, fires the schedule a moment later.
 */
export async function firePublishNow(room: DurableObjectStub): Promise<void> {
  await runInDurableObject(room, (_instance: unknown, state) => {
    state.storage.sql.exec("UPDATE room_timers SET at = ? WHERE kind = 'publish'", Date.now() - 1);
  });
  await runDurableObjectAlarm(room);
  await until(() => runInDurableObject(room, (_instance: unknown, state) => state.storage.sql.exec("SELECT 1 FROM room_timers WHERE kind = 'publish'").toArray().length === 0));
}

/**
 * Waits until the room acknowledged everything `client` sent, and fails with the close if it
 * closed the connection instead: a refused frame then says why at once, rather than as a wait
 * that ran out (the acknowledgement never comes to a closed connection).
 */
export async function stored(client: YClient, ms = UNTIL_MS): Promise<void> {
  await until(() => client.acknowledged() || client.closed !== null, ms);
  if (client.closed) throw new Error(`the room closed the connection: ${client.closed.code} ${client.closed.reason}`);
}

/** The newest draft snapshot of page `id` in D1, or null. */
export async function newestDraft(id: number): Promise<Record<string, unknown> | null> {
  const row = await env.DB.prepare("SELECT version_data AS data FROM pages_versions WHERE parent_id = ?1 AND status = 'draft' ORDER BY id DESC LIMIT 1")
    .bind(id)
    .first<{ data: string }>();
  return row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
}

/**
 * Page `id`'s sections as D1 holds them once its room has written every edit it acknowledged (the
 * room has left `unflushed_rooms`): the newest draft's, or `seeded` (what the room was seeded with)
 * when there is none, as when the edits cancelled out (an entry added, then removed). Wait for the
 * editors' acknowledgements first: the room is listed before it acknowledges.
 */
export async function flushedSections(id: number, seeded: unknown[]): Promise<unknown> {
  const listed = async () => (await env.DB.prepare("SELECT 1 FROM unflushed_rooms WHERE room = ?1").bind(`pages:${id}`).first()) !== null;
  await until(async () => !(await listed()));
  return (await newestDraft(id))?.sections ?? seeded;
}

/** How many draft rows page `id` has. */
export async function draftCount(id: number): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A list field as a client's document holds it (`doc.getArray(field)`), as plain JSON in the order editors see (position keys left out). */
export function listOf(doc: Y.Doc, field = "sections"): Record<string, unknown>[] {
  return orderedJson(doc.getArray(field)) as Record<string, unknown>[];
}

/** A list's items in their order, nested lists too, as plain JSON without position keys. */
export function orderedJson(array: Y.Array<unknown>): unknown[] {
  const json = (value: unknown): unknown => (value instanceof Y.Array ? orderedJson(value) : value instanceof Y.AbstractType ? value.toJSON() : value);
  return orderedItems(array).map((item) =>
    item instanceof Y.Map ? Object.fromEntries([...item.entries()].filter(([key]) => key !== POSITION_KEY).map(([key, value]) => [key, json(value)])) : json(item),
  );
}
