// The site's D1 and media bucket as export and import reach them, on the state `--persist-to` and
// `-c` name: through the site's wrangler's Node API (platform-state.mjs), one local runtime for the
// whole command, or, where the site's wrangler has none, through its commands (`d1 execute --json`,
// `r2 object get/put`) with several statements per run, because each run starts the runtime and
// costs seconds. Both read the same rows and bytes, so the archive does not depend on the path.
import { createReadStream, existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { fileBytes, openPlatformState } from "./platform-state.mjs";
import { runWrangler } from "./wrangler.mjs";

/**
 * Objects up to this size are stored through the runtime already running; a larger one through a
 * `wrangler r2 object put` of its own, which streams the file where the Node API takes the bytes
 * whole and moves them at a few MB/s, so past this size the run's start costs less.
 */
export const PROXY_PUT_BYTES = 8 * 1024 * 1024;

/**
 * The target's D1 and bucket for one command: `query(statements)` (reads; one array of rows per
 * statement, asked again while another process holds the database locked), `execute(statements)`
 * (one batch, in one transaction), `readObject(key)` (`{ size, body }`, body a byte stream),
 * `writeObject(key, file, contentType)`, `close()`. `scratch` is a folder the command owns.
 *
 * @example
 * const state = await openSiteState({ target, cwd, bucket: "site-media", scratch });
 * const [pages] = await state.query(["SELECT id FROM pages"]); await state.close();
 */
export async function openSiteState({ target, cwd, bucket, scratch }) {
  const platform = await openPlatformState({ target, cwd, bucket });
  const commands = commandState({ target, cwd, bucket, scratch });
  if (platform === null) return commands;
  const { db, media, explain } = platform;
  const batch = (statements) =>
    db.batch(statements.map((sql) => db.prepare(sql))).catch(async (error) => {
      throw await explain(error);
    });
  return {
    query: (statements, options) => askAgainWhileBusy(async () => (await batch(statements)).map((result) => result.results ?? []), options),
    async execute(statements) {
      await batch(statements);
    },
    async readObject(key) {
      const object = await media.get(key);
      if (object === null) throw new Error(`the media object ${key} (a row of the media table) is not in the bucket ${bucket}`);
      return { size: object.size, body: object.body };
    },
    async writeObject(key, file, contentType) {
      if (statSync(file).size > PROXY_PUT_BYTES) return commands.writeObject(key, file, contentType);
      await media.put(key, fileBytes(file), { httpMetadata: { contentType } });
    },
    close: () => platform.close(),
  };
}

/** The same, one wrangler run per step. */
function commandState({ target, cwd, bucket, scratch }) {
  let batches = 0;
  return {
    query: (statements, options) => queryD1(target, cwd, statements, options),
    async execute(statements) {
      const file = join(scratch, `batch-${batches++}.sql`);
      writeFileSync(file, statements.map((statement) => `${statement};\n`).join(""));
      await executeD1File(target, cwd, file);
      rmSync(file);
    },
    async readObject(key) {
      const file = join(scratch, "object");
      await getObject(target, cwd, bucket, key, file);
      return { size: statSync(file).size, body: Readable.toWeb(createReadStream(file)) };
    },
    writeObject: (key, file, contentType) => putObject(target, cwd, bucket, key, file, contentType),
    close: async () => {},
  };
}

/**
 * Runs SQL reads (joined with `;`) on the target's D1 and resolves with one array of rows per statement;
 * a database another process holds locked at that moment is asked again (see `askAgainWhileBusy`).
 *
 * @example
 * const [tables] = await queryD1(target, cwd, ["SELECT name FROM sqlite_master"]);
 */
export async function queryD1({ database, target, flags }, cwd, statements, options) {
  const args = ["d1", "execute", database, target, ...flags, "--json", "--command", statements.join(";\n")];
  return askAgainWhileBusy(async () => {
    const output = await runWrangler(args, { cwd });
    const answer = JSON.parse(output.slice(output.indexOf("[")));
    return answer.map((result) => result.results ?? []);
  }, options);
}

/**
 * Runs `read` until it answers: a local D1 that `wrangler dev` is writing at that moment answers
 * "database is locked", and a read (these statements are reads or idempotent) is simply asked
 * again, waiting longer each time (at most `MAX_BUSY_WAIT_MS`), until it answers or the database
 * has stayed locked for `busyForMs`; any other failure is thrown at once. The budget is time, not
 * tries: a site being typed into on a busy machine held its database for more than six tries
 * (7.5 s) while an export read it.
 */
export async function askAgainWhileBusy(read, { retryWaitMs = 250, busyForMs = 30_000 } = {}) {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!BUSY.test(String(error?.message))) throw error;
      if (Date.now() - started >= busyForMs) throw new Error(`the local database stayed locked for ${busyForMs / 1000} s (a running \`wrangler dev\` writes it): try again, or stop it first\n${error?.message ?? error}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(retryWaitMs * attempt, MAX_BUSY_WAIT_MS)));
    }
  }
}

const BUSY = /SQLITE_BUSY|database is locked/;
const MAX_BUSY_WAIT_MS = 2_000;

/**
 * Runs a file of SQL on the target's D1.
 *
 * @example
 * await executeD1File(target, cwd, "/tmp/rows.sql");
 */
export async function executeD1File({ database, target, flags }, cwd, file) {
  await runWrangler(["d1", "execute", database, target, ...flags, "--file", file, "--yes"], { cwd });
}

/**
 * The bucket name behind the media binding, read from the site's wrangler.toml (`[[r2_buckets]]`
 * with `binding = "MEDIA"`), or `null` when the site has no such bucket.
 *
 * @example
 * mediaBucket({ config: undefined, binding: "MEDIA" }, process.cwd()) // "my-site-media"
 */
export function mediaBucket({ config, binding }, cwd) {
  const path = config ? resolve(config) : resolve(cwd, "wrangler.toml");
  if (!existsSync(path)) return null;
  const blocks = readFileSync(path, "utf8").split(/^\s*\[/m).filter((block) => block.startsWith("[r2_buckets]]"));
  for (const block of blocks) {
    const value = (key) => block.match(new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"`, "m"))?.[1];
    if (value("binding") === binding) return value("bucket_name") ?? null;
  }
  return null;
}

/** The `r2 object` flags for a target: the deployment's bucket, or local state (`--persist-to`, `-c`). */
function r2Flags({ remote, flags }) {
  return [remote ? "--remote" : "--local", ...flags];
}

/**
 * Copies one object of the bucket to `file`; rejects naming the key when the bucket cannot give it.
 *
 * @example
 * await getObject(target, cwd, "site-media", "photos/a.png", "/tmp/a.png")
 */
export async function getObject(target, cwd, bucket, key, file) {
  try {
    await runWrangler(["r2", "object", "get", `${bucket}/${key}`, "--file", file, ...r2Flags(target)], { cwd });
  } catch (error) {
    throw new Error(`the media object ${key} (a row of the media table) could not be read from the bucket ${bucket}: ${error.message}`);
  }
}

/**
 * Stores `file` as one object of the bucket, with its content type.
 *
 * @example
 * await putObject(target, cwd, "site-media", "photos/a.png", "/tmp/a.png", "image/png")
 */
export async function putObject(target, cwd, bucket, key, file, contentType) {
  await runWrangler(["r2", "object", "put", `${bucket}/${key}`, "--file", file, "--content-type", contentType, ...r2Flags(target)], { cwd });
}
