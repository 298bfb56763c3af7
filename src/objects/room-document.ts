import * as Y from "yjs";
import type { CollectionConfig, CollectionFieldType } from "../cores/collection";
import { applyTextDiff, fragmentToHtml, writeHtmlToFragment } from "../cores/rich-text";

/*
 * The room's document schema, the contract any Yjs client joins with:
 *
 *   text field      doc.getText(field)              plain string
 *   richtext field  doc.getXmlFragment(field)       ProseMirror nodes of `richSchema` (y-prosemirror)
 *   json field      doc.getMap("json").get(field)   a JSON value, replaced whole
 *
 * One root type per editable field of the collection, named after the field. D1 stores rich text as
 * sanitized HTML; the room converts with the rich-text core (no DOM), and a json value is written
 * as one plain value so two editors' structured edits never interleave into an invalid shape.
 */

/** Root map holding the collection's json fields, keyed by field name. */
export const JSON_ROOT = "json";

/** One editable field of the room document. */
export interface RoomField {
  name: string;
  type: CollectionFieldType;
}

/**
 * The editable fields of a collection, in declaration order.
 *
 * @example
 * roomFields(pagesCollection) // [{ name: "slug", type: "text" }, …, { name: "sections", type: "json" }]
 */
export function roomFields(config: CollectionConfig): RoomField[] {
  return Object.entries(config.fields).map(([name, field]) => ({ name, type: field.type }));
}

/**
 * Reads every field out of the document as a D1 snapshot would hold it (rich text as sanitized HTML).
 *
 * @example
 * readFields(doc, fields) // { slug: "about", title: "About", body: "<p>…</p>", sections: [] }
 */
export function readFields(doc: Y.Doc, fields: RoomField[], mediaBase?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, type } of fields) {
    if (type === "text") out[name] = doc.getText(name).toString();
    else if (type === "richtext") out[name] = fragmentToHtml(doc.getXmlFragment(name), mediaBase ? { mediaBase } : {});
    else out[name] = toJson(doc.getMap(JSON_ROOT).get(name));
  }
  return out;
}

/**
 * Merges field values into the document as one transaction with `origin`: text by a minimal
 * splice (so live typing around it survives; with `bases`, the value the writer started from, the
 * splice is a three-way merge, see {@link mergeText}), rich text by y-prosemirror's diffing
 * writer, json replaced whole. Fields equal to what the document holds are not touched. Returns
 * the names of the fields it changed.
 *
 * @example
 * mergeFields(doc, fields, { title: "New title" }, REST_ORIGIN) // ["title"]
 */
export function mergeFields(
  doc: Y.Doc,
  fields: RoomField[],
  values: Record<string, unknown>,
  origin: unknown,
  bases: Record<string, unknown> | null = null,
): string[] {
  const changed: string[] = [];
  doc.transact(() => {
    for (const { name, type } of fields) {
      if (!Object.hasOwn(values, name) || values[name] === undefined) continue;
      const value = values[name];
      if (type === "text") {
        const text = doc.getText(name);
        const next = value === null ? "" : String(value);
        if (text.toString() === next) continue;
        const base = bases?.[name];
        if (typeof base === "string") mergeText(text, base, next);
        else applyTextDiff(text, next);
      } else if (type === "richtext") {
        const fragment = doc.getXmlFragment(name);
        const next = typeof value === "string" ? value : "";
        if (fragmentToHtml(fragment) === fragmentToHtml(probe(next))) continue;
        writeHtmlToFragment(next, fragment);
      } else {
        const map = doc.getMap(JSON_ROOT);
        if (JSON.stringify(toJson(map.get(name))) === JSON.stringify(value)) continue;
        map.set(name, value);
      }
      changed.push(name);
    }
  }, origin);
  return changed;
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

/**
 * Three-way merge of a plain-text field: `next` was written against `base` (what the writer last
 * read), while live editors changed `base` into the text's current value. The writer's change is
 * one splice of `base`; when it does not overlap the editors' changed span it is applied at the
 * same place in the current text (shifted past their edit), so both sides survive. When the two
 * overlap, the writer wins on that span by a minimal splice of the current text.
 *
 * @example
 * // base "middle", editors typed "middlexy", a REST save sends "Start middle"
 * mergeText(text, "middle", "Start middle") // text is now "Start middlexy"
 */
export function mergeText(text: Y.Text, base: string, next: string): void {
  const current = text.toString();
  if (current === base) return applyTextDiff(text, next);
  const ours = splice(base, next);
  const theirs = splice(base, current);
  const oursEnd = ours.start + ours.deleted;
  const theirsEnd = theirs.start + theirs.deleted;
  if (oursEnd <= theirs.start) {
    applySplice(text, ours.start, ours.deleted, ours.inserted);
  } else if (ours.start >= theirsEnd) {
    applySplice(text, ours.start + current.length - base.length, ours.deleted, ours.inserted);
  } else {
    applyTextDiff(text, next);
  }
}

function splice(from: string, to: string): { start: number; deleted: number; inserted: string } {
  const max = Math.min(from.length, to.length);
  let start = 0;
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)) end++;
  // Never split a surrogate pair: Yjs would turn each half into U+FFFD.
  if (start > 0 && isSurrogate(from.charCodeAt(start - 1), 0xd800)) start--;
  if (end > 0 && isSurrogate(from.charCodeAt(from.length - end), 0xdc00)) end--;
  return { start, deleted: from.length - start - end, inserted: to.slice(start, to.length - end) };
}

function isSurrogate(code: number, low: number): boolean {
  return code >= low && code <= low + 0x3ff;
}

function applySplice(text: Y.Text, start: number, deleted: number, inserted: string): void {
  if (deleted > 0) text.delete(start, deleted);
  if (inserted !== "") text.insert(start, inserted);
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
