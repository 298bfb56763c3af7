// `cms-toolkit export <file>`: the whole site (D1 rows and media bytes) into one archive
// (docs/export-format.md). D1 is read with `wrangler d1 execute --json` in pages of rows, every
// table a page per wrangler run, in primary-key order, so memory stays bounded and two exports of
// an unchanged site are byte-identical. Never `wrangler d1 export`: it refuses FTS5 databases.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createArchiveWriter } from "./archive.mjs";
import { exportedColumns, isCredential, siteTables } from "./export-rules.mjs";
import { getObject, mediaBucket, queryD1 } from "./site-state.mjs";
import { ident, literal } from "./sql-text.mjs";

/** The applied migrations and the AUTOINCREMENT counters, recorded in the manifest. */
export const HEAD_SQL = {
  migrations: `SELECT name FROM d1_migrations ORDER BY id`,
  sequences: `SELECT name, seq FROM sqlite_sequence ORDER BY name`,
};

/** How long an export waits for the rooms listed before it began to write their edits to D1. */
export const ROOM_WAIT_MS = 45_000;
/** Between two looks at the list of rooms with unflushed edits. */
const ROOM_POLL_MS = 500;

/** Rows read per table per wrangler run. */
const PAGE_ROWS = 500;
/** Raw bytes per media line (base64 makes it 64 KiB). */
const MEDIA_CHUNK = 48 * 1024;

/** The query that lists every table with its columns and primary-key positions. */
export const TABLES_SQL = `SELECT m.name AS "table", m.sql AS "sql", p.name AS "column", p.pk AS "pk"
FROM sqlite_master m JOIN pragma_table_info(m.name) p
WHERE m.type = 'table' AND m.name NOT GLOB 'sqlite_*' AND m.name NOT GLOB '_cf_*' ORDER BY m.name, p.cid`;

/**
 * The tables of a D1 from the rows of {@link TABLES_SQL}: `{ data, search, columns, keys, sequenced }`
 * where `columns[name]` lists a table's columns, `keys[name]` its primary key (`["rowid"]` when
 * none), and `sequenced` says whether sqlite_sequence exists.
 *
 * @example
 * describeTables(rows).keys.pages // ["id"]
 */
export function describeTables(rows) {
  const columns = {};
  const keyed = {};
  const sql = new Map();
  for (const row of rows) {
    sql.set(row.table, row.sql);
    (columns[row.table] ??= []).push(row.column);
    if (row.pk > 0) (keyed[row.table] ??= []).push([row.pk, row.column]);
  }
  const keys = {};
  for (const table of Object.keys(columns)) keys[table] = keyed[table] ? keyed[table].sort((a, b) => a[0] - b[0]).map(([, column]) => column) : ["rowid"];
  // SQLite makes sqlite_sequence with the first AUTOINCREMENT table.
  const sequenced = [...sql.values()].some((text) => /AUTOINCREMENT/i.test(text ?? ""));
  return { ...siteTables([...sql].map(([name, text]) => ({ name, sql: text }))), columns, keys, sequenced };
}

/** One page of a table's rows after `cursor` (its last key, or null), as SQL. */
function pageSql(plan, cursor) {
  const { table, columns, keys, withCredentials } = plan;
  const value = (column) =>
    isCredential(table, column) && !withCredentials ? `'' AS ${ident(column)}` : `CASE typeof(${ident(column)}) WHEN 'blob' THEN hex(${ident(column)}) ELSE ${ident(column)} END AS ${ident(column)}`;
  const blobs = columns.map((column, i) => `CASE typeof(${ident(column)}) WHEN 'blob' THEN '${i},' ELSE '' END`).join(" || ");
  const keyList = keys.map((key) => (key === "rowid" ? "rowid" : ident(key)));
  const select = [...columns.map(value), `${blobs} AS "__blobs"`, ...keyList.map((key, i) => `${key} AS "__key${i}"`)];
  const after = cursor === null ? "" : ` WHERE (${keyList.join(", ")}) > (${cursor.map(literal).join(", ")})`;
  return `SELECT ${select.join(", ")} FROM ${ident(table)}${after} ORDER BY ${keyList.join(", ")} LIMIT ${PAGE_ROWS}`;
}

/** An archive row from a result row: values in column order, blobs as `{ blob: "<hex>" }`. */
function archiveRow(columns, row) {
  const blobs = new Set(String(row.__blobs).split(",").filter(Boolean).map(Number));
  return columns.map((column, i) => (blobs.has(i) ? { blob: row[column] } : row[column]));
}

/**
 * Writes the archive of the site that `target` (see `d1Target`) names to `file`.
 *
 * @example
 * await exportSite({ file: "site.cms", target: d1Target({ local: true }), cwd: process.cwd(), withCredentials: false, bucket: "site-media" })
 */
