// The site archive (docs/export-format.md): one NDJSON file, a manifest line, then entries in a
// fixed order, each a header line and its body lines. The format itself (lines, manifest, media
// lines) is the package's `cores/export`, which the site's export route writes with too; here it
// goes through scratch files so the manifest (which carries every entry's SHA-256) can come first
// while memory stays bounded. Read twice on import, once to verify everything and once to write,
// so a bad archive writes nothing.
import { createHash } from "node:crypto";
import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveLine, archiveManifest } from "../../dist/lib/cores/export/archive-format.js";
import { PACKAGE_ROOT } from "./copy-parts.mjs";

export { ARCHIVE_FORMAT, ARCHIVE_VERSION };

/** Bytes copied at a time from an entry's scratch file into the archive. */
const COPY_CHUNK = 1024 * 1024;

/** The installed package's version, recorded in (and compared against) manifests. */
export function packageVersion() {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")).version;
}

/**
 * -1, 0 or 1 as `a` is older, equal or newer than `b` (major.minor.patch; a pre-release tag counts
 * as older than its release).
 *
 * @example
 * compareVersions("0.2.0", "0.10.0") // -1
 */
export function compareVersions(a, b) {
  const parse = (version) => {
    const [core, pre] = String(version).split("-", 2);
    return { parts: core.split(".").map((part) => Number.parseInt(part, 10) || 0), pre: pre !== undefined };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) {
    const difference = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return x.pre === y.pre ? 0 : x.pre ? -1 : 1;
}

/**
 * Writes an archive: `entry(header)` opens an entry (its header's `entry` is its name) and returns
 * it, `entry.line(value)` adds a body line, and `finish(file, fields)` writes the manifest (the
 * format, the package version, `fields`, then each entry's name, line count, byte size and
 * SHA-256) followed by the entries in the order they were opened. Each entry goes to its own
 * scratch file first, so entries may fill side by side.
 *
 * @example
 * const archive = createArchiveWriter(scratch);
 * archive.entry({ entry: "table:pages", columns: ["id"] }).line([1]);
 * archive.finish("site.cms", { migrations: [] });
 */
export function createArchiveWriter(scratch) {
  const entries = [];
  const open = (header) => {
    const entry = { name: header.entry, path: join(scratch, `entry-${entries.length}.ndjson`), hash: createHash("sha256"), lines: 0, bytes: 0 };
    entry.fd = openSync(entry.path, "w");
    entries.push(entry);
    const line = (value) => {
      const bytes = archiveLine(value);
      writeSync(entry.fd, bytes);
      entry.hash.update(bytes);
      entry.bytes += bytes.length;
      entry.lines += 1;
    };
    line(header);
    return { line };
  };
  return {
    entry: open,
    finish(file, fields) {
      for (const entry of entries) closeSync(entry.fd);
      const summaries = entries.map(({ name, lines, bytes, hash }) => ({ name, lines, bytes, sha256: hash.digest("hex") }));
      const manifest = archiveManifest(packageVersion(), fields, summaries);
      const out = openSync(file, "w");
      try {
        writeSync(out, archiveLine(manifest));
        const buffer = Buffer.alloc(COPY_CHUNK);
        for (const { path } of entries) {
          const from = openSync(path, "r");
          for (let read; (read = readSync(from, buffer, 0, COPY_CHUNK, null)) > 0; ) writeSync(out, buffer, 0, read);
          closeSync(from);
        }
      } finally {
        closeSync(out);
      }
      return manifest;
    },
  };
}

/** The lines of a file (without their newline), one at a time. */
async function* rawLines(file) {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const text of lines) yield text;
}

