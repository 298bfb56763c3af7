// `npm run sql:generate`: writes each `sql/<part>.sql` from the Drizzle tables it is declared with
// (src/tables/sql-parts.ts), rendered by src/cores/sql-part.ts. Edit the tables, run this, commit
// the output; test/sql-parts.test.ts fails while a file differs from what the tables render.
import { readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SQL_PARTS as COPY_ORDER } from "../bin/lib/copy-parts.mjs";
import { loadTs } from "./lib/load-ts.mjs";

const root = resolve(import.meta.dirname, "..");
const { SQL_PARTS } = await loadTs(join(root, "src/tables/sql-parts.ts"));
const { renderSqlPart } = await loadTs(join(root, "src/cores/sql-part.ts"));

const names = SQL_PARTS.map((part) => part.name);
// `cms-toolkit migrations` copies the parts in its own list's order: the two must agree.
if (names.join(",") !== COPY_ORDER.join(",")) {
  throw new Error(`bin/lib/copy-parts.mjs SQL_PARTS (${COPY_ORDER.join(", ")}) differs from src/tables/sql-parts.ts (${names.join(", ")})`);
}
const strays = readdirSync(join(root, "sql")).filter((file) => file.endsWith(".sql") && !names.includes(file.slice(0, -".sql".length)));
if (strays.length > 0) throw new Error(`sql/ holds files no part declares: ${strays.join(", ")}`);
for (const part of SQL_PARTS) writeFileSync(join(root, "sql", `${part.name}.sql`), renderSqlPart(part));
console.log(`wrote ${names.map((name) => `sql/${name}.sql`).join(", ")}`);
