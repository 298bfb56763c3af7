import type { Table } from "drizzle-orm";
import type { D1Client } from "../d1-client";
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
 * Finds rows whose configured columns mention `url` (the asset's `{MEDIA_URL}/<key>`). SQLite's
 * `instr` finds candidates in one batch; each hit is then confirmed in code so that `…/a.png` is
 * not reported for a column that only holds `…/a.png2` or `…/a.png/b`.
 *
 * @example
 * await findMediaReferences(env.DB, [{ table: pages, fields: ["body", "sections"] }], "https://m.test/a.png")
 * // [{ table: "pages", id: 3, field: "sections" }]
 */
export async function findMediaReferences(db: D1Client, targets: readonly MediaReferenceTarget[], url: string): Promise<MediaReference[]> {
  if (targets.length === 0) return [];
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
    return { name: meta.name, columns, statement: db.prepare(sql).bind(url) };
  });
  const results = await db.batch<Record<string, unknown>>(plans.map((p) => p.statement));
  const references: MediaReference[] = [];
  plans.forEach((plan, t) => {
    for (const row of results[t]?.results ?? []) {
      plan.columns.forEach((column, i) => {
        const value = row[`__f${i}`];
        if (typeof value === "string" && mentions(value, url)) references.push({ table: plan.name, id: row.__id, field: column.field });
      });
    }
  });
  return references;
}

/** Characters that would continue a key or path after the URL, making it a different object. */
const CONTINUES = /[A-Za-z0-9._~%/-]/;

/**
 * Whether `text` holds `url` as a whole URL: followed by the end, a quote, `?`, `#`, whitespace or
 * other punctuation that cannot be part of a key.
 *
 * @example
 * mentions('<img src="https://m.test/a.png">', "https://m.test/a.png") // true
 * mentions("https://m.test/a.png2", "https://m.test/a.png") // false
 */
export function mentions(text: string, url: string): boolean {
  for (let at = text.indexOf(url); at !== -1; at = text.indexOf(url, at + 1)) {
    const next = text[at + url.length];
    if (next === undefined || !CONTINUES.test(next)) return true;
  }
  return false;
}
