import type { Table } from "drizzle-orm";
import type { D1Client } from "../d1-client";
import { mediaKeyOf } from "../sanitize";
import { ident, tableMeta } from "../table-meta";

/** A content table and the columns (property names) that may hold media URLs: text, JSON or HTML. */
export interface MediaReferenceTarget {
  table: Table;
  fields: readonly string[];
  /** The table holds drafts only (a versions table): visitors never see what it references. */
  drafts?: boolean;
}

/** One place that still points at an asset. `table` is the SQL table name, `field` the property name. */
export interface MediaReference {
  table: string;
  id: unknown;
  field: string;
}

/** Rows reported per table at most; one is enough to refuse a delete, a few help the editor find them. */
const MAX_PER_TABLE = 50;

/**
 * Finds rows whose configured columns mention the asset `key` under `mediaBase`, in any spelling the
 * strict media rule accepts (`mediaKeyOf`: scheme and host in any case, doubled slashes) and as a
 * path on the site (`/media/<key>`). SQLite's `instr` finds candidates by the key in one batch;
 * each hit is then confirmed in code by reading the whole address around the key, so `…/a.png` is
 * not reported for a column that only holds `…/a.png2`, `…/a.png/b` or another host's `…/a.png`.
 *
 * @example
 * await findMediaReferences(env.DB, [{ table: pages, fields: ["body", "sections"] }], "https://m.test", "a.png")
 * // [{ table: "pages", id: 3, field: "sections" }]
 */
export async function findMediaReferences(db: D1Client, targets: readonly MediaReferenceTarget[], mediaBase: string, key: string): Promise<MediaReference[]> {
  if (targets.length === 0 || key === "") return [];
  const plans = targets.map(({ table, fields }) => {
    const meta = tableMeta(table);
    const columns = fields.map((field) => {
      const column = meta.columns[field];
      if (!column) throw new TypeError(`media reference scan: ${meta.name} has no column for field ${field}`);
      return { field, name: column.name };
    });
    const pk = meta.columns[meta.primaryKey]!.name;
    const select = [`${ident(pk)} AS "__id"`, ...columns.map((c, i) => `${ident(c.name)} AS "__f${i}"`)].join(", ");
    const where = columns.map((c) => `instr(${ident(c.name)}, ?1) > 0`).join(" OR ");
    const sql = `SELECT ${select} FROM ${ident(meta.name)} WHERE ${where} ORDER BY ${ident(pk)} LIMIT ${MAX_PER_TABLE}`;
    return { name: meta.name, columns, statement: db.prepare(sql).bind(key) };
  });
  const results = await db.batch<Record<string, unknown>>(plans.map((p) => p.statement));
  const references: MediaReference[] = [];
  plans.forEach((plan, t) => {
    for (const row of results[t]?.results ?? []) {
      plan.columns.forEach((column, i) => {
        const value = row[`__f${i}`];
        if (typeof value === "string" && mentionsMedia(value, mediaBase, key)) references.push({ table: plan.name, id: row.__id, field: column.field });
      });
    }
  });
  return references;
}

/** Characters that would continue a key or path after it, making it a different object. */
const CONTINUES = /[A-Za-z0-9._~%/-]/;
/** Characters that end an address written in HTML, JSON, CSS or plain text. */
const ENDS = /[\s"'<>()`,=]/;

/**
 * Whether `text` holds an address of `key` under `mediaBase`: each occurrence of the key that no
 * key character continues is read back to where its address starts, and that address must name
 * the key by {@link mediaKeyOf}. A JSON column is also read leaf by leaf, so an address whose
 * backslashes JSON escapes is seen as stored.
 *
 * @example
 * mentionsMedia('<img src="HTTP://M.TEST//a.png">', "https://m.test", "a.png") // true
 * mentionsMedia("https://m.test/a.png2", "https://m.test", "a.png") // false
 */
export function mentionsMedia(text: string, mediaBase: string, key: string): boolean {
  if (!text.includes(key)) return false;
  if (namesKey(text, mediaBase, key)) return true;
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[" && first !== '"') return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  return stringLeaves(parsed).some((leaf) => namesKey(leaf, mediaBase, key));
}

function namesKey(text: string, mediaBase: string, key: string): boolean {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    const end = at + key.length;
    const next = text[end];
    if (next !== undefined && CONTINUES.test(next)) continue;
    let start = at;
    while (start > 0 && !ENDS.test(text[start - 1]!)) start--;
    if (mediaKeyOf(text.slice(start, end), mediaBase, { orRelative: true }) === key) return true;
  }
  return false;
}

function stringLeaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringLeaves(item, out);
  else if (value !== null && typeof value === "object") for (const item of Object.values(value)) stringLeaves(item, out);
  return out;
}
