// The site's own export (`GET /api/cms/export`): the same archive as `cms-toolkit export`, written
// with the same format and SQL (archive-format.ts, archive-sql.ts), streamed. D1 is read once into
// a spool in the bucket (archive-spool.ts); media objects are read one at a time, once to hash them
// for the manifest and once to send them, the second read pinned to the first one's ETag.
import { HttpError } from "../../shared/errors";
import { missingBinding } from "../../shared/misconfigured";
import { archiveLine, archiveManifest, compareKeys, createEntryTally, mediaHeader, mediaLines, tableHeader, type ArchiveEntrySummary, type ArchiveHash } from "./archive-format";
import { createArchiveSpool, type ArchiveSpool } from "./archive-spool";
import { archiveRow, describeTables, HEAD_SQL, nextCursor, pageSql, TABLES_SQL, tablePlan, type TableColumnRow } from "./archive-sql";

export interface SiteExportOptions {
  db: D1Database;
  /** The bucket the media table's objects are in; needed only when the table names any. */
  media: R2Bucket | undefined;
  /** Where the rows wait while the manifest is made (the media bucket, under a prefix nothing serves). */
  spool: R2Bucket;
  /** The cms-toolkit version written into the manifest. */
  packageVersion: string;
  /** A fresh SHA-256 per entry; default workerd's `crypto.DigestStream`. */
  hash?: () => ArchiveHash;
}

interface MediaPlan {
  key: string;
  contentType: string | null;
  etag: string;
  summary: ArchiveEntrySummary;
}

/**
 * A SHA-256 over workerd's `crypto.DigestStream`, fed one line at a time.
 *
 * @example
 * const hash = digestStreamHash(); await hash.update(bytes); await hash.digest() // "e3b0…"
 */
export function digestStreamHash(): ArchiveHash {
  const stream = new crypto.DigestStream("SHA-256");
  const writer = stream.getWriter();
  return {
    update: (bytes) => writer.write(bytes),
    async digest() {
      await writer.close();
      return [...new Uint8Array(await stream.digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    },
  };
}

/**
 * The whole site's archive as a stream (docs/export-format.md). Everything that can refuse (a
 * media row whose object is missing, no bucket) refuses before the first byte; once it streams, an
 * object changed since it was hashed stops the stream rather than send an archive its manifest
 * does not match. Rooms are the caller's to flush first.
 *
 * @example
 * const body = await exportSiteArchive({ db: env.DB, media: env.MEDIA, spool: env.MEDIA, packageVersion: PACKAGE_VERSION });
 */
export async function exportSiteArchive(options: SiteExportOptions): Promise<ReadableStream<Uint8Array>> {
  const hash = options.hash ?? digestStreamHash;
  const spool = createArchiveSpool(options.spool, crypto.randomUUID());
  let head: { manifest: Uint8Array; media: MediaPlan[] };
  try {
    head = await spoolTables(options, spool, hash);
  } catch (error) {
    await spool.discard();
    throw error;
  }
  const chunks = sendArchive(head.manifest, spool, head.media, options.media, hash);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        await spool.discard();
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
      await spool.discard();
    },
  });
}

/** Reads every table into the spool and hashes every media object; resolves with the manifest line. */
async function spoolTables(options: SiteExportOptions, spool: ArchiveSpool, hash: () => ArchiveHash) {
  const { db } = options;
  const [tableRows, migrations, sequences] = await db.batch([db.prepare(TABLES_SQL), db.prepare(HEAD_SQL.migrations), db.prepare(HEAD_SQL.sequences)]);
  const tables = describeTables(tableRows!.results as unknown as TableColumnRow[]);
  const entries: ArchiveEntrySummary[] = [];
  const counts: Record<string, number> = {};
  const found: { key: string; contentType: string | null }[] = [];
  for (const table of tables.data) {
    const plan = tablePlan(tables, table, false);
    const tally = createEntryTally(`table:${table}`, hash());
    const write = async (value: unknown) => {
      const line = archiveLine(value);
      await tally.add(line);
      await spool.write(line);
    };
    await write(tableHeader(table, plan.columns));
    let rows = 0;
    for (let cursor: unknown[] | null = null, first = true; first || cursor !== null; first = false) {
      const { results } = await db.prepare(pageSql(plan, cursor)).all<Record<string, unknown>>();
      for (const row of results) {
        await write(archiveRow(plan.columns, row));
        if (table === "media") found.push({ key: String(row.key), contentType: (row.content_type as string | null | undefined) ?? null });
      }
      rows += results.length;
      cursor = nextCursor(plan, results);
    }
    counts[table] = rows;
    entries.push(await tally.summary());
  }
  await spool.finish();
  const media = await hashMedia(found, options.media, hash);
  entries.push(...media.map(({ summary }) => summary));
  const applied = (migrations!.results as { name: string }[]).map(({ name }) => name);
  const sequence = Object.fromEntries((sequences!.results as { name: string; seq: number }[]).filter(({ name }) => tables.data.includes(name)).map(({ name, seq }) => [name, seq]));
  const manifest = archiveManifest(options.packageVersion, { migrations: applied, sequences: sequence, credentials: false, counts, objects: media.length }, entries);
  return { manifest: archiveLine(manifest), media };
}

/** The media entries' manifest rows, each object read once, in key order. */
async function hashMedia(found: { key: string; contentType: string | null }[], bucket: R2Bucket | undefined, hash: () => ArchiveHash): Promise<MediaPlan[]> {
  if (found.length === 0) return [];
  if (!bucket) throw missingBinding("MEDIA", "R2 bucket", "exporting the media objects the media table names");
  const plans: MediaPlan[] = [];
  for (const { key, contentType } of [...found].sort((a, b) => compareKeys(a.key, b.key))) {
    const object = await bucket.get(key);
    if (!object) throw new HttpError(409, `media ${key} is in the media table but its object is not in the bucket: delete the row or upload the object again, then export`, { code: "media_missing" });
    const tally = createEntryTally(`media:${key}`, hash());
    await tally.add(archiveLine(mediaHeader(key, contentType, object.size)));
    for await (const line of mediaLines(object.body)) await tally.add(archiveLine(line));
    plans.push({ key, contentType, etag: object.etag, summary: await tally.summary() });
  }
  return plans;
}

/** The archive's bytes: the manifest, the spooled tables, then each media object read again. */
async function* sendArchive(manifest: Uint8Array, spool: ArchiveSpool, media: MediaPlan[], bucket: R2Bucket | undefined, hash: () => ArchiveHash): AsyncGenerator<Uint8Array> {
  yield manifest;
  yield* spool.read();
  for (const plan of media) {
    const object = await bucket!.get(plan.key, { onlyIf: { etagMatches: plan.etag } });
    if (!object || !("body" in object)) throw new Error(`media ${plan.key} changed during the export; export again`);
    const tally = createEntryTally(plan.summary.name, hash());
    const header = archiveLine(mediaHeader(plan.key, plan.contentType, object.size));
    await tally.add(header);
    yield header;
    for await (const text of mediaLines(object.body)) {
      const line = archiveLine(text);
      await tally.add(line);
      yield line;
    }
    if ((await tally.summary()).sha256 !== plan.summary.sha256) throw new Error(`media ${plan.key} changed during the export; export again`);
  }
}
