// `cms-toolkit import <file>`: a site archive (docs/export-format.md) into a local D1 and bucket, or
// with `--remote` a deployment's (the same plan, every wrangler call with --remote).
// Everything that can refuse runs before the first write: the whole archive is verified (every
// entry's SHA-256, line count and size, so truncation and tampering are named), then the target is
// checked (today's migrations applied, every archived table and column present, no content unless
// --replace), and every collection row is held to the site's field rules (a refused value refuses
// the archive; rich text is sanitized). Rows then go in with their ids, media under their keys, and
// the search index is rebuilt from the collections the site declares, never copied.
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { readEntries, verifyArchive } from "./archive.mjs";
import { checkArchivedRows } from "./archive-row-checks.mjs";
import { applyCommand } from "./d1-target.mjs";
import { describeTables, HEAD_SQL, TABLES_SQL } from "./export.mjs";
import { SKIPPED_TABLES } from "./export-rules.mjs";
import { collectionsOf, importDeclarations } from "./generate-migration.mjs";
import { searchRebuilders } from "./search-rebuild.mjs";
import { openSiteState } from "./site-state.mjs";
import { createSqlBatches } from "./sql-batches.mjs";
import { ident, literal } from "./sql-text.mjs";

/** Where a site declares its collections, tried in order when `--from` is not given. */
const DECLARATION_FILES = ["src/collections.ts", "src/site/collections.ts"];

/**
 * Restores the archive `file` into the D1 and bucket `target` names (local state, or a deployment);
 * resolves with counts and the rich values whose HTML the sanitizer changed (`cleaned`).
 *
 * @example
 * await importSite({ file: "site.cms", target: d1Target({ local: true }), cwd, replace: false, bucket: "site-media" })
 */
