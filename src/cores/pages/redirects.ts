import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import type { D1Client } from "../d1-client";
import { ident } from "../table-meta";

/**
 * Where a collection keeps the old addresses of renamed records: a table with `fromSlug` and
 * `toSlug` columns (`pageRedirects` of "cms-toolkit/schema"), and the live row's address field
 * (`slug`). With a `locale` column too (unique with `fromSlug`), an old address is its locale's:
 * a translated collection's rename leaves a redirect in the renamed record's locale only.
 */
export interface RedirectsConfig {
  table: Table;
  field: string;
}

interface RedirectSql {
  R: string;
  from: string;
  to: string;
  /** The redirects' locale column; `null` for a table of one locale. */
  locale: string | null;
}

/** The live table's names the publish and delete statements read the record through. */
export interface RedirectLive {
  L: string;
  pk: string;
  address: string;
  /** The live row's locale column; without it (or without one on the redirects table) redirects are not per locale. */
  locale?: string | undefined;
}

function redirectSql(table: Table): RedirectSql {
  const columns = getTableColumns(table);
  const column = (property: string) => {
    const found = columns[property];
    if (!found) throw new TypeError(`redirects: table ${getTableName(table)} needs a ${property} column`);
    return ident(found.name);
  };
  return { R: ident(getTableName(table)), from: column("fromSlug"), to: column("toSlug"), locale: columns.locale ? ident(columns.locale.name) : null };
}

/* Per locale when both tables hold one: the redirect's locale is the live row's. */
function localeOf(r: RedirectSql, live: RedirectLive): { column: string; value: string } | null {
  return r.locale && live.locale ? { column: r.locale, value: `(SELECT ${live.locale} FROM ${live.L} WHERE ${live.pk} = ?1)` } : null;
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
  live: RedirectLive & { pointer: string },
  id: number,
  next: string,
): D1PreparedStatement[] {
  const r = redirectSql(config.table);
  const { R, from, to } = r;
  const locale = localeOf(r, live);
  const inLocale = locale ? ` AND ${locale.column} = ${locale.value}` : "";
  const wasLive = `FROM ${live.L} WHERE ${live.pk} = ?1 AND ${live.pointer} IS NOT NULL AND ${live.address} <> ?2`;
  const insert = locale
    ? `INSERT INTO ${R} (${from}, ${to}, ${locale.column}) SELECT ${live.address}, ?2, ${live.locale} ${wasLive} ON CONFLICT (${locale.column}, ${from}) DO UPDATE SET ${to} = excluded.${to}`
    : `INSERT INTO ${R} (${from}, ${to}) SELECT ${live.address}, ?2 ${wasLive} ON CONFLICT (${from}) DO UPDATE SET ${to} = excluded.${to}`;
  return [
    db.prepare(`DELETE FROM ${R} WHERE ${from} = ?2${inLocale}`).bind(id, next),
    db.prepare(`UPDATE ${R} SET ${to} = ?2 WHERE ${to} = (SELECT ${live.address} ${wasLive})${inLocale}`).bind(id, next),
    db.prepare(insert).bind(id, next),
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
export function redirectRemovalStatement(db: D1Client, config: RedirectsConfig, live: RedirectLive, id: number): D1PreparedStatement {
  const r = redirectSql(config.table);
  const locale = localeOf(r, live);
  const inLocale = locale ? ` AND ${locale.column} = ${locale.value}` : "";
  return db.prepare(`DELETE FROM ${r.R} WHERE ${r.to} = (SELECT ${live.address} FROM ${live.L} WHERE ${live.pk} = ?1)${inLocale}`).bind(id);
}

/**
 * Where an old address now leads (a slug in the same locale), or `null`. With `locale`, only that
 * locale's redirects are read (a table without a locale column has one locale).
 *
 * @example
 * await findRedirect(env.DB, pageRedirects, "old-name") // "new-name"
 * await findRedirect(env.DB, pageRedirects, "alter-name", "de") // "neuer-name"
 */
export async function findRedirect(db: D1Client, table: Table, address: string, locale?: string): Promise<string | null> {
  const { R, from, to, locale: column } = redirectSql(table);
  const inLocale = column && locale !== undefined ? ` AND ${column} = ?2` : "";
  const statement = db.prepare(`SELECT ${to} AS "to" FROM ${R} WHERE ${from} = ?1${inLocale} LIMIT 1`);
  const row = await (inLocale ? statement.bind(address, locale) : statement.bind(address)).first<{ to: string }>();
  return row?.to ?? null;
}
