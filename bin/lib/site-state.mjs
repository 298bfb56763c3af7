// The site's D1 and media bucket as export and import reach them: through the site's own wrangler
// (`d1 execute --json`, `r2 object get/put`), on the state `--persist-to` and `-c` name. Several
// statements go in one wrangler run, because each run starts the runtime and costs seconds.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { runWrangler } from "./wrangler.mjs";

/**
 * Runs SQL reads (joined with `;`) on the target's D1 and resolves with one array of rows per statement;
 * a database another process holds locked at that moment is asked again, up to six times.
 *
 * @example
 * const [tables] = await queryD1(target, cwd, ["SELECT name FROM sqlite_master"]);
 */
export async function queryD1({ database, target, flags }, cwd, statements, { retryWaitMs = 500 } = {}) {
  const args = ["d1", "execute", database, target, ...flags, "--json", "--command", statements.join(";\n")];
  for (let attempt = 1; ; attempt++) {
    try {
      const output = await runWrangler(args, { cwd });
      const answer = JSON.parse(output.slice(output.indexOf("[")));
      return answer.map((result) => result.results ?? []);
    } catch (error) {
      // A local D1 that `wrangler dev` is writing at that moment answers "database is locked": a
      // read (these statements are reads or idempotent) is simply asked again.
      if (attempt === BUSY_ATTEMPTS || !BUSY.test(String(error?.message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryWaitMs * attempt));
    }
  }
}

const BUSY = /SQLITE_BUSY|database is locked/;
const BUSY_ATTEMPTS = 6;

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
