import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { insertOrdered, orderedItems, POSITION_KEY, reorder } from "../../src/shared/entry-order";
import { isPositionKey, keyBetween, keysBetween, MAX_POSITION_KEY, placeKeys } from "../../src/shared/position-key";

const key = fc.stringMatching(/^[0-9A-Za-z]{0,8}[1-9A-Za-z]$/);

describe("position keys", () => {
  it("makes a key strictly between any two distinct keys, and none between equal or reversed ones", () => {
    fc.assert(
      fc.property(fc.option(key), fc.option(key), (a, b) => {
        const between = keyBetween(a, b);
        if (a !== null && b !== null && a >= b) {
          expect(between).toBeNull();
          return;
        }
        expect(isPositionKey(between)).toBe(true);
        if (a !== null) expect(a < (between as string)).toBe(true);
        if (b !== null) expect((between as string) < b).toBe(true);
      }),
    );
  });

  it("gives many increasing keys between two, short ones", () => {
    const keys = keysBetween(null, null, 1000) as string[];
    expect(keys.every((k, i) => i === 0 || (keys[i - 1] as string) < k)).toBe(true);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(3);
  });

  it("stays within the maximum length, and places keys afresh when a gap has closed", () => {
    let last = "V";
    let next: string | null = "W";
    for (let i = 0; next !== null; i++) (last = next), (next = keyBetween("V", last));
    expect(last.length).toBe(MAX_POSITION_KEY);
    const keys = placeKeys([{ key: "V", keep: true }, { key: null, keep: false }, { key: last, keep: true }]);
    expect(keys.every((k, i) => isPositionKey(k) && (i === 0 || (keys[i - 1] as string) < k))).toBe(true);
  });

  it("keeps the longest increasing run of keepable keys and gives the others keys in between", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ key: fc.option(key), keep: fc.boolean() }), { maxLength: 30 }), (items) => {
        const keys = placeKeys(items);
        expect(keys).toHaveLength(items.length);
        expect(keys.every((k, i) => isPositionKey(k) && (i === 0 || (keys[i - 1] as string) < k))).toBe(true);
        const sorted = items.every((item, i) => item.keep && item.key !== null && (i === 0 || (items[i - 1]?.key as string) < item.key));
        if (sorted) expect(keys).toEqual(items.map((item) => item.key));
      }),
    );
  });
});

const entry = (id: string, pos?: string) => {
  const map = new Y.Map<unknown>();
  map.set("id", id);
  if (pos !== undefined) map.set(POSITION_KEY, pos);
  return map;
};
const ids = (array: Y.Array<unknown>) => orderedItems(array).map((item) => (item as Y.Map<unknown>).get("id"));

describe("the order of a list of entries", () => {
  it("is array order without keys, key order with them, and an item without a key follows the item before it in the array", () => {
    const doc = new Y.Doc();
    const list = doc.getArray<unknown>("sections");
    list.insert(0, [entry("a"), entry("b"), entry("c")]);
    expect(ids(list)).toEqual(["a", "b", "c"]);
    list.delete(0, 3);
    list.insert(0, [entry("a", "k"), entry("b", "F"), entry("x"), entry("c", "V")]);
    expect(ids(list)).toEqual(["b", "x", "c", "a"]);
  });

  it("moves an entry by its key alone: the same map, one key set", () => {
    const doc = new Y.Doc();
    const list = doc.getArray<unknown>("sections");
    list.insert(0, [entry("a"), entry("b"), entry("c")]);
    const [a, b, c] = orderedItems(list) as Y.Map<unknown>[];
    reorder(list, [c, a, b], new Set([c]));
    expect(ids(list)).toEqual(["c", "a", "b"]);
    expect(list.toArray()).toEqual([a, b, c]);
    const keys = () => [a, b, c].map((m) => m?.get(POSITION_KEY));
    const before = keys();
    reorder(list, [c, b, a], new Set([a]));
    expect(ids(list)).toEqual(["c", "b", "a"]);
    expect(keys().slice(1)).toEqual(before.slice(1));
  });

  it("inserts at a place of the order, with a key in a list that has keys, without one in a list that has none", () => {
    const doc = new Y.Doc();
    const list = doc.getArray<unknown>("sections");
    list.insert(0, [entry("a"), entry("b")]);
    insertOrdered(list, 1, [entry("n")]);
    expect(ids(list)).toEqual(["a", "n", "b"]);
    expect(list.toArray().every((m) => !(m as Y.Map<unknown>).has(POSITION_KEY))).toBe(true);
    const [a, n, b] = orderedItems(list);
    reorder(list, [b, a, n], new Set([b]));
    insertOrdered(list, 1, [entry("m")]);
    expect(ids(list)).toEqual(["b", "m", "a", "n"]);
    expect(list.toArray().every((m) => isPositionKey((m as Y.Map<unknown>).get(POSITION_KEY)))).toBe(true);
  });
});
