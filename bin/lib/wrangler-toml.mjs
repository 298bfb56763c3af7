// The parts of a site's wrangler.toml that `cms-toolkit deploy` reads and writes: the Worker's name
// and its D1, R2 and KV bindings. Read line by line, so that writing an id back changes that one
// value and keeps every comment, blank line and the order of the file.

/** The binding tables deploy provisions, and the key naming each one's resource. */
export const RESOURCE_TABLES = {
  d1_databases: { kind: "D1 database", nameKey: "database_name", idKey: "database_id" },
  r2_buckets: { kind: "R2 bucket", nameKey: "bucket_name", idKey: null },
  kv_namespaces: { kind: "KV namespace", nameKey: null, idKey: "id" },
};

const HEADER = /^\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(?:#.*)?$/;
const KEY_VALUE = /^(\s*)([A-Za-z0-9_-]+)(\s*=\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^#\s]+)(.*)$/;

/** The value of a TOML string or bare scalar as written on one line. */
function scalar(raw) {
  if (raw.startsWith('"')) return JSON.parse(raw);
  if (raw.startsWith("'")) return raw.slice(1, -1);
  return raw;
}

/**
 * An id that names no real resource yet: absent, empty, not hexadecimal (`<id from …>`), or one
 * whose first eight hex digits are zeros, as the ids `init` and the examples write are.
 *
 * @example
 * isPlaceholderId("00000000-0000-4000-8000-000000000000") // true
 */
export function isPlaceholderId(id) {
  if (typeof id !== "string") return true;
  const hex = id.replaceAll("-", "");
  return !/^[0-9a-f]{32}$/i.test(hex) || /^0{8}/.test(hex);
}

/**
 * The Worker's `name`, the keys of its `[vars]`, and each top-level `[[d1_databases]]`, `[[r2_buckets]]` and
 * `[[kv_namespaces]]` table with its keys, where `line` is the header's index and `end` the index
 * after its last key. A binding written as an inline array (`kv_namespaces = [{ … }]`) is refused,
 * since its id could not be written back in place.
 *
 * @example
 * readBindings(text) // { name: "my-site", vars: Set { "MEDIA_URL" }, tables: [{ table: "d1_databases", keys: { binding: "DB", … }, line: 20, end: 24 }] }
 */
export function readBindings(text) {
  const lines = text.split("\n");
  const tables = [];
  const vars = new Set();
  let name;
  let section = "";
  let current = null;
  for (const [index, line] of lines.entries()) {
    const header = HEADER.exec(line);
    if (header) {
      section = header[2];
      current = header[1] === "[[" && section in RESOURCE_TABLES ? { table: section, keys: {}, line: index, end: index + 1 } : null;
      if (current) tables.push(current);
      continue;
    }
    const pair = KEY_VALUE.exec(line);
    if (!pair || /^\s*#/.test(line)) continue;
    const [, , key, , raw] = pair;
    if (section === "" && key === "name") name = scalar(raw);
    if (section === "vars") vars.add(key);
    if (section === "" && key in RESOURCE_TABLES) {
      throw new Error(`wrangler.toml line ${index + 1}: write each ${key} binding as its own [[${key}]] table, so deploy can fill in its id`);
    }
    if (current) {
      current.keys[key] = scalar(raw);
      current.end = index + 1;
    }
  }
  return { name, tables, vars };
}

/**
 * `text` with `key = "value"` set in the binding table whose header is at line `at`: the existing
 * line's value replaced (its indentation and trailing comment kept), or a new line added after the
 * table's last key.
 *
 * @example
 * setBindingValue(text, 20, "database_id", "0f2a…")
 */
export function setBindingValue(text, at, key, value) {
  const lines = text.split("\n");
  const table = readBindings(text).tables.find((entry) => entry.line === at);
  if (!table) throw new Error(`no binding table at line ${at + 1}`);
  const quoted = JSON.stringify(value);
  for (let index = table.line + 1; index < table.end; index++) {
    const pair = KEY_VALUE.exec(lines[index]);
    if (pair && pair[2] === key && !/^\s*#/.test(lines[index])) {
      lines[index] = `${pair[1]}${key}${pair[3]}${quoted}${pair[5]}`;
      return lines.join("\n");
    }
  }
  lines.splice(table.end, 0, `${key} = ${quoted}`);
  return lines.join("\n");
}
