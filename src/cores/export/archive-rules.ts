// What a site archive holds and what it never does, in one place for the CLI's export and import
// and the site's own export route alike (docs/export-format.md, "What is left out").

/**
 * Tables never exported: sign-in sessions and used form tokens live minutes and name a browser;
 * invite and reset links are keyed hashes of open links; a second factor's secret is sealed under
 * the deployment's CMS_SESSION_SECRET (it opens nowhere else) and its recovery codes belong with it;
 * the lists of rooms with unflushed edits and of the rooms each sign-in has open name Durable
 * Objects and sessions of this deployment only.
 */
export const SKIPPED_TABLES: ReadonlySet<string> = new Set(["editor_sessions", "form_tokens", "team_links", "editor_totp", "editor_recovery_codes", "unflushed_rooms", "room_sessions"]);

/** D1's own bookkeeping: `d1_migrations` goes into the manifest, the rest nowhere. */
const INTERNAL = /^(sqlite_|_cf_)|^d1_migrations$/;

/** The shadow tables an FTS5 table keeps its index in; the index is rebuilt on import, never exported. */
const FTS_SHADOWS = ["_data", "_idx", "_content", "_docsize", "_config"];

/** Password hashes: exported only with `--with-credentials`, else written as `""` (no sign-in until reset). */
export const CREDENTIAL_COLUMNS: Readonly<Record<string, readonly string[]>> = { editors: ["password_hash"] };

/** A column that holds a token or a secret is never exported, whatever its table. */
const SECRET_COLUMN = /(^|_)(token|secret)s?(_hash)?$/i;

/**
 * The site's tables as sqlite_master lists them (`{ name, sql }`), split into those an archive
 * carries (`data`, in name order) and the full-text tables the import rebuilds (`search`).
 *
 * @example
 * siteTables([{ name: "pages", sql: "CREATE TABLE pages (…)" }]) // { data: ["pages"], search: [] }
 */
export function siteTables(rows: readonly { name: string; sql: string | null }[]): { data: string[]; search: string[] } {
  const search = rows.filter(({ sql }) => /^CREATE VIRTUAL TABLE/i.test(sql ?? "") && /USING\s+fts5/i.test(sql ?? "")).map(({ name }) => name);
  const isShadow = (name: string) => search.some((fts) => FTS_SHADOWS.some((suffix) => name === `${fts}${suffix}`));
  const data = rows
    .map(({ name }) => name)
    .filter((name) => !INTERNAL.test(name) && !SKIPPED_TABLES.has(name) && !search.includes(name) && !isShadow(name))
    .sort();
  return { data, search: search.sort() };
}

/**
 * The columns of a table an archive carries: every one but token and secret columns.
 *
 * @example
 * exportedColumns("share_links", ["id", "token"]) // ["id"]
 */
export function exportedColumns(_table: string, columns: readonly string[]): string[] {
  return columns.filter((column) => !SECRET_COLUMN.test(column));
}

/**
 * Whether a column's value is replaced by `""` in an export without credentials.
 *
 * @example
 * isCredential("editors", "password_hash") // true
 */
export function isCredential(table: string, column: string): boolean {
  return (CREDENTIAL_COLUMNS[table] ?? []).includes(column);
}
