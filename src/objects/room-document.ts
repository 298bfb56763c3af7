import * as Y from "yjs";
import type { CollectionConfig, CollectionField, CollectionFieldType } from "../cores/collection";
import { listShape, type ListShape } from "../cores/list-shape";
import { applyTextDiff, mergeRichInto, mergeTextInto } from "../cores/merge";
import { fragmentToHtml, writeHtmlToFragment } from "../cores/rich-text";
import { isHttpError, type Violation } from "../shared/errors";
import { JSON_ROOT } from "../shared/room-protocol";
import { draftText } from "../shared/suggestion-draft";
import { readList, toEntries } from "./room-entries";
import { mergeList } from "./room-lists";

/*
 * The room's document schema, the contract any Yjs client joins with (docs/room-protocol.md):
 *
 *   text field               doc.getText(field)              plain string
 *   richtext field           doc.getXmlFragment(field)       ProseMirror nodes of `richSchema` (y-prosemirror)
 *   json field with catalog  doc.getArray(field)             entries: Y.Map with `id`, text as Y.Text (room-lists.ts)
 *   other json field         doc.getMap("json").get(field)   a JSON value, replaced whole
 *   number, boolean, date,   doc.getMap("json").get(field)   the stored value (a number, a boolean, ISO text,
 *   datetime, select, url,                                   an option's value, a URL, a slug, { src, alt }),
 *   slug, image field                                        replaced whole
 *
 * One root type per editable field of the collection, named after the field (a root cannot be
 * replaced by a peer). D1 stores rich text as sanitized HTML; the room converts with the rich-text
 * core (no DOM).
 */

/**
 * One editable field of the room document; `list` is set for a json field held as a list of
 * entries; `def` is its declaration, by which the guard judges a value held in the `json` map.
 */
export interface RoomField {
  name: string;
  type: CollectionFieldType;
  list?: ListShape;
  def?: CollectionField;
  /** Its live column is NOT NULL: the room refuses a null for it (publish could not copy one). */
  notNull?: boolean;
}

/**
 * Whether a field is held as one value in the `json` map (every type but text, rich text and lists).
 *
 * @example
 * isJsonMapField({ name: "price", type: "number" }) // true
 */
export function isJsonMapField(field: Pick<RoomField, "type" | "list">): boolean {
  return field.type !== "text" && field.type !== "richtext" && !field.list;
}

/**
 * The editable fields of a collection, in declaration order.
 *
 * @example
 * roomFields(pagesCollection) // [{ name: "slug", type: "text" }, …, { name: "sections", type: "json", list: {…} }]
 */
export function roomFields(config: CollectionConfig): RoomField[] {
  return Object.entries(config.fields).map(([name, field]) => ({
    name,
    type: field.type,
    def: field,
    ...(field.type === "json" && field.catalog ? { list: listShape(field.catalog) } : {}),
  }));
}

/**
 * Brings a document stored before lists were structures up to date: a list field still held as
 * one plain value in the `json` map moves into its root array (entries get ids). Returns whether
 * anything changed, so the caller can store the result.
 *
 * @example
 * if (upgradeDocument(doc, fields, LOAD)) store.compact(doc);
 */
export function upgradeDocument(doc: Y.Doc, fields: readonly RoomField[], origin: unknown): boolean {
  const json = doc.getMap<unknown>(JSON_ROOT);
  const stale = fields.filter((field) => field.list && json.has(field.name));
  if (stale.length === 0) return false;
  doc.transact(() => {
    for (const { name, list } of stale) {
      const value = toJson(json.get(name));
      json.delete(name);
      const array = doc.getArray<unknown>(name);
      if (array.length === 0 && Array.isArray(value)) array.insert(0, toEntries(value, list as ListShape));
    }
  }, origin);
  return true;
}

/**
 * Reads every field out of the document as a D1 snapshot would hold it (rich text as sanitized
 * HTML), open suggestions left as they were proposed against (`src/shared/suggestion-draft.ts`).
 *
 * @example
 * readFields(doc, fields) // { slug: "about", title: "About", body: "<p>…</p>", sections: [] }
 */
export function readFields(doc: Y.Doc, fields: RoomField[], mediaBase?: string): Record<string, unknown> {
  return readFieldsChecked(doc, fields, mediaBase).values;
}

/**
 * {@link readFields}, field by field: a field that cannot be converted (a peer nested it past the
 * rich-text depth limit, say) is left out of `values` and reported in `failed`, so it never blocks
 * the others.
 *
 * @example
 * readFieldsChecked(doc, fields) // { values: { title: "…" }, failed: [{ path: "body", message: "…", code: "unreadable" }] }
 */
export function readFieldsChecked(doc: Y.Doc, fields: RoomField[], mediaBase?: string): { values: Record<string, unknown>; failed: Violation[] } {
  const values: Record<string, unknown> = {};
  const failed: Violation[] = [];
  for (const { name, type, list } of fields) {
    try {
      if (type === "text") values[name] = draftText(doc.getText(name));
      else if (type === "richtext") values[name] = fragmentToHtml(doc.getXmlFragment(name), mediaBase ? { mediaBase } : {});
      else if (list) values[name] = readList(doc.getArray(name), list);
      else values[name] = toJson(doc.getMap(JSON_ROOT).get(name));
    } catch (error) {
      const reason = isHttpError(error) ? error.message : "its content cannot be converted";
      if (!isHttpError(error)) console.error(`page room: field ${name} cannot be read`, error);
      failed.push({ path: name, message: `${name}: ${reason}`, code: "unreadable" });
    }
  }
  return { values, failed };
}

