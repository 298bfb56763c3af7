// SQL text for statements sent through `wrangler d1 execute`, which takes no bound parameters:
// identifiers quoted, values written as literals that read back exactly. Written once in the
// package's `cores/export/archive-sql`, whose page queries the site's export route runs too.
export { ident, literal } from "../../dist/lib/cores/export/archive-sql.js";
