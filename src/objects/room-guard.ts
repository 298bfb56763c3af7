import * as Y from "yjs";
import { MAX_RICH_NESTING } from "../shared/rich-schema";
import { COMMENTS_ROOT } from "../shared/review-comments";
import { BLOCK_SUGGESTIONS, SUGGESTIONS_ROOT } from "../shared/review-suggestions";
import { JSON_ROOT } from "../shared/room-protocol";
import { isJsonMapField, type RoomField } from "./room-document";
import { refusedContent, roomOnlyWords, type GuardContext, type Place } from "./room-guard-rules";
import { refusedBlockSuggestions, refusedSuggestionDeletes, refusedSuggestions, type BlockSuggestion, type SuggestionItem } from "./room-guard-suggestions";
import { itemsDeletedBy, type DecodedDeletes } from "./room-wire";

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
 * declaration admits (`fieldValueProblem`) or null (not for a field whose column is NOT NULL). Returns why an update is refused, or `null`. Each item's place is found through its
 * parent, or its neighbours, in the update itself or in the document.
 *
 * @example
 * const refusal = refusedUpdate(doc, fields, Y.decodeUpdate(update).structs, env.MEDIA_URL);
 * if (refusal) connection.close(ROOM_CLOSE.REFUSED, refusal);
 */
export function refusedUpdate(doc: Y.Doc, fields: readonly RoomField[], structs: readonly (Y.Item | Y.GC | Y.Skip)[], mediaBase?: string): string | null {
  const schema = schemaOf(fields);
  const context: GuardContext = { plainJson: schema.plainJson, lists: schema.lists, notNull: schema.notNull, mediaBase };
  const places = new UpdatePlaces(doc, schema.roots, structs);
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const parent: unknown = struct.parent;
    if (typeof parent === "string" && !schema.roots.has(parent)) return `no field named ${JSON.stringify(parent)} in this collection`;
    const place = places.ofItem(struct);
    // Suggestions are judged by their own rules (`refusedSuggestionUpdate`), with the editor's id.
    if (place === null || place.root === SUGGESTIONS_ROOT) continue;
    if (place.depth > MAX_ROOM_NESTING) return `${place.root} nests deeper than ${MAX_ROOM_NESTING} levels`;
    // The room's own items coming back in a client's full state are nothing new: Yjs skips them.
    if (place.kind === "room" && struct.id.clock + struct.length <= Y.getState(doc.store, struct.id.client)) continue;
    const refusal = refusedContent(struct, places.subOf(struct), place, context);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Why an update's writes to `cms:suggestions` are refused (the room closes the sender with 4423,
 * like a read-only field), or `null`: a new suggestion must be complete, valid, under an unused id
 * and by the connection's own editor (`editorId`); an existing one is never changed or deleted by
 * a client; a rich-text block's `cms:split`/`cms:join`/`cms:retype` names an open suggestion of that kind by the
 * same editor (`room-guard-suggestions.ts`). Costs nothing on a page without suggestions.
 *
 * @example
 * const refusal = refusedSuggestionUpdate(doc, fields, parsed.structs, parsed.deletes, state.editor.id);
 * if (refusal) refuse(connection, refusal, ROOM_CLOSE.READ_ONLY_FIELD);
 */
export function refusedSuggestionUpdate(doc: Y.Doc, fields: readonly RoomField[], structs: readonly (Y.Item | Y.GC | Y.Skip)[], deletes: DecodedDeletes | null, editorId: string): string | null {
  const touchesRoot = structs.some((struct) => struct instanceof Y.Item && (struct.parent as unknown) === SUGGESTIONS_ROOT);
  // A block's suggestion attribute is a map value (ContentAny); typing never writes one.
  const mayMarkBlocks = structs.some((struct) => struct instanceof Y.Item && struct.content instanceof Y.ContentAny);
  if (!doc.share.has(SUGGESTIONS_ROOT) && !touchesRoot && !mayMarkBlocks) return null;
  const places = new UpdatePlaces(doc, schemaOf(fields).roots, structs);
  const items: SuggestionItem[] = [];
  const blocks: BlockSuggestion[] = [];
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const place = places.ofItem(struct);
    if (place?.kind === "richtext" && mayMarkBlocks) {
      const block = blockSuggestionOf(doc, struct, places.subOf(struct));
      if (block) blocks.push(block);
    }
    if (place?.root !== SUGGESTIONS_ROOT) continue;
    items.push({ item: struct, sub: places.subOf(struct), depth: place.depth, newEntry: place.depth === 0 ? struct.id : places.newHolderOf(struct) });
  }
  return refusedSuggestions(doc, items, editorId) ?? refusedBlockSuggestions(doc, items, blocks, editorId) ?? refusedSuggestionDeletes(doc, deletes);
}