export async function importSite({ file, target, cwd, replace, from, bucket }) {
  const { manifest, headers } = await verifyArchive(file);
  checkCounts(manifest, headers);
  const scratch = mkdtempSync(join(tmpdir(), "cms-toolkit-import-"));
  let state = null;
  try {
    state = await openSiteState({ target, cwd, bucket, scratch });
    return await restore({ file, manifest, headers, state, target, cwd, replace, from, bucket, scratch });
  } finally {
    await state?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Checks the target (nothing is written until every check passes), then writes the archive into it. */
async function restore({ file, manifest, headers, state, target, cwd, replace, from, bucket, scratch }) {
  const [tableRows, migrations] = await state.query([TABLES_SQL, HEAD_SQL.migrations]).catch((error) => {
    throw new Error(`could not read the ${target.remote ? "remote" : "local"} database ${target.database}: apply today's migrations first (${applyCommand(target)}): ${error.message}`);
  });
  const tables = describeTables(tableRows);
  checkTarget({ manifest, headers, tables, applied: migrations.map(({ name }) => name), target });
  const filled = await state.query(tables.data.map((table) => `SELECT ${literal(table)} AS "table" FROM ${ident(table)} LIMIT 1`));
  const nonEmpty = filled.flat().map((row) => row.table);
  if (nonEmpty.length > 0 && !replace) {
    throw new Error(`the ${target.remote ? "remote" : "local"} database ${target.database} already holds content (${nonEmpty.join(", ")}): import into an empty one, or pass --replace to delete it first`);
  }
  const objects = headers.filter((header) => header.key !== undefined);
  if (objects.length > 0 && !bucket) throw new Error("the archive holds media but the site has no bucket: name it with --bucket, or bind it as MEDIA in wrangler.toml");
  const module = declarationFile(from, cwd);
  const collections = Object.values(collectionsOf(await importDeclarations(module, cwd)));
  const rebuild = await searchRebuilders({ search: tables.search, columns: tables.columns, collections, module });
  const { rowOf, cleaned } = await checkArchivedRows(file, collections);

  const batches = createSqlBatches({ state });
  if (replace) for (const table of [...tables.data, ...[...SKIPPED_TABLES].filter((name) => tables.columns[name])]) await batches.add(`DELETE FROM ${ident(table)}`);
  for (const fts of tables.search) await batches.add(`DELETE FROM ${ident(fts)}`);
  let rows = 0;
  let indexed = 0;
  const media = [];
  for await (const { header, lines } of readEntries(file)) {
    if (header.key !== undefined) {
      media.push(await spoolObject(header, lines, scratch, media.length));
      continue;
    }
    const keys = tables.keys[header.table];
    const search = rebuild.get(header.table);
    let index = 0;
    for await (const archived of lines) {
      const row = rowOf(header.table, index++, archived);
      await batches.insert(header.table, header.columns, row, keys);
      rows += 1;
      const document = search?.document(header.columns, row);
      if (document) {
        await batches.insert(search.fts, ["rowid", ...search.columns], document, ["rowid"]);
        indexed += 1;
      }
    }
  }
  for (const [table, seq] of Object.entries(manifest.sequences ?? {})) {
    await batches.add(`UPDATE sqlite_sequence SET seq = max(seq, ${literal(seq)}) WHERE name = ${literal(table)}`);
    await batches.add(`INSERT INTO sqlite_sequence (name, seq) SELECT ${literal(table)}, ${literal(seq)} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ${literal(table)})`);
  }
  // Merge the freshly written segments so the first searches are as fast as later ones.
  for (const fts of tables.search) await batches.add(`INSERT INTO ${ident(fts)} (${ident(fts)}) VALUES ('optimize')`);
  await batches.flush();
  for (const { key, contentType, path } of media) await state.writeObject(key, path, contentType);
  return { rows, media: media.length, indexed, cleaned };
}

/** The manifest's row and object counts against the entries it lists. */
export function checkCounts(manifest, headers) {
  const tables = headers.filter((header) => header.table !== undefined);
  for (const header of tables) {
    const listed = manifest.entries.find((entry) => entry.name === header.entry);
    if (manifest.counts?.[header.table] !== listed.lines - 1) throw new Error(`entry ${header.entry} holds ${listed.lines - 1} rows but the manifest counts ${manifest.counts?.[header.table]}`);
  }
  const objects = headers.length - tables.length;
  if (manifest.objects !== objects) throw new Error(`the archive holds ${objects} media objects but the manifest counts ${manifest.objects}`);
}

/** Refuses a target that lacks a migration the archive had, or a table or column it holds. */
function checkTarget({ manifest, headers, tables, applied, target }) {
  const missing = manifest.migrations.filter((name) => !applied.includes(name));
  if (missing.length > 0) {
    throw new Error(`the ${target.remote ? "remote" : "local"} database ${target.database} lacks migrations the archive's site had: ${missing.join(", ")}. Apply today's migrations first (${applyCommand(target)})`);
  }
  for (const header of headers.filter((entry) => entry.table !== undefined)) {
    const columns = tables.columns[header.table];
    if (!columns || !tables.data.includes(header.table)) throw new Error(`entry ${header.entry}: the ${target.remote ? "remote" : "local"} database ${target.database} has no table ${header.table}`);
    const absent = header.columns.filter((column) => !columns.includes(column));
    if (absent.length > 0) throw new Error(`entry ${header.entry}: the table ${header.table} has no column ${absent.join(", ")}`);
  }
}

/** The module declaring the collections: `--from`, else the first conventional file. */
function declarationFile(from, cwd) {
  if (from) return resolve(cwd, from);
  const found = DECLARATION_FILES.map((path) => resolve(cwd, path)).find((path) => existsSync(path));
  if (!found) throw new Error("the archive's rows are checked against the site's collections, and its search index rebuilt from them: name the module that declares them with --from");
  return found;
}

/** Writes a media entry's bytes to a scratch file, to be stored once every row is in. */
async function spoolObject(header, lines, scratch, index) {
  const path = join(scratch, `object-${index}`);
  const fd = openSync(path, "w");
  try {
    for await (const line of lines) writeSync(fd, Buffer.from(line, "base64"));
  } finally {
    closeSync(fd);
  }
  return { key: header.key, contentType: header.contentType, path };
}
