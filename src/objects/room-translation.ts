import type * as Y from "yjs";
import { assertNoSharedWrite, sharedFieldError, type TranslationSource } from "../cores/translations/shared-fields";
import { mergeFields, readFields, type RoomField } from "./room-document";
import { updatedFields } from "./room-guard";
import type { DecodedDeletes, DecodedStructs } from "./room-wire";

/*
 * A translation's room (issue 37): its shared fields are the source's, so the room refuses every
 * change to them, from its socket as from outside, the way it refuses a read-only field, and takes
 * the source's values whenever the source's draft changes them (its room tells it) or it loads.
 */

/** What a translation's room knows of its source: where the shared fields are edited, and which they are. */
export interface RoomTranslation {
  source: TranslationSource;
  shared: readonly string[];
}

/**
 * Why an update is refused for changing a shared field of a translation, or `null` (always for a
 * room that is no translation). The sender is closed with 4423, like a read-only field.
 *
 * @example
 * const refusal = sharedRefusal(translation, doc, fields, parsed.structs, parsed.deletes);
 * if (refusal) refuse(connection, refusal, parsed.structs, ROOM_CLOSE.READ_ONLY_FIELD);
 */
export function sharedRefusal(translation: RoomTranslation | null, doc: Y.Doc, fields: readonly RoomField[], structs: DecodedStructs, deletes: DecodedDeletes | null): string | null {
  if (!translation || translation.shared.length === 0) return null;
  const touched = updatedFields(doc, fields, structs, deletes);
  const refused = translation.shared.filter((field) => touched.has(field));
  return refused.length === 0 ? null : sharedFieldError(refused, translation.source).message;
}

/**
 * The shared-field rule for a write from outside the room (REST, inline save, the service
 * binding): `edit` (or the edit built from the document, as a leaf save's is) may not change a
 * shared field. Throws the 403 `shared_field`.
 *
 * @example
 * assertRoomShared(translation, doc, fields, { title: "Neu" });
 */
export function assertRoomShared(
  translation: RoomTranslation | null,
  doc: Y.Doc,
  fields: RoomField[],
  edit: Record<string, unknown> | ((current: Record<string, unknown>) => Record<string, unknown>) | undefined,
  mediaBase?: string,
): void {
  if (!translation || translation.shared.length === 0 || edit === undefined) return;
  const current = readFields(doc, fields.filter((field) => translation.shared.includes(field.name)), mediaBase);
  const changes = typeof edit === "function" ? edit(readFields(doc, fields, mediaBase)) : edit;
  assertNoSharedWrite(translation.shared, current, changes, translation.source);
}

/**
 * The shared fields as `doc` holds them, as JSON text: a source's room compares it after each
 * draft write with what it last told its translations.
 *
 * @example
 * const now = sharedText(doc, fields, ["slug", "sections"]);
 */
export function sharedText(doc: Y.Doc, fields: readonly RoomField[], shared: readonly string[], mediaBase?: string): string {
  return JSON.stringify(readFields(doc, fields.filter((field) => shared.includes(field.name)), mediaBase));
}

/**
 * A translation's room taking its source's new shared values: the document's shared fields are
 * made equal to them (no editor of a translation may write them, so nothing is merged against),
 * and the room's picture of its source follows. Answers the fields that changed and the new
 * picture; a room that is no translation changes nothing.
 *
 * @example
 * const { changed, translation } = adoptShared(room.translation, doc, fields, values, FROM_D1);
 */
export function adoptShared(
  translation: RoomTranslation | null,
  doc: Y.Doc,
  fields: readonly RoomField[],
  values: Record<string, unknown>,
  origin: unknown,
): { changed: string[]; translation: RoomTranslation | null } {
  if (!translation || translation.shared.length === 0) return { changed: [], translation };
  const taken = Object.fromEntries(translation.shared.filter((field) => Object.hasOwn(values, field)).map((field) => [field, values[field]]));
  const { changed } = mergeFields(doc, fields.filter((field) => translation.shared.includes(field.name)), taken, origin);
  return { changed, translation: { ...translation, source: { ...translation.source, values: { ...translation.source.values, ...taken } } } };
}
