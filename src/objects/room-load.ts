import type { Doc } from "yjs";
import { loadEditableDocument, notNullFields, type DraftDeps } from "../cores/drafts";
import { parseRoomName } from "../shared/room-protocol";
import type { PageRoomOptions, RoomEnv } from "./room-config";
import { RoomLoadError } from "./room-connection";
import { mergeFields, roomFields, upgradeDocument, type RoomField } from "./room-document";
import { RoomStore } from "./room-store";
import { seedStoredThreads } from "./room-comments-store";
import { ROOM_CLOSE } from "../shared/room-protocol";
import { translationSource, withSharedFields } from "../cores/translations/shared-fields";
import { sourceOf } from "../cores/translations/translations";
import { tableMeta } from "../cores/table-meta";
import { adoptShared, type RoomTranslation } from "./room-translation";
import type { RecordPlace } from "./room-access";

/** What a room knows once its document is loaded. */
export interface LoadedRoom {
  store: RoomStore;
  id: number;
  deps: DraftDeps;
  fields: RoomField[];
  /** True when the document was seeded from D1 now (first start), not read back from storage. */
  seeded: boolean;
  /** The record's source when it is a translation (its shared fields are the source's), else `null`. */
  translation: RoomTranslation | null;
  /** Where the record is (its locale and source, a translated collection's): the scope rule reads it. */
  place: RecordPlace;
}

/**
 * Loads a room's document: from its own storage when it has state (upgraded to the current document
 * shape), else seeded from D1 (the newest pending draft, else the live row) and compacted at once. Throws `RoomLoadError` (404 for an unknown
 * room or page, 503 when unconfigured, 1011 when stored state does not decode) and never leaves a
 * half-loaded document behind: storage rows are decoded before anything is applied.
 *
 * @example
 * const room = await loadRoom({ name: "pages:12", env, doc, storage: ctx.storage, config, origin: LOAD });
 */
export async function loadRoom(input: {
  name: string;
  env: RoomEnv;
  doc: Doc;
  storage: DurableObjectStorage;
  config: PageRoomOptions | null;
  origin: unknown;
}): Promise<LoadedRoom> {
  const { config, env, doc, origin } = input;
  if (!config) throw new RoomLoadError(ROOM_CLOSE.LOAD_FAILED, 503, "this PageRoom class is not configured: export the one createCms returns");
  const address = parseRoomName(input.name);
  const deps = address ? config.collections(env)[address.collection] : undefined;
  if (!address || !deps) throw new RoomLoadError(ROOM_CLOSE.NOT_FOUND, 404, `no room ${input.name}`);
  const notNull = notNullFields(deps);
  const fields = roomFields(deps.config).map((field) => (notNull.has(field.name) ? { ...field, notNull: true } : field));
  const source = await translationSource(env.DB, deps, address.id);
  const translation = source && deps.localized ? { source, shared: deps.localized.shared } : null;
  const family = deps.localized ? await sourceOf(env.DB, tableMeta(deps.table), address.id) : null;
  const place: RecordPlace = { locale: family?.locale ?? null, sourceId: family && family.sourceId !== address.id ? family.sourceId : null };
  if (RoomStore.exists(input.storage)) {
    const store = new RoomStore(input.storage);
    if (store.hasState()) {
      store.loadInto(doc, origin);
      // A document stored before lists were structures is converted once, and stored converted; a
      // translation's shared fields are the source's as they stand now, whatever it stored.
      const upgraded = upgradeDocument(doc, fields, origin);
      const adopted = adoptShared(translation, doc, fields, translation?.source.values ?? {}, origin).changed.length > 0;
      if (upgraded || adopted) store.compact(doc);
      return { store, id: address.id, deps, fields, seeded: false, translation, place };
    }
  }
  const editable = await loadEditableDocument(env.DB, deps, address.id);
  if (!editable) throw new RoomLoadError(ROOM_CLOSE.NOT_FOUND, 404, `page ${address.id} not found`);
  const store = new RoomStore(input.storage);
  // A translation's shared fields are the source's: its room opens on those, never on its own copy.
  mergeFields(doc, fields, translation ? withSharedFields(editable.document, translation.source.values, translation.shared) : editable.document, origin);
  // A room whose storage is empty (a fresh deploy, an import) anchors D1's threads on the seeded words.
  await seedStoredThreads(env.DB, doc, fields, address.collection, address.id, origin);
  store.compact(doc);
  return { store, id: address.id, deps, fields, seeded: true, translation, place };
}
