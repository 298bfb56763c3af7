import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { writeSyncStep1, writeUpdate } from "y-protocols/sync";
import * as Y from "yjs";
import { MESSAGE_AWARENESS, MESSAGE_SYNC, SYNC_STEP1, SYNC_STEP2, SYNC_UPDATE } from "../shared/room-protocol";

/** One decoded binary message: a sync message (with its update, if any) or an awareness update. */
export type RoomMessage =
  | { kind: "sync"; update: Uint8Array | null; structs: DecodedStructs; deletes: DecodedDeletes | null }
  | { kind: "awareness"; entries: AwarenessEntry[] };

/** The structs of a decoded update (empty for a sync step 1). */
export type DecodedStructs = ReturnType<typeof Y.decodeUpdate>["structs"];

/** The deletions of a decoded update. */
export type DecodedDeletes = ReturnType<typeof Y.decodeUpdate>["ds"];

/** One client's entry in an awareness update; `state` null means "gone". */
export interface AwarenessEntry {
  clientID: number;
  clock: number;
  state: Record<string, unknown> | null;
}

/**
 * Decodes and checks a binary message completely before the document sees it: the outer type,
 * the sync sub-type, a Yjs update's whole struct and delete-set encoding, every awareness state's
 * JSON, and no trailing bytes. `null` for anything malformed.
 *
 * @example
 * const message = parseRoomMessage(bytes); if (!message) connection.close(ROOM_CLOSE.MALFORMED);
 */
