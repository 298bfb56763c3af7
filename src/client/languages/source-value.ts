import { isEntryId } from "../../shared/entry-id";

/* Kept free of the DOM, so the unit tests read it in workerd. */

/**
 * The source's value at a translation's field (`marker`'s root, then down its path). In a list,
 * the entry at the marker's position in the translation (`own`) is found in the source by its id;
 * an entry without an id (or no `own` to read it from) is taken at the same position. `null` when
 * the source has no such entry: one the translation added.
 *
 * @example
 * sourceValueAt({ sections: [{ id: "a", heading: "Hi" }, { id: "b", heading: "Bye" }] }, { sections: [{ id: "b", heading: "Tschüss" }] }, marker) // sections.0.heading: { value: "Bye" }
 */
export function sourceValueAt(source: Record<string, unknown>, own: Record<string, unknown> | null, marker: { root: string; below: readonly (string | number)[] }): { value: unknown } | null {
  let value: unknown = source[marker.root];
  let mine: unknown = own?.[marker.root];
  for (const step of marker.below) {
    if (value === null || typeof value !== "object") return { value: undefined };
    const entry = Array.isArray(mine) && typeof step === "number" ? (mine[step] as unknown) : undefined;
    const id = entry !== null && typeof entry === "object" ? (entry as { id?: unknown }).id : undefined;
    if (Array.isArray(value) && isEntryId(id)) {
      value = value.find((candidate: unknown) => candidate !== null && typeof candidate === "object" && (candidate as { id?: unknown }).id === id);
      if (value === undefined) return null;
    } else value = (value as Record<string | number, unknown>)[step];
    mine = mine !== null && typeof mine === "object" ? (mine as Record<string | number, unknown>)[step] : undefined;
  }
  return { value };
}
