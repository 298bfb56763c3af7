import * as Y from "yjs";
import { assertRecordAccess, type ScopedCollection } from "../cores/access";
import { recordAddress } from "../cores/collection";
import { assertAccess, isAddressInScope, needsAddress, readOnlyFieldsOf } from "../shared/access-check";
import { isScoped } from "../shared/access-scope";
import { HttpError } from "../shared/errors";
import { ROOM_CLOSE } from "../shared/room-protocol";
import type { EditorSession } from "../shared/session";
import { readFields, type RoomField } from "./room-document";
import { updatedFields } from "./room-guard";
import type { DecodedDeletes, DecodedStructs } from "./room-wire";

/** The room's timer that confirms every open connection's session (`RoomAdmission.confirmAll`). */
export const SESSION_CHECK = "session";

/**
 * Where a room's record is, beyond its fields (the document holds fields only): its locale and,
 * for a translation, its source (a translation lives at `/<locale>/<slug>`, see `recordAddress`).
 * Both `null` for a record of a collection that is not translated; `sourceId` `null` for a source.
 */
export interface RecordPlace {
  locale: string | null;
  sourceId: number | null;
}

/**
 * Why the account may not join this room (its collection, address or locale is outside its
 * scope), or `null`. The room's own document is the record's current content, so no read is
 * needed; `place` is where the record is (its locale, its source).
 *
 * @example
 * const refusal = admissionRefusal(editor, deps.config, doc, fields, { locale: "de", sourceId: 2 });
 * if (refusal) connection.close(ROOM_CLOSE.OUT_OF_SCOPE, refusal);
 */
export function admissionRefusal(session: EditorSession, config: ScopedCollection, doc: Y.Doc, fields: RoomField[], place: RecordPlace): string | null {
  if (!isScoped(session.access?.scope)) return null;
  return refusalOf(() => assertRecordAccess(session, config, { ...(needsAddress(session) ? plainValues(doc, fields) : {}), ...place }));
}

/**
 * Why an update of a scoped account is refused (with its close code), or `null`: it changes a field its scope makes
 * read-only, or it changes the record's address (a rename typed into the slug) to one outside its
 * `paths`. Unscoped accounts cost nothing here; the address is read only when a plain field the
 * address could come from is touched.
 *
 * @example
 * const reason = scopeRefusal(session, deps.config, doc, fields, place, parsed.structs, parsed.deletes, parsed.update);
 */
export function scopeRefusal(
  session: EditorSession,
  config: ScopedCollection,
  doc: Y.Doc,
  fields: RoomField[],
  place: RecordPlace,
  structs: DecodedStructs,
  deletes: DecodedDeletes | null,
  update: Uint8Array,
): { code: number; reason: string } | null {
  const scope = session.access?.scope;
  if (!isScoped(scope)) return null;
  const readOnly = readOnlyFieldsOf(scope, config.slug);
  const addressed = needsAddress(session);
  if (readOnly.length === 0 && !addressed) return null;
  const touched = updatedFields(doc, fields, structs, deletes);
  const denied = refusalOf(() => assertAccess(session, { collection: config.slug, fields: touched }));
  if (denied) return { code: ROOM_CLOSE.READ_ONLY_FIELD, reason: denied };
  if (!addressed) return null;
  const plain = plainFields(fields);
  if (!plain.some((field) => touched.has(field.name))) return null;
  const before = { ...readFields(doc, plain), ...place };
  const scratch = new Y.Doc();
  Y.applyUpdate(scratch, Y.encodeStateAsUpdate(doc));
  Y.applyUpdate(scratch, update);
  const next = recordAddress(config, { ...readFields(scratch, plain), ...place });
  if (next === recordAddress(config, before) || isAddressInScope(scope, next)) return null;
  return { code: ROOM_CLOSE.OUT_OF_SCOPE, reason: `${next ?? "a record without an address"} is outside this account's scope` };
}

/**
 * The scope rule for a write from outside the room (REST, inline save, the service binding) on
 * this room's record: the document is the record's current content, at `place`. `edit` may be
 * built from it (a leaf save). Throws the rule's 403.
 *
 * @example
 * assertRoomAccess(session, deps.config, doc, fields, { locale: "de", sourceId: 2 }, { title: "New" });
 */
export function assertRoomAccess(
  session: EditorSession,
  config: ScopedCollection,
  doc: Y.Doc,
  fields: RoomField[],
  place: RecordPlace,
  edit?: Record<string, unknown> | ((current: Record<string, unknown>) => Record<string, unknown>),
  mediaBase?: string,
): void {
  if (!isScoped(session.access?.scope)) return;
  const current = { ...readFields(doc, fields, mediaBase), ...place };
  assertRecordAccess(session, config, current, typeof edit === "function" ? edit(current) : edit);
}

/** The message of a scope refusal, or `null` when `check` passes. */
export function refusalOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}

/* Fields a record's address can come from: the plain ones (a slug, a title), never rich text or lists. */
function plainFields(fields: RoomField[]): RoomField[] {
  return fields.filter((field) => field.type !== "richtext" && !field.list);
}

function plainValues(doc: Y.Doc, fields: RoomField[]): Record<string, unknown> {
  return readFields(doc, plainFields(fields));
}
