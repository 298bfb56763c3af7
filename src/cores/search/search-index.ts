import type { Table } from "drizzle-orm";
import type { CollectionConfig, CollectionField } from "../collection";
import type { D1Client } from "../d1-client";
import { decodeRow, ident, tableMeta, type TableMeta } from "../table-meta";
import { noteSearchChange } from "./search-cache";
import { fieldSearchText } from "./search-text";

/** Where a collection's full-text index lives and what it holds. */
export interface SearchIndex {
  /** Unquoted name of the FTS5 table: `<slug>_search` by convention. */
  name: string;
  /** Indexed fields, in the FTS5 table's column order (`search.fields`). */
  fields: { name: string; field: CollectionField }[];
}

/** Rows per read while rebuilding; JSON chunks stay under D1's 2 MB value cap. */
const REBUILD_READ_ROWS = 500;
const REBUILD_CHUNK_CHARS = 900_000;

/**
 * The search index of a collection, or `null` when it declares no `search`. The FTS5 table is
 * `<slug>_search`, its columns the `search.fields` in order (see migrations/0002_drafts_search.sql).
 *
 * @example
 * searchIndexOf(pagesCollection) // { name: "pages_search", fields: [{ name: "title", … }, …] }
 */
export function searchIndexOf(config: CollectionConfig): SearchIndex | null {
  if (!config.search || config.search.fields.length === 0) return null;
  return {
    name: `${config.slug}_search`,
    fields: config.search.fields.map((name) => {
      const field = config.fields[name];
      if (!field) throw new TypeError(`search field ${name} is not a field of ${config.slug}`);
      return { name, field };
    }),
  };
}

/**
 * The text of each indexed column for one document, in column order.
 *
 * @example
 * searchDocument(index, { title: "About", body: "<p>Hi</p>", sections: [] }) // ["About", "Hi", ""]
 */
export function searchDocument(index: SearchIndex, document: Record<string, unknown>): string[] {
  return index.fields.map(({ name, field }) => fieldSearchText(field, document[name]));
}

/**
 * Statements that (re)index one published document; run them inside the publish batch so the
 * index moves with the live row, and call `noteSearchChange()` once the batch has committed. With `onlyIfRowIn` (quoted table and key names), the insert only
 * happens while that row still exists, so a publish racing a delete leaves no orphan entry.
 *
 * @example
 * await db.batch([...otherWrites, ...indexDocumentStatements(db, index, 12, snapshot)]);
 */
export function indexDocumentStatements(
  db: D1Client,
  index: SearchIndex,
  id: number,
  document: Record<string, unknown>,
  onlyIfRowIn?: { table: string; pk: string },
): D1PreparedStatement[] {
  const columns = index.fields.map(({ name }) => ident(name)).join(", ");
  const values = searchDocument(index, document);
  const marks = values.map((_, i) => `?${i + 2}`).join(", ");
  const where = onlyIfRowIn ? ` WHERE EXISTS (SELECT 1 FROM ${onlyIfRowIn.table} WHERE ${onlyIfRowIn.pk} = ?1)` : "";
  return [
    unindexStatement(db, index, id),
    db.prepare(`INSERT INTO ${ident(index.name)} (rowid, ${columns}) SELECT ?1, ${marks}${where}`).bind(id, ...values),
  ];
}

/**
 * The statement that takes one document out of the index (unpublish, delete).
 *
 * @example
 * await db.batch([unpublishWrite, unindexStatement(db, index, 12)]);
 */
export function unindexStatement(db: D1Client, index: SearchIndex, id: number): D1PreparedStatement {
  return db.prepare(`DELETE FROM ${ident(index.name)} WHERE rowid = ?1`).bind(id);
}

/**
 * Takes a deleted (or unpublished) row out of a collection's search index; does nothing for a
 * collection without `search`. Call it after deleting a row.
 *
 * @example
 * if (await deleteRow(env.DB, meta, id, children)) await removeFromSearchIndex(env.DB, pagesCollection, id);
 */
export async function removeFromSearchIndex(db: D1Client, config: CollectionConfig, id: number): Promise<void> {
  const index = searchIndexOf(config);
  if (!index) return;
  await unindexStatement(db, index, id).run();
  noteSearchChange();
}

