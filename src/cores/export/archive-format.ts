// The site archive's format (docs/export-format.md), written once for both writers: the CLI
// (`cms-toolkit export`, in Node) and the site's own `GET /api/cms/export` (in workerd). Plain Web
// APIs only, and the SHA-256 is handed in (Node's `createHash`, workerd's `DigestStream`), because
// neither runtime has the other's incremental hash.

/** The `format` field of every archive's manifest. */
export const ARCHIVE_FORMAT = "cms-toolkit-site-archive";
/** Bumped whenever a reader of the previous version could misread an archive. */
export const ARCHIVE_VERSION = 1;
/** Raw bytes per media line (base64 makes it 64 KiB of text). */
export const MEDIA_CHUNK = 48 * 1024;

/** An incremental SHA-256: bytes in, then the hex digest once. */
export interface ArchiveHash {
  update(bytes: Uint8Array): void | Promise<void>;
  digest(): Promise<string>;
}

/** What the manifest lists of one entry. */
export interface ArchiveEntrySummary {
  name: string;
  lines: number;
  bytes: number;
  sha256: string;
}

/** The fields a writer adds to the manifest between the package version and the entries. */
export interface ArchiveManifestFields {
  migrations: string[];
  sequences: Record<string, number>;
  credentials: boolean;
  counts: Record<string, number>;
  objects: number;
}

export type ArchiveManifest = { format: string; version: number; package: string } & ArchiveManifestFields & { entries: ArchiveEntrySummary[] };

const UTF8 = new TextEncoder();

/**
 * One archive line: the value's JSON and `\n`, as UTF-8.
 *
 * @example
 * archiveLine({ entry: "table:pages" }) // bytes of '{"entry":"table:pages"}\n'
 */
export function archiveLine(value: unknown): Uint8Array {
  return UTF8.encode(`${JSON.stringify(value)}\n`);
}

/**
 * Counts and hashes one entry's lines as they are written; `summary()` gives its manifest row.
 *
 * @example
 * const tally = createEntryTally("table:pages", hash);
 * await tally.add(archiveLine(header));
 */
export function createEntryTally(name: string, hash: ArchiveHash) {
  let lines = 0;
  let bytes = 0;
  return {
    name,
    async add(line: Uint8Array): Promise<void> {
      await hash.update(line);
      lines += 1;
      bytes += line.byteLength;
    },
    async summary(): Promise<ArchiveEntrySummary> {
      return { name, lines, bytes, sha256: await hash.digest() };
    },
  };
}

/**
 * The manifest line's value, its keys in the order every writer uses (the order is part of the
 * byte-identical promise).
 *
 * @example
 * archiveManifest("0.1.0", { migrations: [], sequences: {}, credentials: false, counts: {}, objects: 0 }, [])
 */
export function archiveManifest(packageVersion: string, fields: ArchiveManifestFields, entries: ArchiveEntrySummary[]): ArchiveManifest {
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    package: packageVersion,
    migrations: fields.migrations,
    sequences: fields.sequences,
    credentials: fields.credentials,
    counts: fields.counts,
    objects: fields.objects,
    entries,
  };
}

/** A table entry's header line. */
export function tableHeader(table: string, columns: string[]) {
  return { entry: `table:${table}`, table, columns };
}

/** A media entry's header line. */
export function mediaHeader(key: string, contentType: string | null | undefined, size: number) {
  return { entry: `media:${key}`, key, contentType, size };
}

/** Media keys in archive order (code-unit order, as both writers sort them). */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Standard base64 (with padding) of some bytes, with Web APIs only.
 *
 * @example
 * base64Of(new Uint8Array([104, 105])) // "aGk="
 */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  const STEP = 0x8000;
  for (let at = 0; at < bytes.length; at += STEP) binary += String.fromCharCode(...bytes.subarray(at, at + STEP));
  return btoa(binary);
}

/**
 * An object's bytes as a media entry's body lines: base64 of each {@link MEDIA_CHUNK} bytes,
 * however the stream happens to cut them.
 *
 * @example
 * for await (const line of mediaLines(object.body)) await tally.add(archiveLine(line));
 */
export async function* mediaLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const buffer = new Uint8Array(MEDIA_CHUNK);
  let filled = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let at = 0; at < value.byteLength; ) {
        const take = Math.min(MEDIA_CHUNK - filled, value.byteLength - at);
        buffer.set(value.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled === MEDIA_CHUNK) {
          yield base64Of(buffer);
          filled = 0;
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (filled > 0) yield base64Of(buffer.subarray(0, filled));
}
