import * as Y from "yjs";
import type { ListShape } from "../cores/list-shape";
import { applyTextDiff, mergeTextInto } from "../cores/merge";
import { isEntryId, newEntryId } from "../shared/entry-id";
import { insertOrdered, orderedItems, reorder } from "../shared/entry-order";
import { diffSequences, type Hunk } from "../shared/sequence-diff";
import { isEntry, plain, readEntry, readList, toEntries, toValue, type Entry } from "./room-entries";

/*
 * Merging a writer's list into the live one (a list's shape in the document: `room-entries.ts`).
 * A move changes the entry's position key (`src/shared/entry-order.ts`); its map stays.
 */

/**
 * Three-way merge of a writer's list into the live one. The writer read `base` and sent `next`;
 * live editors changed the array meanwhile. Entries are matched by `id` (entries without one, from
 * content older than ids, by position among entries of the same kind). What the writer added,
 * removed, moved or changed is applied; live edits it never saw stay: text is merged word by word
 * (`mergeTextInto`), and where both sides changed the same value, moved the same entry, or one
 * removed an entry the other changed, the live side wins (a conflict). With `base` null the list
 * is made equal to `next` (seeding, a restore). Returns the number of conflicts.
 *
 * @example
 * mergeList(doc.getArray("sections"), shape, baseSections, nextSections) // 0
 */
export function mergeList(array: Y.Array<unknown>, shape: ListShape, base: readonly unknown[] | null, next: readonly unknown[]): number {
  const live = orderedItems(array);
  const current = live.map((item) => (item instanceof Y.Map ? readEntry(item, shape) : plain(item)));
  const ids = identify(base ?? current, current, next);
  const baseById = byId(base ?? current, ids.base);
  const nextById = byId(next, ids.next);
  const currentIndex = new Map(ids.current.map((id, i) => [id, i]));
  let conflicts = 0;

  const removed = new Set<string>();
  ids.current.forEach((id, i) => {
    // Without a base the writer's list is the whole truth: items that are no entries go too.
    if (base === null && !isEntry(current[i])) removed.add(id);
    if (!baseById.has(id) || nextById.has(id)) return;
    if (sameContent(current[i], baseById.get(id))) removed.add(id);
    else conflicts += 1;
  });
  for (const id of ids.next) if (baseById.has(id) && !currentIndex.has(id) && !sameContent(baseById.get(id), nextById.get(id))) conflicts += 1;

  const moves = writerMoves(ids, currentIndex, baseById);
  conflicts += moves.conflicts;
  const stable = ids.current.filter((id) => !removed.has(id) && !moves.moved.has(id));
  const order = placeWriterEntries(stable, ids, baseById, currentIndex, moves.moved);

  const items = new Map<string, unknown>();
  live.forEach((item, i) => {
    const id = ids.current[i] as string;
    if (!removed.has(id)) items.set(id, item);
    else array.delete(array.toArray().indexOf(item), 1);
  });
  // A moved entry keeps its map (and the typing in it): only its position key changes.
  if (moves.moved.size > 0) {
    const kept = order.filter((id) => items.has(id)).map((id) => items.get(id));
    reorder(array, kept, new Set([...moves.moved].map((id) => items.get(id))));
  }
  // Entries the writer added go in where its list has them, in order, so each finds its predecessor placed.
  order.forEach((id, i) => {
    if (items.has(id)) return;
    const value = nextById.get(id);
    const made = isEntry(value) ? toEntries([{ ...value, id }], shape) : [value];
    insertOrdered(array, i, made);
    items.set(id, made[0]);
  });
  for (const id of order) {
    const item = items.get(id);
    if (!(item instanceof Y.Map)) continue;
    const after = nextById.get(id);
    if (after === undefined || !isEntry(after)) continue;
    const before = baseById.get(id);
    const from = isEntry(before) ? before : readEntry(item, shape);
    conflicts += mergeEntry(item, shape, from, after);
  }
  return conflicts;
}

/** The three lists' entries as keys: ids, or for entries without one, the key of the entry they align with. */
interface Identified {
  base: string[];
  current: string[];
  next: string[];
}

function identify(base: readonly unknown[], current: readonly unknown[], next: readonly unknown[]): Identified {
  // Items that are not entries never match anything: they are replaced whole.
  const seen = new Set<string>();
  const currentIds = current.map((item, i) => {
    // A repeated id (two peers' copies of one entry) keys only its first entry.
    if (!isEntry(item) || !isEntryId(item.id) || seen.has(item.id)) return `\u0000c${i}`;
    seen.add(item.id);
    return item.id;
  });
  const baseIds = align(base, current, currentIds, "b", false);
  // A writer whose list carries ids is taken at its word: an entry without one is new, unless it
  // stands for a base entry that had none either.
  const nextIds = align(next, base, baseIds, "n", next.some((item) => isEntry(item) && isEntryId(item.id)));
  return { base: baseIds, current: currentIds, next: nextIds.map((id) => (id.startsWith("\u0000n") ? newEntryId() : id)) };
}

/**
 * Keys for `items`: their own id when it is one (and not repeated), else the key of the entry of
 * `other` they align with, by kind and order, among those no id claimed (with `onlyLoose`, among
 * those that have no id of their own either); else a placeholder.
 */