export function parseRoomMessage(bytes: Uint8Array): RoomMessage | null {
  try {
    const decoder = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC) {
      const step = decoding.readVarUint(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (decoding.hasContent(decoder)) return null;
      if (step === SYNC_STEP1) {
        Y.decodeStateVector(payload);
        return { kind: "sync", update: null, structs: [], deletes: null };
      }
      if (step !== SYNC_STEP2 && step !== SYNC_UPDATE) return null;
      const { structs, ds } = Y.decodeUpdate(payload);
      return { kind: "sync", update: payload, structs, deletes: ds };
    }
    if (type === MESSAGE_AWARENESS) {
      const payload = decoding.readVarUint8Array(decoder);
      if (decoding.hasContent(decoder)) return null;
      return { kind: "awareness", entries: decodeAwareness(payload) };
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The client ids and clocks of an awareness message, read without decoding its states (their JSON
 * is skipped as bytes), or `null` when `bytes` is not a well-formed awareness message.
 *
 * @example
 * awarenessClocks(encodeAwarenessMessage([{ clientID: 7, clock: 3, state: null }])) // [[7, 3]]
 */
export function awarenessClocks(bytes: Uint8Array): [clientID: number, clock: number][] | null {
  if (bytes[0] !== MESSAGE_AWARENESS) return null;
  try {
    const outer = decoding.createDecoder(bytes);
    decoding.readVarUint(outer);
    const decoder = decoding.createDecoder(decoding.readVarUint8Array(outer));
    if (decoding.hasContent(outer)) return null;
    const count = decoding.readVarUint(decoder);
    const clocks: [number, number][] = [];
    for (let i = 0; i < count; i++) {
      clocks.push([decoding.readVarUint(decoder), decoding.readVarUint(decoder)]);
      decoding.readVarUint8Array(decoder);
    }
    return decoding.hasContent(decoder) ? null : clocks;
  } catch {
    return null;
  }
}

/**
 * A sync message carrying one update, as every peer but its author is sent it.
 *
 * @example
 * sendToOthers(connections, encodeUpdateMessage(update), author);
 */
export function encodeUpdateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/**
 * A sync step 1 of `doc` (its state vector): a client answers it with everything the room lacks.
 *
 * @example
 * sendToOthers(connections, encodeSyncStep1(doc)); // after hibernation
 */
export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/**
 * Encodes awareness entries as a complete awareness message (type 1), ready for the Yjs handler.
 *
 * @example
 * encodeAwarenessMessage([{ clientID: 7, clock: 1, state: { user: { name: "Ed" } } }])
 */
export function encodeAwarenessMessage(entries: AwarenessEntry[]): Uint8Array {
  const outer = encoding.createEncoder();
  encoding.writeVarUint(outer, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(outer, encodeAwarenessEntries(entries));
  return encoding.toUint8Array(outer);
}

/**
 * Encodes awareness entries as a y-protocols awareness update (the payload of an awareness
 * message), as `applyAwarenessUpdate` reads it.
 *
 * @example
 * applyAwarenessUpdate(awareness, encodeAwarenessEntries([{ clientID: 7, clock: 1, state: null }]), origin);
 */
export function encodeAwarenessEntries(entries: AwarenessEntry[]): Uint8Array {
  const inner = encoding.createEncoder();
  encoding.writeVarUint(inner, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(inner, entry.clientID);
    encoding.writeVarUint(inner, entry.clock);
    encoding.writeVarString(inner, JSON.stringify(entry.state));
  }
  return encoding.toUint8Array(inner);
}

function decodeAwareness(payload: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(payload);
  const count = decoding.readVarUint(decoder);
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i++) {
    const clientID = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const state: unknown = JSON.parse(decoding.readVarString(decoder));
    if (state !== null && (typeof state !== "object" || Array.isArray(state))) throw new TypeError("awareness state must be an object");
    entries.push({ clientID, clock, state: state as Record<string, unknown> | null });
  }
  if (decoding.hasContent(decoder)) throw new TypeError("trailing bytes in awareness update");
  return entries;
}

/**
 * The `[client, clock, length]` ranges of an update's items, adjacent ones of a client merged: what
 * a `refused` event names so the author can find and drop exactly those items.
 *
 * @example
 * structRanges(Y.decodeUpdate(update).structs) // [[1234, 10, 3]]
 */
export function structRanges(structs: DecodedStructs): [number, number, number][] {
  const ranges: [number, number, number][] = [];
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const last = ranges[ranges.length - 1];
    const { client, clock } = struct.id;
    if (last && last[0] === client && last[1] + last[2] === clock) last[2] += struct.length;
    else ranges.push([client, clock, struct.length]);
  }
  return ranges;
}

/**
 * What of an applied update the document still lacks: per client, the clock its state must reach
 * before every item of the update (and every item it deletes) is in the document. Yjs holds back
 * items that follow one it has not seen and deletions of items it has not seen, in memory only;
 * `null` when nothing of the update was held back.
 *
 * @example
 * Y.applyUpdate(doc, update); const lacking = heldBack(doc, structs, ds); // Map { 1234 => 17 } or null
 */
export function heldBack(doc: Y.Doc, structs: DecodedStructs, deletes: DecodedDeletes | null): Map<number, number> | null {
  const needed = new Map<number, number>();
  const need = (client: number, clock: number) => {
    if (clock > (needed.get(client) ?? 0)) needed.set(client, clock);
  };
  for (const struct of structs) if (!(struct instanceof Y.Skip)) need(struct.id.client, struct.id.clock + struct.length);
  for (const [client, items] of deletes?.clients ?? []) for (const item of items) need(client, item.clock + item.len);
  let lacking: Map<number, number> | null = null;
  for (const [client, clock] of needed) {
    if (Y.getState(doc.store, client) < clock) (lacking ??= new Map()).set(client, clock);
  }
  return lacking;
}

/**
 * The items of the document a delete set names (deleted already or not): the one walk from a
 * frame's delete set to what it removes, which the guards judge by where the items sit.
 *
 * @example
 * for (const item of itemsDeletedBy(doc, parsed.deletes)) if (!item.deleted) touched.add(fieldOfStored(doc, item));
 */
export function* itemsDeletedBy(doc: Y.Doc, deletes: DecodedDeletes | null): Generator<Y.Item> {
  for (const [client, ranges] of deletes?.clients ?? []) {
    const stored = doc.store.clients.get(client);
    if (!stored || stored.length === 0) continue;
    const last = stored[stored.length - 1] as Y.AbstractStruct;
    for (const range of ranges) {
      if (range.len <= 0 || range.clock >= last.id.clock + last.length) continue;
      for (let index = Y.findIndexSS(stored, range.clock); index < stored.length; index++) {
        const struct = stored[index] as Y.AbstractStruct;
        if (struct.id.clock >= range.clock + range.len) break;
        if (struct instanceof Y.Item) yield struct;
      }
    }
  }
}