/* A new `cms:split`/`cms:join`/`cms:retype` attribute naming a suggestion, or null (anything else, or an item the room already has). */
function blockSuggestionOf(doc: Y.Doc, item: Y.Item, sub: string | null): BlockSuggestion | null {
  const kind = sub === null ? undefined : BLOCK_SUGGESTIONS.get(sub);
  if (kind === undefined || !(item.content instanceof Y.ContentAny)) return null;
  // A client's full state brings back what the room holds (a settled suggestion's attribute too): nothing new.
  if (item.id.clock + item.length <= Y.getState(doc.store, item.id.client)) return null;
  const id: unknown = item.content.arr[0];
  return typeof id === "string" ? { id, kind, attribute: sub as string } : null;
}

/**
 * The fields one update changes: the roots its new items sit under (a `json`-held field by its
 * key), and the roots of the items it deletes. Items whose place is not known yet (held back by
 * Yjs) count for nothing here; the read-only rule sees them as their field's edit once they land.
 *
 * @example
 * const touched = updatedFields(doc, fields, parsed.structs, parsed.deletes); // Set { "title" }
 */
export function updatedFields(doc: Y.Doc, fields: readonly RoomField[], structs: readonly (Y.Item | Y.GC | Y.Skip)[], deletes: DecodedDeletes | null): Set<string> {
  const names = new Set<string>();
  const places = new UpdatePlaces(doc, schemaOf(fields).roots, structs);
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const place = places.ofItem(struct);
    if (place === null || place.root === SUGGESTIONS_ROOT) continue;
    if (place.root !== JSON_ROOT) names.add(place.root);
    else if (place.depth === 0) names.add(places.subOf(struct) ?? JSON_ROOT);
  }
  for (const item of itemsDeletedBy(doc, deletes)) names.add(fieldOfStored(doc, item));
  return names;
}

/* The field a stored item belongs to: its root's name, or its key in the json root. */
function fieldOfStored(doc: Y.Doc, item: Y.Item): string {
  let top = item;
  while (top.parent instanceof Y.AbstractType && top.parent._item !== null) top = top.parent._item;
  const root = top.parent instanceof Y.AbstractType ? rootName(doc, top.parent) : null;
  if (root === null) return JSON_ROOT;
  return root === JSON_ROOT ? (top.parentSub ?? JSON_ROOT) : root;
}

/**
 * Where each item of one update sits, found through its parent, or its neighbours, in the update
 * itself or in the document. A class rather than closures: the guard runs at every keystroke.
 */
class UpdatePlaces {
  readonly #doc: Y.Doc;
  readonly #roots: ReadonlyMap<string, Place>;
  readonly #local = new Map<string, Y.Item>();
  readonly #places = new Map<string, Place | null>();

  constructor(doc: Y.Doc, roots: ReadonlyMap<string, Place>, structs: readonly (Y.Item | Y.GC | Y.Skip)[]) {
    this.#doc = doc;
    this.#roots = roots;
    for (const struct of structs) if (struct instanceof Y.Item) this.#local.set(key(struct.id), struct);
  }

  /** The place of an item; `null` when it cannot be found (Yjs holds such an item pending; it is checked when re-sent). */
  ofItem(item: Y.Item): Place | null {
    const cached = this.#places.get(key(item.id));
    if (cached !== undefined) return cached;
    let place: Place | null | undefined;
    const parent: unknown = item.parent;
    if (typeof parent === "string") place = this.#roots.get(parent) ?? null;
    else if (parent instanceof Y.AbstractType) place = this.#ofType(parent);
    else if (parent instanceof Y.ID) {
      const holder = this.#item(parent);
      place = holder ? this.#ofContent(holder, this.ofItem(holder)) : undefined;
    } else {
      // Parent left out of the encoding: it is the parent of the item's left or right neighbour.
      place = (item.origin && this.#ofId(item.origin)) || (item.rightOrigin && this.#ofId(item.rightOrigin)) || undefined;
    }
    const result = place ?? null;
    this.#places.set(key(item.id), result);
    return result;
  }

  /** A map entry (an attribute) written over an earlier one names only that one as its origin: its key comes from it. */
  subOf(item: Y.Item): string | null {
    if (item.parentSub !== null || item.parent !== null || item.origin === null) return item.parentSub;
    const left = this.#item(item.origin);
    return left ? this.subOf(left) : null;
  }

  /** The map an item sits in when that map is new in this update, or `null` (the item edits a map the document holds). */
  newHolderOf(item: Y.Item): Y.ID | null {
    if (item.parent instanceof Y.ID) return this.#local.has(key(item.parent)) ? item.parent : null;
    if (item.parent !== null || item.origin === null) return null;
    const left = this.#local.get(key(item.origin));
    return left ? this.newHolderOf(left) : null;
  }

  #item(id: Y.ID): Y.Item | null {
    return this.#local.get(key(id)) ?? knownItem(this.#doc, id);
  }

