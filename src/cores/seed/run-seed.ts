import type { Table } from "drizzle-orm";
import type { D1Client } from "../d1-client";
import { encodeValue, ident, tableMeta } from "../table-meta";

/** Rows to make sure exist in one table. A row that conflicts with an existing one (same id or unique value) is left alone. */
export interface SeedStep {
  name: string;
  table: Table;
  rows: Record<string, unknown>[];
}

/** How many rows each step created; `changed` is false when everything was already there. */
export interface SeedReport {
  changed: boolean;
  created: Record<string, number>;
}

/**
 * Inserts the seed rows with `ON CONFLICT DO NOTHING`, all in one atomic batch, so running it again
 * changes nothing and existing content (an edited site name, a renamed page) is never overwritten.
 *
 * @example
 * await runSeed(env.DB, [{ name: "settings", table: siteSettings, rows: [{ id: 1, siteName: "Demo" }] }])
 * // { changed: true, created: { settings: 1 } } the first time, { changed: false, created: { settings: 0 } } after
 */
export async function runSeed(db: D1Client, steps: readonly SeedStep[]): Promise<SeedReport> {
  const statements = steps.flatMap((step) => step.rows.map((row) => insertIgnoring(db, step.table, row)));
  const results = statements.length > 0 ? await db.batch(statements) : [];
  const created: Record<string, number> = {};
  let at = 0;
  for (const step of steps) {
    created[step.name] = 0;
    for (let i = 0; i < step.rows.length; i++) created[step.name]! += results[at++]?.meta.changes ?? 0;
  }
  return { changed: Object.values(created).some((n) => n > 0), created };
}

function insertIgnoring(db: D1Client, table: Table, row: Record<string, unknown>): D1PreparedStatement {
  const meta = tableMeta(table);
  const entries = Object.entries(row).map(([key, value]) => {
    const column = meta.columns[key];
    if (!column) throw new TypeError(`seed: ${meta.name} has no column for field ${key}`);
    return [column.name, encodeValue(column, value)] as const;
  });
  const sql = `INSERT INTO ${ident(meta.name)} (${entries.map(([n]) => ident(n)).join(", ")}) VALUES (${entries.map((_, i) => `?${i + 1}`).join(", ")}) ON CONFLICT DO NOTHING`;
  return db.prepare(sql).bind(...entries.map(([, v]) => v));
}
