import * as Y from "yjs";
import { MAX_RICH_NESTING } from "../shared/rich-schema";
import { JSON_ROOT } from "../shared/room-protocol";
import { isJsonMapField, type RoomField } from "./room-document";
import { refusedContent, type GuardContext, type Place } from "./room-guard-rules";

/**
 * Deepest element nesting a rich-text field (or a list of lists) may reach through the room.
 * Deeper than any real page (the sanitizer itself keeps 512 levels of HTML); it keeps every tree
 * walk of the room shallow. The shared schema's limit, which the browser editor keeps too.
 */
export const MAX_ROOM_NESTING = MAX_RICH_NESTING;

/**
 * Checks an update against the room's document schema before the document sees it, the way the
 * editor would have produced it: items only under the collection's field roots (and `json`);
 * plain-text roots hold only text; rich-text roots hold only `richSchema` nodes with their own
 * attributes and values the schema allows, known marks with their own attributes, links and
 * image sources the sanitizer keeps (with `mediaBase`, images only from the media store), and
 * nesting up to {@link MAX_ROOM_NESTING}; a list field's root holds entries (`Y.Map`) whose keys
 * the catalog declares, text fields as `Y.Text`, nested lists as arrays of entries, and values
 * of the declared types; the `json` map holds only the fields held as one value (json fields that
 * are not lists, numbers, booleans, dates, selects, URLs, slugs, images), each a value its
 * declaration admits (`fieldValueProblem`) or null. Returns why an update is refused, or `null`. Each item's place is found through its
 * parent, or its neighbours, in the update itself or in the document.
 *
 * @example
 * const refusal = refusedUpdate(doc, fields, Y.decodeUpdate(update).structs, env.MEDIA_URL);
 * if (refusal) connection.close(ROOM_CLOSE.REFUSED, refusal);
 */
export function refusedUpdate(doc: Y.Doc, fields: readonly RoomField[], structs: readonly (Y.Item | Y.GC | Y.Skip)[], mediaBase?: string): string | null {
  const roots = new Map<string, Place>();
  for (const field of fields) {
    const kind = field.list ? "list" : field.type === "text" || field.type === "richtext" ? field.type : null;
    if (kind) roots.set(field.name, { root: field.name, kind, element: null, depth: 0, list: field.list ?? null });
  }
  roots.set(JSON_ROOT, { root: JSON_ROOT, kind: "json", element: null, depth: 0, list: null });
  const context: GuardContext = {
    plainJson: new Map(fields.filter(isJsonMapField).map((f) => [f.name, f.def ?? { type: "json" }])),
    lists: new Set(fields.filter((f) => f.list).map((f) => f.name)),
    mediaBase,
  };
  const local = new Map<string, Y.Item>();
  for (const struct of structs) if (struct instanceof Y.Item) local.set(key(struct.id), struct);
  const places = new Map<string, Place | null>();
  const rootPlace = (name: string): Place | null => roots.get(name) ?? null;

  const placeOfType = (type: Y.AbstractType<unknown>): Place | null => {
    const item = type._item;
    if (item === null) {
      for (const [name, shared] of doc.share) if (shared === type) return rootPlace(name);
      return null;
    }
    return placeOfContent(item, placeOfItem(item));
  };
  // The place of an item's *children*: a nested type one level down from where the item sits.
  const placeOfContent = (item: Y.Item, at: Place | null): Place | null => {
    if (at === null || !(item.content instanceof Y.ContentType)) return null;
    const type = item.content.type;
    const down = { ...at, element: type instanceof Y.XmlElement ? type.nodeName : null, depth: at.depth + 1 };
    if (at.kind === "list") return { ...down, kind: "entry" };
    if (at.kind !== "entry") return down;
    const field = at.list?.fields.get(subOf(item) ?? "");
    if (field?.kind === "text") return { ...down, kind: "text", list: null };
    return field?.kind === "list" ? { ...down, kind: "list", list: field.list } : null;
  };
  const placeOfId = (id: Y.ID): Place | null | undefined => {
    const inUpdate = local.get(key(id));
    if (inUpdate) return placeOfItem(inUpdate);
    const known = knownItem(doc, id);
    return known ? placeOfItem(known) : undefined;
  };
  const placeOfItem = (item: Y.Item): Place | null => {
    const cached = places.get(key(item.id));
    if (cached !== undefined) return cached;
    let place: Place | null | undefined;
    const parent: unknown = item.parent;
    if (typeof parent === "string") place = rootPlace(parent);
    else if (parent instanceof Y.AbstractType) place = placeOfType(parent);
    else if (parent instanceof Y.ID) {
      const holder = local.get(key(parent)) ?? knownItem(doc, parent);
      place = holder ? placeOfContent(holder, placeOfItem(holder)) : undefined;
    } else {
      // Parent left out of the encoding: it is the parent of the item's left or right neighbour.
      place = (item.origin && placeOfId(item.origin)) || (item.rightOrigin && placeOfId(item.rightOrigin)) || undefined;
    }
    // An item whose place cannot be found is left for Yjs to hold pending; it is checked when it is re-sent.
    const result = place ?? null;
    places.set(key(item.id), result);
    return result;
  };

  // A map entry (an attribute) written over an earlier one names only that one as its origin: its key comes from it.
  const subOf = (item: Y.Item): string | null => {
    if (item.parentSub !== null || item.parent !== null || item.origin === null) return item.parentSub;
    const left = local.get(key(item.origin)) ?? knownItem(doc, item.origin);
    return left ? subOf(left) : null;
  };

  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const parent: unknown = struct.parent;
    if (typeof parent === "string" && !roots.has(parent)) return `no field named ${JSON.stringify(parent)} in this collection`;
    const place = placeOfItem(struct);
    if (place === null) continue;
    if (place.depth > MAX_ROOM_NESTING) return `${place.root} nests deeper than ${MAX_ROOM_NESTING} levels`;
    const refusal = refusedContent(struct, subOf(struct), place, context);
    if (refusal) return refusal;
  }
  return null;
}