/** What a merge into the live document did. */
export interface FieldMerge {
  /** Fields the document now holds differently. */
  changed: string[];
  /** Fields where part of the writer's change overlapped live edits, and the live edits won. */
  conflicts: string[];
}

/**
 * Merges field values into the document as one transaction with `origin`. With `bases` (the
 * values the writer started from) each field is a three-way merge, so live typing the writer never
 * saw survives: text by grapheme-level diffs ({@link mergeTextInto}), rich text block by block
 * ({@link mergeRichInto}), a list of entries entry by entry ({@link mergeList}: matched by id, text
 * by words, additions, removals and moves applied), any other json value whole (taken when the
 * live side left it as the base was, a conflict otherwise). Without a base a field is made equal
 * to the value (text by one splice, rich text by y-prosemirror's diffing writer, a list entry by
 * entry, json replaced). Fields equal to what the document holds are not touched.
 *
 * @example
 * mergeFields(doc, fields, { title: "New title" }, REST_ORIGIN, { title: "Old title" }) // { changed: ["title"], conflicts: [] }
 */
export function mergeFields(
  doc: Y.Doc,
  fields: RoomField[],
  values: Record<string, unknown>,
  origin: unknown,
  bases: Record<string, unknown> | null = null,
): FieldMerge {
  const merge: FieldMerge = { changed: [], conflicts: [] };
  doc.transact(() => {
    for (const { name, type, list } of fields) {
      if (!Object.hasOwn(values, name) || values[name] === undefined) continue;
      const value = values[name];
      const base = bases && Object.hasOwn(bases, name) ? bases[name] : undefined;
      const result = list
        ? mergeListField(doc.getArray(name), list, value, base)
        : type === "text" || type === "richtext"
          ? mergeString(doc, name, type, value === null ? "" : String(value), base)
          : mergeJson(doc, name, value, base);
      if (result.changed) merge.changed.push(name);
      if (result.conflict) merge.conflicts.push(name);
    }
  }, origin);
  return merge;
}

type MergeResult = { changed: boolean; conflict: boolean };

const UNCHANGED: MergeResult = { changed: false, conflict: false };

function mergeString(doc: Y.Doc, name: string, type: "text" | "richtext", next: string, base: unknown): MergeResult {
  if (type === "text") {
    const text = doc.getText(name);
    const before = text.toString();
    if (before === next) return UNCHANGED;
    const conflicts = typeof base === "string" ? mergeTextInto(text, base, next) : (applyTextDiff(text, next), 0);
    return { changed: text.toString() !== before, conflict: conflicts > 0 };
  }
  const fragment = doc.getXmlFragment(name);
  const before = fragmentToHtml(fragment);
  if (typeof base !== "string") {
    if (before === fragmentToHtml(probe(next))) return UNCHANGED;
    writeHtmlToFragment(next, fragment);
    return { changed: true, conflict: false };
  }
  const conflicts = mergeRichInto(fragment, base, next);
  return { changed: fragmentToHtml(fragment) !== before, conflict: conflicts > 0 };
}

function mergeListField(array: Y.Array<unknown>, list: ListShape, value: unknown, base: unknown): MergeResult {
  // Not a list (the draft check refuses it before any merge): the live list stays.
  if (!Array.isArray(value)) return { changed: false, conflict: true };
  const before = JSON.stringify(readList(array, list));
  const conflicts = mergeList(array, list, Array.isArray(base) ? base : null, value);
  return { changed: JSON.stringify(readList(array, list)) !== before, conflict: conflicts > 0 };
}

function mergeJson(doc: Y.Doc, name: string, value: unknown, base: unknown): MergeResult {
  const map = doc.getMap(JSON_ROOT);
  const current = JSON.stringify(toJson(map.get(name)));
  if (current === JSON.stringify(value)) return UNCHANGED;
  if (base !== undefined && JSON.stringify(base) === JSON.stringify(value)) return UNCHANGED;
  if (base !== undefined && JSON.stringify(base) !== current) return { changed: false, conflict: true };
  map.set(name, value);
  return { changed: true, conflict: false };
}

/**
 * The fields of `current` whose JSON differs from `base`: the partial edit a flush sends.
 *
 * @example
 * changedFields({ title: "B", slug: "a" }, { title: "A", slug: "a" }) // { title: "B" }
 */
export function changedFields(current: Record<string, unknown>, base: Record<string, unknown> | null): Record<string, unknown> {
  const edit: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(current)) {
    if (!base || JSON.stringify(base[name]) !== JSON.stringify(value)) edit[name] = value;
  }
  return edit;
}

/** HTML as the room would read it back after writing it: compares a REST value to the fragment. */
function probe(html: string): Y.XmlFragment {
  const fragment = new Y.Doc().getXmlFragment("probe");
  writeHtmlToFragment(html, fragment);
  return fragment;
}

/** A json field's value as plain JSON, whether a peer stored a plain value or a nested Y type. */
function toJson(value: unknown): unknown {
  if (value instanceof Y.AbstractType) return value.toJSON();
  return value === undefined ? null : value;
}