function align(items: readonly unknown[], other: readonly unknown[], otherIds: readonly string[], tag: string, onlyLoose: boolean): string[] {
  const seen = new Set<string>();
  const keys = items.map((item) => {
    if (isEntry(item) && isEntryId(item.id) && !seen.has(item.id)) {
      seen.add(item.id);
      return item.id;
    }
    return null;
  });
  const loose = keys.flatMap((key, i) => (key === null ? [i] : []));
  const free = otherIds.flatMap((id, i) => {
    const entry = other[i];
    return seen.has(id) || !isEntry(entry) || (onlyLoose && isEntryId(entry.id)) ? [] : [i];
  });
  const kind = (item: unknown) => (isEntry(item) ? String(item.type ?? "") : "\u0000");
  for (const [a, b] of matchedPairs(diffSequences(loose.map((i) => kind(items[i])), free.map((i) => kind(other[i]))), loose.length)) {
    keys[loose[a] as number] = otherIds[free[b] as number] as string;
  }
  return keys.map((key, i) => key ?? `\u0000${tag}${i}`);
}

/** Index pairs of the items a diff left unchanged (the runs between its hunks). */
function matchedPairs(hunks: readonly Hunk[], aLength: number): [number, number][] {
  const pairs: [number, number][] = [];
  let a = 0;
  let b = 0;
  for (const hunk of hunks) {
    while (a < hunk.aStart) pairs.push([a++, b++]);
    a = hunk.aEnd;
    b = hunk.bEnd;
  }
  while (a < aLength) pairs.push([a++, b++]);
  return pairs;
}

function byId(items: readonly unknown[], ids: readonly string[]): Map<string, unknown> {
  return new Map(items.map((item, i) => [ids[i] as string, item]));
}

/**
 * Entries the writer moved (not in the longest run it kept in base order), minus those live
 * editors moved too (the live order wins: a conflict).
 */
function writerMoves(ids: Identified, currentIndex: ReadonlyMap<string, number>, baseById: ReadonlyMap<string, unknown>): { moved: Set<string>; conflicts: number } {
  const common = (list: readonly string[]) => list.filter((id) => baseById.has(id) && currentIndex.has(id) && ids.next.includes(id));
  const inBase = common(ids.base);
  const outOfOrder = (other: readonly string[]) => {
    const set = new Set<string>();
    for (const hunk of diffSequences(inBase, other)) for (let i = hunk.aStart; i < hunk.aEnd; i++) set.add(inBase[i] as string);
    return set;
  };
  const byWriter = outOfOrder(common(ids.next));
  const byLive = outOfOrder(common(ids.current));
  const moved = new Set([...byWriter].filter((id) => !byLive.has(id)));
  return { moved, conflicts: byWriter.size - moved.size };
}

/**
 * The final order: the live entries that stay, with each entry the writer added or moved put
 * right after its nearest predecessor in the writer's list (after any entries live editors added
 * there, so theirs come first).
 */
function placeWriterEntries(
  stable: readonly string[],
  ids: Identified,
  baseById: ReadonlyMap<string, unknown>,
  currentIndex: ReadonlyMap<string, number>,
  moved: ReadonlySet<string>,
): string[] {
  const order = [...stable];
  const liveOnly = (id: string) => !baseById.has(id) && !ids.next.includes(id);
  ids.next.forEach((id, j) => {
    const added = !baseById.has(id) && !currentIndex.has(id);
    if (!added && !moved.has(id)) return;
    let at = 0;
    for (let k = j - 1; k >= 0; k--) {
      const index = order.indexOf(ids.next[k] as string);
      if (index >= 0) {
        at = index + 1;
        break;
      }
    }
    while (at < order.length && liveOnly(order[at] as string)) at++;
    order.splice(at, 0, id);
  });
  return order;
}

/** Merges one entry's values into its live map; returns the conflicts. */
function mergeEntry(map: Y.Map<unknown>, shape: ListShape, base: Entry, next: Entry): number {
  let conflicts = 0;
  for (const key of new Set([...Object.keys(base), ...Object.keys(next)])) {
    if (key === "id") continue;
    const before = base[key];
    const after = next[key];
    if (sameJson(before, after)) continue;
    const live = map.get(key);
    const field = shape.fields.get(key);
    const now = live instanceof Y.Array && field?.kind === "list" ? readList(live, field.list) : live === undefined ? undefined : plain(live);
    if (sameJson(now, after)) continue;
    if (live instanceof Y.Text && typeof after === "string") {
      if (typeof before === "string") conflicts += mergeTextInto(live, before, after);
      else if (live.length === 0) applyTextDiff(live, after);
      else conflicts += 1;
    } else if (live instanceof Y.Array && field?.kind === "list" && Array.isArray(after)) {
      conflicts += mergeList(live, field.list, Array.isArray(before) ? before : null, after);
    } else if (!sameJson(now, before)) {
      conflicts += 1;
    } else if (after === undefined) {
      map.delete(key);
    } else {
      map.set(key, toValue(after, field));
    }
  }
  return conflicts;
}

/** Equal as content: the same JSON whatever the key order, ids aside (content older than ids has none). */
function sameContent(a: unknown, b: unknown): boolean {
  return canonical(a, true) === canonical(b, true);
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a, false) === canonical(b, false);
}

function canonical(value: unknown, withoutIds: boolean): string {
  return JSON.stringify(value, (key, inner: unknown) => {
    if (withoutIds && key === "id") return undefined;
    if (!isEntry(inner)) return inner;
    return Object.fromEntries(Object.keys(inner).sort().map((k) => [k, inner[k]]));
  }) ?? "undefined";
}
