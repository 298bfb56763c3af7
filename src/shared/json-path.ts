import { HttpError } from "./errors";

/**
 * Reads the value at `path` inside a JSON value, or `undefined` when the path does not exist.
 *
 * @example
 * readPath({ items: [{ title: "A" }] }, ["items", 0, "title"]) // "A"
 */
export function readPath(value: unknown, path: readonly (string | number)[]): unknown {
  let node = value;
  for (const segment of path) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/**
 * Returns a copy of a JSON value with `leaf` written at `path`, or `null` when the path does not
 * exist (a list item removed by someone else): the edit is then dropped rather than inventing
 * structure the sections editor does not know.
 *
 * @example
 * writePath([{ heading: "A" }], [0, "heading"], "B") // [{ heading: "B" }]
 */
export function writePath(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value) && typeof head === "number" && head < value.length) {
    const inner = writePath(value[head], rest, leaf);
    if (inner === null && rest.length > 0) return null;
    return value.map((item, i) => (i === head ? inner : item));
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value) && typeof head === "string" && (rest.length === 0 || Object.hasOwn(value, head))) {
    const inner = writePath((value as Record<string, unknown>)[head], rest, leaf);
    if (inner === null && rest.length > 0) return null;
    return { ...(value as Record<string, unknown>), [head]: inner };
  }
  return null;
}

/**
 * A copy of `container` with the leaf at `segments` replaced ({@link writePath}). Only existing
 * list items and objects are walked: an index past the end of a list is a 400, never an append.
 *
 * @example
 * setAtPath([{ heading: "a" }], [0, "heading"], "b") // [{ heading: "b" }]
 * setAtPath([], [3, "heading"], "b") // throws 400 index_out_of_range
 */
export function setAtPath(container: unknown, segments: readonly (string | number)[], value: unknown, path = ""): unknown {
  const next = writePath(container, segments, value);
  if (next === null && segments.length > 0) {
    throw new HttpError(400, `${[path, ...segments].filter((s) => s !== "").join(".")} is out of range`, { code: "index_out_of_range" });
  }
  return next;
}