  #ofId(id: Y.ID): Place | null | undefined {
    const item = this.#item(id);
    return item ? this.ofItem(item) : undefined;
  }

  #ofType(type: Y.AbstractType<unknown>): Place | null {
    const item = type._item;
    if (item === null) {
      for (const [name, shared] of this.#doc.share) if (shared === type) return this.#roots.get(name) ?? null;
      return null;
    }
    return this.#ofContent(item, this.ofItem(item));
  }

  /** The place of an item's *children*: a nested type one level down from where the item sits. */
  #ofContent(item: Y.Item, at: Place | null): Place | null {
    if (at === null || !(item.content instanceof Y.ContentType)) return null;
    const type = item.content.type;
    const down = { ...at, element: type instanceof Y.XmlElement ? type.nodeName : null, depth: at.depth + 1 };
    if (at.kind === "list") return { ...down, kind: "entry" };
    if (at.kind !== "entry") return down;
    const field = at.list?.fields.get(this.subOf(item) ?? "");
    if (field?.kind === "text") return { ...down, kind: "text", list: null };
    return field?.kind === "list" ? { ...down, kind: "list", list: field.list } : null;
  }
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

/**
 * Why an update is refused for touching a root only the room writes (`cms:comments`: a new item
 * anywhere under it, or a delete of one), or `null`. Checked before the schema, so the sender is
 * closed with 4423 like a read-only field; a client comments through REST, which the room runs.
 *
 * @example
 * const refusal = roomOnlyRefusal(doc, fields, parsed.structs, parsed.deletes);
 * if (refusal) refuse(connection, refusal, parsed.structs, ROOM_CLOSE.READ_ONLY_FIELD);
 */
export function roomOnlyRefusal(doc: Y.Doc, fields: readonly RoomField[], structs: readonly (Y.Item | Y.GC | Y.Skip)[], deletes: DecodedDeletes | null): string | null {
  // Until the room writes its first thread the root does not exist: only a new top-level item can touch it.
  if (!doc.share.has(COMMENTS_ROOT) && !structs.some((struct) => struct instanceof Y.Item && (struct.parent as unknown) === COMMENTS_ROOT)) return null;
  // A client resends what it has (a full state, the whole delete set of a sync step 2): only what is
  // new to the room counts, so the room's own threads and deletions coming back are no write.
  const fresh = structs.filter((struct) => struct.id.clock + struct.length > Y.getState(doc.store, struct.id.client));
  if (updatedFields(doc, fields, fresh, null).has(COMMENTS_ROOT)) return roomOnlyWords(COMMENTS_ROOT);
  for (const item of itemsDeletedBy(doc, deletes)) {
    if (!item.deleted && fieldOfStored(doc, item) === COMMENTS_ROOT) return roomOnlyWords(COMMENTS_ROOT);
  }
  return null;
}

/** A room's field list as the guard reads it: each root's place, the plain-value fields, the list fields. */
interface GuardSchema {
  roots: ReadonlyMap<string, Place>;
  plainJson: GuardContext["plainJson"];
  lists: GuardContext["lists"];
  notNull: GuardContext["notNull"];
}

/* A room checks every keystroke against the same field list: its lookup tables are built once. */
const SCHEMAS = new WeakMap<readonly RoomField[], GuardSchema>();

function schemaOf(fields: readonly RoomField[]): GuardSchema {
  const known = SCHEMAS.get(fields);
  if (known) return known;
  const roots = new Map<string, Place>();
  for (const field of fields) {
    const kind = field.list ? "list" : field.type === "text" || field.type === "richtext" ? field.type : null;
    if (kind) roots.set(field.name, { root: field.name, kind, element: null, depth: 0, list: field.list ?? null });
  }
  roots.set(JSON_ROOT, { root: JSON_ROOT, kind: "json", element: null, depth: 0, list: null });
  roots.set(COMMENTS_ROOT, { root: COMMENTS_ROOT, kind: "room", element: null, depth: 0, list: null });
  roots.set(SUGGESTIONS_ROOT, { root: SUGGESTIONS_ROOT, kind: "suggestions", element: null, depth: 0, list: null });
  const schema: GuardSchema = {
    roots,
    plainJson: new Map(fields.filter(isJsonMapField).map((f) => [f.name, f.def ?? { type: "json" }])),
    lists: new Set(fields.filter((f) => f.list).map((f) => f.name)),
    notNull: new Set(fields.filter((f) => f.notNull).map((f) => f.name)),
  };
  SCHEMAS.set(fields, schema);
  return schema;
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