export async function exportSite({ file, target, cwd, withCredentials, bucket, roomWaitMs = ROOM_WAIT_MS }) {
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), "cms-toolkit-export-"));
  try {
    // d1_migrations uses AUTOINCREMENT, so a migrated database has sqlite_sequence too.
    const [tableRows, migrations, sequences] = await queryD1(target, cwd, [TABLES_SQL, HEAD_SQL.migrations, HEAD_SQL.sequences]).catch((error) => {
      throw new Error(`could not read the ${target.remote ? "remote" : "local"} database ${target.database} (are its migrations applied, and is this the site's state?): ${error.message}`);
    });
    const tables = describeTables(tableRows);
    if (tables.columns.unflushed_rooms) await awaitRooms({ target, cwd, started, roomWaitMs });
    const applied = migrations.map(({ name }) => name);
    const sequence = Object.fromEntries(sequences.filter(({ name }) => tables.data.includes(name)).map(({ name, seq }) => [name, seq]));
    const archive = createArchiveWriter(scratch);
    const plans = tables.data.map((table) => {
      const columns = exportedColumns(table, tables.columns[table]);
      const entry = archive.entry({ entry: `table:${table}`, table, columns });
      return { table, columns, keys: tables.keys[table], withCredentials, entry, cursor: null, rows: 0, done: false };
    });
    const media = [];
    for (let open = plans; open.length > 0; open = plans.filter((plan) => !plan.done)) {
      const answers = await queryD1(target, cwd, open.map((plan) => pageSql(plan, plan.cursor)));
      open.forEach((plan, i) => {
        const rows = answers[i];
        for (const row of rows) {
          const values = archiveRow(plan.columns, row);
          plan.entry.line(values);
          if (plan.table === "media") media.push({ key: row.key, contentType: row.content_type });
        }
        plan.rows += rows.length;
        if (rows.length < PAGE_ROWS) plan.done = true;
        else plan.cursor = plan.keys.map((_, k) => rows.at(-1)[`__key${k}`]);
      });
    }
    await exportMedia({ archive, media, target, cwd, bucket, scratch });
    const counts = Object.fromEntries(plans.map(({ table, rows }) => [table, rows]));
    return archive.finish(file, { migrations: applied, sequences: sequence, credentials: withCredentials, counts, objects: media.length });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Waits until every room that held acknowledged edits D1 lacked when the export began has written
 * them (its row in `unflushed_rooms`, listed before the room acknowledged them, is gone or newer
 * than the export), so the archive holds every edit acknowledged before it began. The export reads
 * D1 from outside the site, so it cannot ask the rooms: a running site's rooms write within their
 * maximum wait (12 s by default). Refuses, naming the rooms, when they do not write in time (the
 * site is not running, or a field they hold is refused).
 */
async function awaitRooms({ target, cwd, started, roomWaitMs }) {
  const deadline = Date.now() + roomWaitMs;
  for (;;) {
    const [rooms] = await queryD1(target, cwd, [`SELECT room, dirty_since FROM unflushed_rooms WHERE dirty_since <= ${literal(started)} ORDER BY room`]);
    if (rooms.length === 0) return;
    if (Date.now() >= deadline) {
      const named = rooms.map(({ room, dirty_since: since }) => `${room} (since ${new Date(since).toISOString()})`).join(", ");
      throw new Error(
        `these pages hold acknowledged edits that are not in the database yet: ${named}. Their rooms write them while the site runs: start it (npm run dev), let the editing settle, then export again`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, ROOM_POLL_MS));
  }
}

/** One entry per media object, in key order: its header, then its bytes as base64 lines. */
async function exportMedia({ archive, media, target, cwd, bucket, scratch }) {
  if (media.length === 0) return;
  if (!bucket) throw new Error("the site has media but no bucket: name it with --bucket, or bind it as MEDIA in wrangler.toml");
  media.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { key, contentType } of media) {
    const path = join(scratch, "object");
    await getObject(target, cwd, bucket, key, path);
    const size = statSync(path).size;
    const entry = archive.entry({ entry: `media:${key}`, key, contentType, size });
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(MEDIA_CHUNK);
      for (let read; (read = readSync(fd, buffer, 0, MEDIA_CHUNK, null)) > 0; ) entry.line(buffer.subarray(0, read).toString("base64"));
    } finally {
      closeSync(fd);
    }
    rmSync(path);
  }
}

/** The bucket `--bucket` names, else the one bound as `--media-binding` (MEDIA) in the site's config. */
export function bucketOf(values, cwd) {
  return values.bucket ?? mediaBucket({ config: values.config ? resolve(values.config) : undefined, binding: values["media-binding"] ?? "MEDIA" }, cwd);
}
