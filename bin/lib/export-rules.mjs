// What a site archive holds and what it never does: written once in the package's
// `cores/export/archive-rules`, which the site's export route reads too (docs/export-format.md,
// "What is left out").
export { CREDENTIAL_COLUMNS, exportedColumns, isCredential, siteTables, SKIPPED_TABLES } from "../../dist/lib/cores/export/archive-rules.js";
