// An archive's rows held to the rules every write path applies to a collection's fields, before the
// import writes any (`cores/export/archived-rows`): an archive is checked for integrity but not
// signed, and its rows may come from a database written by other means.
import { getTableName } from "drizzle-orm";
import { readEntries } from "./archive.mjs";

/** Values named in the import's error or report; the rest are counted (an archive may hold thousands). */
const NAMED = 10;

/**
 * Reads the rows of the archive's collection tables once. Throws, naming the refused values, when
 * any field holds what no write would accept; else resolves with `rowOf(table, index, row)`, the
 * row to write (its rich text as the sanitizer leaves it), and `cleaned`, the rich values it changed.
 *
 * @example
 * const { rowOf, cleaned } = await checkArchivedRows("site.cms", collections);
 */
export async function checkArchivedRows(file, collections) {
  const { archivedRowChecker } = await import("../../dist/lib/cores/export/archived-rows.js");
  const byTable = new Map(collections.map((collection) => [getTableName(collection.table), collection]));
  const replaced = new Map();
  const refused = [];
  const cleaned = [];
  for await (const { header, lines } of readEntries(file)) {
    const collection = header.table === undefined ? undefined : byTable.get(header.table);
    if (!collection) continue;
    const check = archivedRowChecker(collection, header.columns);
    const id = header.columns.indexOf("id");
    let index = 0;
    for await (const row of lines) {
      const result = await check(row);
      const where = `${header.table} row ${id >= 0 ? row[id] : index + 1}`;
      for (const { path, message } of result.problems) refused.push(`${where}: ${path ? `${path}: ` : ""}${message}`);
      if (result.cleaned.length > 0) {
        replaced.set(`${header.table}:${index}`, result.row);
        cleaned.push(`${where} (${result.cleaned.join(", ")})`);
      }
      index += 1;
    }
  }
  if (refused.length > 0) {
    throw new Error(`the archive holds values no edit of the site would accept, so nothing was written: ${namedList(refused)}`);
  }
  return { rowOf: (table, index, row) => replaced.get(`${table}:${index}`) ?? row, cleaned };
}

/**
 * The first `NAMED` items joined, and how many more there are.
 *
 * @example
 * namedList(["a", "b"]) // "a; b"
 */
export function namedList(items) {
  const more = items.length > NAMED ? `, and ${items.length - NAMED} more` : "";
  return `${items.slice(0, NAMED).join("; ")}${more}`;
}
