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


/** This page's own writes through REST (a restore from the history panel), to tell them apart. */
export interface OwnWrites {
  /** A write of `fields` starts; call the returned function when its answer has come. */
  started(fields: readonly string[]): (saved: boolean) => void;
  /** Whether a room's `edited` event of `fields` is one of this page's own writes (each counts once). */
  isOwn(fields: readonly string[]): boolean;
}

/* How long after its answer a write's own `edited` event may still arrive (it travels on the socket). */
const OWN_WRITE_GRACE_MS = 10_000;

/**
 * The writes this page made from outside the room (the history panel restores through the draft
 * endpoint, and the room tells every editor, this one too, that a draft came "from outside"). An
 * `edited` event whose fields are all of one pending write is that write, so its author is not
 * told their own restore came from outside.
 *
 * @example
 * const own = createOwnWrites();
 * const over = own.started(["title", "body"]); // before the POST
 * over(true);                                   // after it
 * own.isOwn(["title"]) // true, once
 */
export function createOwnWrites(now: () => number = () => Date.now()): OwnWrites {
  const pending: { fields: Set<string>; until: number }[] = [];
  return {
    started(fields) {
      const write = { fields: new Set(fields), until: Number.POSITIVE_INFINITY };
      pending.push(write);
      return (saved) => {
        if (saved) write.until = now() + OWN_WRITE_GRACE_MS;
        else pending.splice(pending.indexOf(write), 1);
      };
    },
    isOwn(fields) {
      if (fields.length === 0) return false;
      const at = now();
      for (let i = pending.length - 1; i >= 0; i--) if (pending[i]!.until < at) pending.splice(i, 1);
      const index = pending.findIndex((write) => fields.every((field) => write.fields.has(field)));
      if (index < 0) return false;
      pending.splice(index, 1);
      return true;
    },
  };
}
