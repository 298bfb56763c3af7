// `cms-toolkit export <file>`: the whole site (D1 rows and media bytes) into one archive
// (docs/export-format.md). D1 is read in pages of rows (openSiteState: one local runtime, or a
// wrangler run per round), every table a page per round, in primary-key order, so memory stays
// bounded and two exports of an unchanged site are byte-identical. Never `wrangler d1 export`: it
// refuses FTS5 databases.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { compareKeys, mediaHeader, mediaLines, tableHeader } from "../../dist/lib/cores/export/archive-format.js";
import { archiveRow, describeTables, HEAD_SQL, nextCursor, pageSql, TABLES_SQL, tablePlan } from "../../dist/lib/cores/export/archive-sql.js";
import { createArchiveWriter } from "./archive.mjs";
import { mediaBucket, openSiteState } from "./site-state.mjs";
import { literal } from "./sql-text.mjs";

export { describeTables, HEAD_SQL, TABLES_SQL };

/** How long an export waits for the rooms listed before it began to write their edits to D1. */
export const ROOM_WAIT_MS = 45_000;
/** Between two looks at the list of rooms with unflushed edits. */
const ROOM_POLL_MS = 500;

/**
 * Writes the archive of the site that `target` (see `d1Target`) names to `file`.
 *
 * @example
 * await exportSite({ file: "site.cms", target: d1Target({ local: true }), cwd: process.cwd(), withCredentials: false, bucket: "site-media" })
 */
export async function exportSite({ file, target, cwd, withCredentials, bucket, roomWaitMs = ROOM_WAIT_MS }) {
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), "cms-toolkit-export-"));
  let state = null;
  try {
    state = await openSiteState({ target, cwd, bucket, scratch });
    // d1_migrations uses AUTOINCREMENT, so a migrated database has sqlite_sequence too.
    const [tableRows, migrations, sequences] = await state.query([TABLES_SQL, HEAD_SQL.migrations, HEAD_SQL.sequences]).catch((error) => {
      throw new Error(`could not read the ${target.remote ? "remote" : "local"} database ${target.database} (are its migrations applied, and is this the site's state?): ${error.message}`);
    });
    const tables = describeTables(tableRows);
    if (tables.columns.unflushed_rooms) await awaitRooms({ state, started, roomWaitMs });
    const applied = migrations.map(({ name }) => name);
    const sequence = Object.fromEntries(sequences.filter(({ name }) => tables.data.includes(name)).map(({ name, seq }) => [name, seq]));
    const archive = createArchiveWriter(scratch);
    const plans = tables.data.map((table) => {
      const plan = tablePlan(tables, table, withCredentials);
      const entry = archive.entry(tableHeader(table, plan.columns));
      return { ...plan, entry, cursor: null, rows: 0, done: false };
    });
    const media = [];
    for (let open = plans; open.length > 0; open = plans.filter((plan) => !plan.done)) {
      const answers = await state.query(open.map((plan) => pageSql(plan, plan.cursor)));
      open.forEach((plan, i) => {
        const rows = answers[i];
        for (const row of rows) {
          const values = archiveRow(plan.columns, row);
          plan.entry.line(values);
          if (plan.table === "media") media.push({ key: row.key, contentType: row.content_type });
        }
        plan.rows += rows.length;
        plan.cursor = nextCursor(plan, rows);
        plan.done = plan.cursor === null;
      });
    }
    await exportMedia({ archive, media, state, bucket });
    const counts = Object.fromEntries(plans.map(({ table, rows }) => [table, rows]));
    return archive.finish(file, { migrations: applied, sequences: sequence, credentials: withCredentials, counts, objects: media.length });
  } finally {
    await state?.close();
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
async function awaitRooms({ state, started, roomWaitMs }) {
  const deadline = Date.now() + roomWaitMs;
  for (;;) {
    const [rooms] = await state.query([`SELECT room, dirty_since FROM unflushed_rooms WHERE dirty_since <= ${literal(started)} ORDER BY room`]);
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
async function exportMedia({ archive, media, state, bucket }) {
  if (media.length === 0) return;
  if (!bucket) throw new Error("the site has media but no bucket: name it with --bucket, or bind it as MEDIA in wrangler.toml");
  media.sort((a, b) => compareKeys(a.key, b.key));
  for (const { key, contentType } of media) {
    const { size, body } = await state.readObject(key);
    const entry = archive.entry(mediaHeader(key, contentType, size));
    for await (const line of mediaLines(body)) entry.line(line);
  }
}

/** The bucket `--bucket` names, else the one bound as `--media-binding` (MEDIA) in the site's config. */
export function bucketOf(values, cwd) {
  return values.bucket ?? mediaBucket({ config: values.config ? resolve(values.config) : undefined, binding: values["media-binding"] ?? "MEDIA" }, cwd);
}
