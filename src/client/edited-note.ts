import type { FieldMarker } from "./markers";
import { humanName } from "./human-name";

/**
 * The note for a write from outside the page (REST, inline save, service binding) that changed
 * `fields` of the page: said only when the editor is looking at one of them (`lookedAt`: it has
 * focus or is on screen), since a change elsewhere interrupts nobody. `null` when there is nothing
 * to say.
 *
 * @example
 * editedNote(found, ["title"], "Pat Publisher", (el) => isOnScreen(el)) // "Pat Publisher changed title from outside this page"
 */
export function editedNote<E>(items: readonly { element: E; marker: Pick<FieldMarker, "root"> }[], fields: readonly string[], by: string, lookedAt: (element: E) => boolean): string | null {
  const changed = new Set(fields);
  const names = [...new Set(items.filter(({ element, marker }) => changed.has(marker.root) && lookedAt(element)).map(({ marker }) => humanName(marker.root)))];
  return names.length ? `${by || "Someone"} changed ${names.join(", ")} from outside this page` : null;
}

