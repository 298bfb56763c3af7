// The search index an import rebuilds: for each FTS5 table `<table>_search`, the collection that
// declares `<table>` gives each indexed field's type, and the package's own search core turns a
// published row into the text the site itself would index (the same code as its reindex route).
import { getTableName } from "drizzle-orm";

/**
 * A map from a collection's table to `{ fts, columns, document(columns, row) }`, where `document`
 * gives the index row (`[rowid, ...texts]`) of an archived row, or `null` when it is not published.
 *
 * @example
 * const rebuild = await searchRebuilders({ search: ["pages_search"], columns, collections, module: "src/collections.ts" });
 * rebuild.get("pages").document(["id", "title", "published_version_id"], [1, "Hi", 1]) // [1, "Hi"]
 */
export async function searchRebuilders({ search, columns, collections, module }) {
  const rebuild = new Map();
  if (search.length === 0) return rebuild;
  const { decodeRow, tableMeta } = await import("../../dist/lib/cores/table-meta.js");
  const { fieldSearchText } = await import("../../dist/lib/cores/search/search-text.js");
  for (const fts of search) {
    const table = fts.replace(/_search$/, "");
    const collection = collections.find((candidate) => getTableName(candidate.table) === table);
    if (!collection) throw new Error(`cannot rebuild the search index ${fts}: ${module} declares no collection over the table ${table}`);
    const meta = tableMeta(collection.table);
    if (!meta.columns.publishedVersionId) throw new Error(`cannot rebuild the search index ${fts}: the table ${table} has no published_version_id`);
    const indexed = columns[fts];
    const unknown = indexed.filter((name) => !collection.fields[name]);
    if (unknown.length > 0) throw new Error(`cannot rebuild the search index ${fts}: ${unknown.join(", ")} is no field of the ${table} collection`);
    const properties = Object.values(meta.columns);
    rebuild.set(table, {
      fts,
      columns: indexed,
      document(archived, row) {
        const raw = {};
        for (const { property, name } of properties) {
          const at = archived.indexOf(name);
          if (at >= 0) raw[property] = row[at];
        }
        const document = decodeRow(meta, raw);
        if (document.publishedVersionId === null || document.publishedVersionId === undefined) return null;
        return [document[meta.primaryKey], ...indexed.map((name) => fieldSearchText(collection.fields[name], document[name]))];
      },
    });
  }
  return rebuild;
}
