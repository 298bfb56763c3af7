// Shared by the wake and memory scenarios: seeding the bench worker's wake rooms with exact bytes
// (`/__bench/seed-room`), evicting them from memory (`/__bench/evict-room`, the object's
// `ctx.abort()`), and timing a client from connect to first sync.
import YProvider from "y-partyserver/provider";
import * as Y from "yjs";
import { ROOM_PROTOCOL_VERSION, ROOM_VERSION_PARAM } from "../lib/room-protocol.mjs";
import { socketWith } from "./room-clients.mjs";

/** The stock PageRoom with seed/evict RPCs, and the bare YServer that loads the same bytes. */
export const WAKE_PAGE = "wake-page-room";
export const WAKE_BARE = "wake-bare-room";

const CONTROL_TIMEOUT_MS = 60_000;

async function control(baseUrl, path, party, room, init = {}) {
  const url = `${baseUrl}/__bench/${path}?party=${party}&room=${encodeURIComponent(room)}`;
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${path} of ${party}/${room} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * Stores `snapshot` then each of `updates` as the room's state (through the room's own store for
 * PageRoom), and evicts it. Resolves with `{ storedBytes, compactedBytes, logged }`.
 */
export function seedRoom(baseUrl, party, room, snapshot, updates = []) {
  const frames = [snapshot, ...updates].flatMap((bytes) => {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.byteLength);
    return [length, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)];
  });
  return control(baseUrl, "seed-room", party, room, { method: "POST", body: Buffer.concat(frames) });
}

/** Drops the room's object from memory; its next request builds it again from storage. */
export function evictRoom(baseUrl, party, room) {
  return control(baseUrl, "evict-room", party, room, { method: "POST" });
}

/**
 * Cancels a page room's pending alarm (the idle check set at connect), so it cannot wake the room
 * in a later round's runtime and count there.
 */
export function silenceRoom(baseUrl, party, room) {
  return control(baseUrl, "silence-room", party, room, { method: "POST" });
}

/** Wall-clock time (ms) at which the room's current object was built. */
export async function roomBornAt(baseUrl, party, room) {
  return (await control(baseUrl, "room-born", party, room)).bornAt;
}

/** The D1 round trips every wake page room of the runtime has made so far, asked of `room`. */
export async function roomD1Trips(baseUrl, room) {
  return (await control(baseUrl, "room-d1-trips", WAKE_PAGE, room)).trips;
}

/** The alarms every wake page room of the runtime has run so far (each a wake of its room), asked of `room`. */
export async function roomAlarms(baseUrl, room) {
  return (await control(baseUrl, "room-d1-trips", WAKE_PAGE, room)).alarms;
}

/** A page room's live document: `{ stateVector }` (a `Map` of client id to clock) and `pending` (updates held back). */
export async function roomState(baseUrl, room) {
  const { stateVector, pending } = await control(baseUrl, "room-state", WAKE_PAGE, room);
  return { stateVector: Y.decodeStateVector(Uint8Array.from(stateVector)), pending };
}

/**
 * Opens a provider and resolves with `{ ms, doc, provider }`, `ms` being the time from creating
 * it (the WebSocket connect) to its first sync; rejects after `timeoutMs`.
 */
export function timeToSync(baseUrl, party, room, headers, timeoutMs = 30_000) {
  const doc = new Y.Doc();
  const t0 = performance.now();
  const provider = new YProvider(new URL(baseUrl).host, room, doc, { party, disableBc: true, params: { [ROOM_VERSION_PARAM]: String(ROOM_PROTOCOL_VERSION) }, WebSocketPolyfill: socketWith(headers) });
  return new Promise((resolve, reject) => {
    const fail = (message) => {
      clearTimeout(timer);
      provider.destroy();
      reject(new Error(`${party}/${room} ${message}`));
    };
    const timer = setTimeout(() => fail(`did not sync within ${timeoutMs} ms`), timeoutMs);
    // A room that refuses the client closes before syncing; the provider would only reconnect.
    provider.on("connection-close", (event) => !provider.synced && fail(`closed before syncing: ${event?.code} ${event?.reason}`));
    provider.on("synced", (synced) => {
      if (!synced) return;
      clearTimeout(timer);
      resolve({ ms: performance.now() - t0, doc, provider });
    });
  });
}
