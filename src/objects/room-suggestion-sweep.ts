import type * as Y from "yjs";
import { SUGGESTIONS_ROOT } from "../shared/review-suggestions";
import type { RoomField } from "./room-document";
import { unmarkedSuggestions } from "./room-suggestions";

/** Transaction origin of the room dropping suggestions whose content is gone (no editor's edit). */
export const SWEEP_ORIGIN = Symbol("page-room:suggestion-sweep");

/**
 * Drops open suggestions whose marked content is gone (an undo of one's own suggestion takes the
 * content back, and a client may never delete an entry of `cms:suggestions`). Run at each commit
 * of the room, it drops an entry unmarked at this commit and the one before: a client writes a
 * suggestion's metadata in a transaction just before its content, so an entry seen unmarked once
 * may still be waiting for its content, never twice.
 *
 * @example
 * const sweep = new SuggestionSweep(doc, fields);
 * sweep.run(); // [] the first time an entry is unmarked, ["s1"] the next
 */
export class SuggestionSweep {
  readonly #doc: Y.Doc;
  readonly #fields: readonly RoomField[];
  #unmarked = new Set<string>();

  constructor(doc: Y.Doc, fields: readonly RoomField[]) {
    this.#doc = doc;
    this.#fields = fields;
  }

  /** Drops what was unmarked at the last run too; returns the ids dropped. */
  run(): string[] {
    const unmarked = unmarkedSuggestions(this.#doc, this.#fields);
    const drop = unmarked.filter((id) => this.#unmarked.has(id));
    this.#unmarked = new Set(unmarked.filter((id) => !this.#unmarked.has(id)));
    if (drop.length > 0) {
      const root = this.#doc.getMap<unknown>(SUGGESTIONS_ROOT);
      this.#doc.transact(() => {
        for (const id of drop) root.delete(id);
      }, SWEEP_ORIGIN);
    }
    return drop;
  }
}