function parseLine(text, where) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${where}: a line is not JSON (the archive is damaged)`);
  }
}

/**
 * Reads and checks a whole archive without acting on it: the manifest's format, version and
 * package, then every entry against it (order, header, line count, bytes, SHA-256). Resolves with
 * the manifest and every entry's header; rejects naming the first bad entry.
 *
 * @example
 * const { manifest, headers } = await verifyArchive("site.cms");
 */
export async function verifyArchive(file) {
  const size = statSync(file).size;
  let cut = null;
  let at = -1;
  try {
    return await verifyLines(file, (manifest, manifestBytes) => (cut = cutEntry(manifest, manifestBytes, size)), (index) => (at = index));
  } catch (error) {
    // A short file fails at the entry where it ends or later: say it was cut, not altered.
    if (cut !== null && at >= cut.index) throw new Error(`entry ${cut.name} is truncated: the archive ends ${cut.into} bytes into its ${cut.bytes}`);
    throw error;
  }
}

/** Where a file of `size` bytes ends among the manifest's entries, or `null` when it is long enough. */
function cutEntry(manifest, manifestBytes, size) {
  let end = manifestBytes;
  for (const [index, entry] of manifest.entries.entries()) {
    if (size < end + entry.bytes) return { index, name: entry.name, bytes: entry.bytes, into: Math.max(0, size - end) };
    end += entry.bytes;
  }
  return null;
}

/** The line-by-line check of {@link verifyArchive}, reporting the manifest and each entry it reaches. */
async function verifyLines(file, onManifest, onEntry) {
  let manifest = null;
  const headers = [];
  let index = -1;
  let entry = null;
  const finishEntry = () => {
    if (!entry) return;
    const expected = manifest.entries[index];
    const sha256 = entry.hash.digest("hex");
    if (entry.lines !== expected.lines || entry.bytes !== expected.bytes) {
      throw new Error(`entry ${expected.name} was altered: the manifest says ${expected.lines} lines (${expected.bytes} bytes), the archive holds ${entry.lines} (${entry.bytes} bytes)`);
    }
    if (sha256 !== expected.sha256) throw new Error(`entry ${expected.name} does not match its SHA-256 in the manifest: it was altered`);
  };
  for await (const text of rawLines(file)) {
    if (manifest === null) {
      manifest = checkManifest(parseLine(text, "the manifest"));
      onManifest(manifest, Buffer.byteLength(text, "utf8") + 1);
      continue;
    }
    if (entry === null || entry.lines === manifest.entries[index].lines) {
      finishEntry();
      index += 1;
      onEntry(index);
      const expected = manifest.entries[index];
      if (!expected) throw new Error("the archive holds more than its manifest lists (the archive is damaged)");
      const header = parseLine(text, `entry ${expected.name}`);
      if (header === null || typeof header !== "object" || header.entry !== expected.name) {
        throw new Error(`entry ${expected.name} is missing or altered: found ${typeof header?.entry === "string" ? header.entry : "another line"} in its place`);
      }
      headers.push(header);
      entry = { hash: createHash("sha256"), lines: 0, bytes: 0 };
    }
    entry.hash.update(`${text}\n`, "utf8");
    entry.lines += 1;
    entry.bytes += Buffer.byteLength(text, "utf8") + 1;
  }
  if (manifest === null) throw new Error("the archive is empty");
  finishEntry();
  onEntry(index + 1);
  const missing = manifest.entries[index + 1];
  if (missing) throw new Error(`entry ${missing.name} is missing: the archive is truncated`);
  return { manifest, headers };
}

function checkManifest(manifest) {
  if (manifest === null || typeof manifest !== "object" || manifest.format !== ARCHIVE_FORMAT) throw new Error("not a cms-toolkit site archive (its first line is no manifest)");
  if (typeof manifest.version !== "number" || manifest.version > ARCHIVE_VERSION) {
    throw new Error(`the archive's format version ${manifest.version} is newer than this cms-toolkit reads (${ARCHIVE_VERSION}): upgrade cms-toolkit`);
  }
  if (compareVersions(manifest.package, packageVersion()) > 0) {
    throw new Error(`the archive comes from cms-toolkit ${manifest.package}, newer than this one (${packageVersion()}): upgrade cms-toolkit first`);
  }
  if (!Array.isArray(manifest.entries)) throw new Error("the manifest lists no entries (the archive is damaged)");
  return manifest;
}

/**
 * The entries of an archive already verified, in order: `{ header, lines }` where `lines` yields the
 * entry's parsed body lines and must be read to its end before the next entry.
 *
 * @example
 * for await (const { header, lines } of readEntries("site.cms")) for await (const row of lines) use(row);
 */
export async function* readEntries(file) {
  const iterator = rawLines(file)[Symbol.asyncIterator]();
  const first = await iterator.next();
  const manifest = checkManifest(parseLine(first.value, "the manifest"));
  for (const expected of manifest.entries) {
    const head = await iterator.next();
    const header = parseLine(head.value, `entry ${expected.name}`);
    let left = expected.lines - 1;
    async function* lines() {
      while (left > 0) {
        left -= 1;
        const next = await iterator.next();
        yield parseLine(next.value, `entry ${expected.name}`);
      }
    }
    yield { header, lines: lines() };
    // A consumer that stopped early: skip the rest of the entry.
    while (left > 0) {
      left -= 1;
      await iterator.next();
    }
  }
}