/** Why held-back items are refused, and every struct of the refused whole (held and incoming). */
export interface PendingRefusal {
  reason: string;
  structs: (Y.Item | Y.GC | Y.Skip)[];
}

/**
 * The refusal of the items Yjs holds back (waiting for a neighbour the room has not seen) once
 * `incoming` supplies what they wait for, or `null`. Items whose place is unknown when they arrive
 * cannot be checked then, and Yjs integrates them later without another look; this is that later
 * look. The caller refuses the sender of `incoming` (neither it nor the held items land) and drops
 * the held items: dropped silently, they would leave a gap in their client's clock, after which
 * Yjs holds everything that client sends, unchecked and unrefused.
 *
 * @example
 * const held = pendingRefusal(doc, fields, update, env.MEDIA_URL);
 * if (held) { doc.store.pendingStructs = null; refuse(connection, held.reason, held.structs); }
 */
export function pendingRefusal(doc: Y.Doc, fields: readonly RoomField[], incoming: Uint8Array, mediaBase?: string): PendingRefusal | null {
  const pending = doc.store.pendingStructs;
  if (pending === null) return null;
  // Yjs keeps held-back items in its v2 encoding.
  const held = Y.convertUpdateFormatV2ToV1(pending.update);
  const structs = Y.decodeUpdate(Y.mergeUpdates([held, incoming])).structs;
  const reason = refusedUpdate(doc, fields, structs, mediaBase);
  return reason === null ? null : { reason, structs };
}

function knownItem(doc: Y.Doc, id: Y.ID): Y.Item | null {
  const structs = doc.store.clients.get(id.client);
  if (!structs || structs.length === 0) return null;
  const last = structs[structs.length - 1] as Y.AbstractStruct;
  if (id.clock >= last.id.clock + last.length) return null;
  const struct = Y.getItem(doc.store, id);
  return struct instanceof Y.Item ? struct : null;
}

function key(id: Y.ID): string {
  return `${id.client}:${id.clock}`;
}

/**
 * Names of the root types a transaction changed (a change deep inside a field counts for the field),
 * so a draft flush converts only the fields that were edited.
 *
 * @example
 * doc.on("afterTransaction", (tr) => console.log(changedRoots(doc, tr))); // ["body"]
 */
export function changedRoots(doc: Y.Doc, transaction: Y.Transaction): string[] {
  const names = new Set<string>();
  for (const [type, keys] of transaction.changed) {
    // Walk up to the root; `top` is the root's direct child the change is under.
    let root = type as Y.AbstractType<unknown>;
    let top: Y.AbstractType<unknown> | null = null;
    while (root._item !== null && root._item.parent instanceof Y.AbstractType) {
      top = root;
      root = root._item.parent as Y.AbstractType<unknown>;
    }
    const name = rootName(doc, root);
    if (name === null) continue;
    if (name !== JSON_ROOT) names.add(name);
    // A json field is a key of the json root: the keys set on it, or the key the change is under.
    else if (top === null) for (const key of keys) key !== null && names.add(key);
    else if (top._item?.parentSub) names.add(top._item.parentSub);
  }
  return [...names];
}

function rootName(doc: Y.Doc, root: Y.AbstractType<unknown>): string | null {
  for (const [name, shared] of doc.share) if (shared === root) return name;
  return null;
}