/**
 * Brings one row's index entry in line with the table: indexed when the row exists and is
 * published, removed otherwise. For writes that change a live row outside publish (a PATCH of a
 * published page, a delete); does nothing for a collection without `search`.
 *
 * @example
 * await syncSearchEntry(env.DB, { table: pages, config: pagesCollection }, 12);
 */
export async function syncSearchEntry(db: D1Client, deps: { table: Table; config: CollectionConfig }, id: number): Promise<void> {
  const index = searchIndexOf(deps.config);
  if (!index) return;
  const meta = tableMeta(deps.table);
  const pointer = meta.columns.publishedVersionId;
  if (!pointer) throw new TypeError(`table ${meta.name} needs a publishedVersionId column to be searchable`);
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const row = await db
    .prepare(`SELECT ${meta.selectList} FROM ${ident(meta.name)} WHERE ${pk} = ?1 AND ${ident(pointer.name)} IS NOT NULL`)
    .bind(id)
    .first<Record<string, unknown>>();
  if (row) await db.batch(indexDocumentStatements(db, index, id, decodeRow(meta, row), { table: ident(meta.name), pk }));
  else await unindexStatement(db, index, id).run();
  noteSearchChange();
}

/**
 * Rebuilds a collection's index from its table: every published row (pointer set) is indexed,
 * nothing else. The clear and every insert run as one batch, so searches see the old index or the
 * new one, never half of it.
 *
 * @example
 * const { indexed } = await rebuildSearchIndex(env.DB, { table: pages, config: pagesCollection });
 */
export async function rebuildSearchIndex(db: D1Client, deps: { table: Table; config: CollectionConfig }): Promise<{ indexed: number }> {
  const index = searchIndexOf(deps.config);
  if (!index) throw new TypeError(`collection ${deps.config.slug} has no search config`);
  const meta = tableMeta(deps.table);
  const rows: unknown[][] = [];
  for await (const row of publishedRows(db, meta, index)) rows.push([row[meta.primaryKey], ...searchDocument(index, row)]);
  const fts = ident(index.name);
  const columns = index.fields.map(({ name }) => ident(name));
  const picks = index.fields.map((_, i) => `json_extract(value, '$[${i + 1}]')`).join(", ");
  const insert = `INSERT INTO ${fts} (rowid, ${columns.join(", ")}) SELECT json_extract(value, '$[0]'), ${picks} FROM json_each(?1)`;
  const statements = [db.prepare(`DELETE FROM ${fts}`)];
  for (const chunk of jsonChunks(rows)) statements.push(db.prepare(insert).bind(chunk));
  // Merge the freshly written segments so the first searches after a rebuild are as fast as later ones.
  statements.push(db.prepare(`INSERT INTO ${fts} (${fts}) VALUES ('optimize')`));
  await db.batch(statements);
  noteSearchChange();
  return { indexed: rows.length };
}

async function* publishedRows(db: D1Client, meta: TableMeta, index: SearchIndex): AsyncGenerator<Record<string, unknown>> {
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const pointer = meta.columns.publishedVersionId;
  if (!pointer) throw new TypeError(`table ${meta.name} needs a publishedVersionId column to be searchable`);
  const select = [meta.primaryKey, ...index.fields.map(({ name }) => name)].map((property) => {
    const column = meta.columns[property];
    if (!column) throw new TypeError(`search field ${property} is not a column of ${meta.name}`);
    return `${ident(column.name)} AS ${ident(property)}`;
  });
  let after = 0;
  for (;;) {
    const { results } = await db
      .prepare(`SELECT ${select.join(", ")} FROM ${ident(meta.name)} WHERE ${ident(pointer.name)} IS NOT NULL AND ${pk} > ?1 ORDER BY ${pk} LIMIT ?2`)
      .bind(after, REBUILD_READ_ROWS)
      .all<Record<string, unknown>>();
    for (const row of results) yield decodeRow(meta, row);
    const last = results.at(-1);
    if (!last || results.length < REBUILD_READ_ROWS) return;
    after = Number(last[meta.primaryKey]);
  }
}

function* jsonChunks(rows: unknown[][]): Generator<string> {
  let chunk: string[] = [];
  let size = 0;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (chunk.length > 0 && size + text.length > REBUILD_CHUNK_CHARS) {
      yield `[${chunk.join(",")}]`;
      chunk = [];
      size = 0;
    }
    chunk.push(text);
    size += text.length + 1;
  }
  if (chunk.length > 0) yield `[${chunk.join(",")}]`;
}
