import { POSITION_KEY } from "../shared/entry-order";
import type { FieldDef } from "./field-types";
import type { SectionCatalog, SectionFieldDef } from "./sections";

/** How one key of a list entry is held in the live room. */
export type EntryFieldShape =
  /** Plain text merged by character (`Y.Text`). */
  | { kind: "text" }
  /** A nested list of entries (`Y.Array` of `Y.Map`). */
  | { kind: "list"; list: ListShape }
  /** One value replaced whole (an image, a URL, a number, a boolean, a date, a choice, rich HTML), judged by its declaration. */
  | { kind: "value"; def: FieldDef };

/**
 * The shape of a list of entries (a page's `sections`, a section's `items`), as the live room
 * holds it: every key an entry may carry, with how it is held. One key has one shape across all
 * the catalog's kinds, so an entry whose `type` changes never needs its values converted.
 */
export interface ListShape {
  /** The entry kinds the list admits (the catalog's names); `null` for a nested list, whose entries carry no kind. */
  types: ReadonlySet<string> | null;
  /** The keys entries may carry besides `type` and `id`, in declaration order. */
  fields: ReadonlyMap<string, EntryFieldShape>;
}

/** Keys every entry may carry besides its declared fields: its kind and its stable id. */
export const ENTRY_KEYS: readonly string[] = ["type", "id"];

/**
 * The shape of a section list from its catalog. Throws a `TypeError` at start-up when two kinds
 * declare one key differently (a `heading` that is text in one section and a number in another),
 * or declare `type` or `id` as a field.
 *
 * @example
 * listShape({ hero: { fields: { heading: { type: "text" } } } }).fields.get("heading") // { kind: "text" }
 */
export function listShape(catalog: SectionCatalog): ListShape {
  return { types: new Set(Object.keys(catalog)), fields: fieldShapes(Object.values(catalog).map((def) => def.fields), "sections") };
}

function fieldShapes(groups: readonly Record<string, SectionFieldDef>[], path: string): Map<string, EntryFieldShape> {
  const defs = new Map<string, SectionFieldDef[]>();
  for (const group of groups) {
    for (const [key, def] of Object.entries(group)) {
      if (ENTRY_KEYS.includes(key) || key === POSITION_KEY) throw new TypeError(`${path}: "${key}" is kept for every entry and cannot be declared as a field`);
      defs.set(key, [...(defs.get(key) ?? []), def]);
    }
  }
  const shapes = new Map<string, EntryFieldShape>();
  for (const [key, list] of defs) {
    const kinds = new Set(list.map((def) => def.type));
    if (kinds.size > 1) throw new TypeError(`${path}.${key} is declared as ${[...kinds].join(" and ")}: one key has one type in every kind of entry`);
    const first = list[0] as SectionFieldDef;
    if (first.type === "list") {
      const of = list.map((def) => (def as Extract<SectionFieldDef, { type: "list" }>).of);
      shapes.set(key, { kind: "list", list: { types: null, fields: fieldShapes(of, `${path}.${key}`) } });
    } else if (first.type === "text") shapes.set(key, { kind: "text" });
    else {
      const def = valueDef(first);
      if (list.some((other) => JSON.stringify(valueDef(other)) !== JSON.stringify(def))) {
        throw new TypeError(`${path}.${key} is declared with different options in different kinds: one key has one declaration`);
      }
      shapes.set(key, { kind: "value", def });
    }
  }
  return shapes;
}

/** A value field's declaration as the room judges it: without `required` (a draft may leave it empty) or the image's editor hint. */
function valueDef(def: SectionFieldDef): FieldDef {
  if (def.type === "image") return { type: "image" };
  const { required: _required, ...rest } = def as Exclude<SectionFieldDef, { type: "list" | "image" }>;
  return rest as FieldDef;
}
