import type { Table } from "drizzle-orm";
import type { D1Client } from "../d1-client";
import { ident, tableMeta } from "../table-meta";

/**
 * Where a collection keeps the old addresses of renamed records: a table with `fromSlug` (primary
 * key) and `toSlug` columns (`pageRedirects` of "cms-toolkit/schema"), and the live row's address
 * field (`slug`).
 */
export interface RedirectsConfig {
  table: Table;
  field: string;
}

interface RedirectSql {
  R: string;
  from: string;
  to: string;
}

function redirectSql(table: Table): RedirectSql {
  const meta = tableMeta(table);
  const column = (property: string) => {
    const found = meta.columns[property];
    if (!found) throw new TypeError(`redirects: table ${meta.name} needs a ${property} column`);
    return ident(found.name);
  };
  return { R: ident(meta.name), from: column("fromSlug"), to: column("toSlug") };
}

/**
 * The statements a publish runs, in its batch and before the live row changes, so the page's old
 * address follows it: a page going live at `next` removes any redirect from `next` (the address is
 * a page again); when the published row's address differs from `next`, redirects that ended at the
 * old address now end at `next` (chains collapse to the newest), and the old address redirects to
 * `next`. A record that was never live (or is unpublished) had no public address: nothing is added.
 *
 * @example
 * statements.unshift(...redirectStatements(db, config, { L: '"pages"', pk: '"id"', pointer: '"published_version_id"', address: '"slug"' }, 12, "new-slug"));
 */
export function redirectStatements(
  db: D1Client,
  config: RedirectsConfig,
  live: { L: string; pk: string; pointer: string; address: string },
  id: number,
  next: string,
): D1PreparedStatement[] {
  const { R, from, to } = redirectSql(config.table);
  const wasLive = `FROM ${live.L} WHERE ${live.pk} = ?1 AND ${live.pointer} IS NOT NULL AND ${live.address} <> ?2`;
  return [
    db.prepare(`DELETE FROM ${R} WHERE ${from} = ?2`).bind(id, next),
    db.prepare(`UPDATE ${R} SET ${to} = ?2 WHERE ${to} = (SELECT ${live.address} ${wasLive})`).bind(id, next),
    db.prepare(`INSERT INTO ${R} (${from}, ${to}) SELECT ${live.address}, ?2 ${wasLive} ON CONFLICT (${from}) DO UPDATE SET ${to} = excluded.${to}`).bind(id, next),
  ];
}

/**
 * The statement a delete runs, in its batch and before the record goes: redirects that end at the
 * record's live address are removed, so an old address answers 404 at once, and never leads to
 * another page made later at that address.
 *
 * @example
 * statements.unshift(redirectRemovalStatement(db, config, { L: '"pages"', pk: '"id"', address: '"slug"' }, 12));
 */
export function redirectRemovalStatement(db: D1Client, config: RedirectsConfig, live: { L: string; pk: string; address: string }, id: number): D1PreparedStatement {
  const { R, to } = redirectSql(config.table);
  return db.prepare(`DELETE FROM ${R} WHERE ${to} = (SELECT ${live.address} FROM ${live.L} WHERE ${live.pk} = ?1)`).bind(id);
}

/**
 * Where an old address now leads, or `null`.
 *
 * @example
 * await findRedirect(env.DB, pageRedirects, "old-name") // "new-name"
 */
export async function findRedirect(db: D1Client, table: Table, address: string): Promise<string | null> {
  const { R, from, to } = redirectSql(table);
  const row = await db.prepare(`SELECT ${to} AS "to" FROM ${R} WHERE ${from} = ?1`).bind(address).first<{ to: string }>();
  return row?.to ?? null;
}
