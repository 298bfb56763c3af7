/**
 * The address an inline field carries in `data-cms-field="<collection>:<key>:<field>"`.
 * `path` splits a dotted field (`sections.2.heading`) into names and list indexes.
 */
export interface FieldAddress {
  collection: string;
  key: string;
  field: string;
  path: (string | number)[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const KEY = /^[A-Za-z0-9_-]{1,128}$/;
const INDEX = /^(?:0|[1-9]\d{0,5})$/;
/* Segments that would walk into an object's prototype when a path is applied to plain objects. */
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Parses a field marker address, or returns `null` when it is malformed. Shared by the browser
 * client (which reads markers) and the save endpoint (which receives them).
 *
 * @example
 * parseFieldAddress("pages:1:sections.2.heading")
 * // { collection: "pages", key: "1", field: "sections.2.heading", path: ["sections", 2, "heading"] }
 */
export function parseFieldAddress(address: string): FieldAddress | null {
  if (typeof address !== "string" || address.length > 512) return null;
  const parts = address.split(":");
  if (parts.length !== 3) return null;
  const [collection, key, field] = parts as [string, string, string];
  if (!NAME.test(collection) || !KEY.test(key)) return null;
  const segments = field.split(".");
  const path: (string | number)[] = [];
  for (const [i, segment] of segments.entries()) {
    if (INDEX.test(segment) && i > 0) path.push(Number(segment));
    else if (NAME.test(segment) && !FORBIDDEN.has(segment)) path.push(segment);
    else return null;
  }
  return { collection, key, field, path };
}

/**
 * Builds the marker address for a field.
 *
 * @example
 * formatFieldAddress("pages", 1, "title") // "pages:1:title"
 */
export function formatFieldAddress(collection: string, key: string | number, field: string): string {
  return `${collection}:${key}:${field}`;
}
