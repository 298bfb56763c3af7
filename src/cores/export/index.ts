export { ARCHIVE_FORMAT, ARCHIVE_VERSION, MEDIA_CHUNK, archiveLine, archiveManifest, base64Of, compareKeys, createEntryTally, mediaHeader, mediaLines, tableHeader } from "./archive-format";
export type { ArchiveEntrySummary, ArchiveHash, ArchiveManifest, ArchiveManifestFields } from "./archive-format";
export { CREDENTIAL_COLUMNS, SKIPPED_TABLES, exportedColumns, isCredential, siteTables } from "./archive-rules";
export { HEAD_SQL, PAGE_ROWS, TABLES_SQL, archiveRow, describeTables, ident, literal, nextCursor, pageSql, tablePlan } from "./archive-sql";
export type { ArchiveValue, SiteTables, TableColumnRow, TablePlan } from "./archive-sql";
export { SPOOL_PART_BYTES, SPOOL_PREFIX, createArchiveSpool } from "./archive-spool";
export { digestStreamHash, exportSiteArchive } from "./site-export";
export type { SiteExportOptions } from "./site-export";
