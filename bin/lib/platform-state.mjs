// The site's local D1 and media bucket through the site's own wrangler's Node API
// (`getPlatformProxy`): one local runtime, started once per command, gives real D1 and R2 bindings
// on the same state files `wrangler d1 execute --local` and `wrangler r2 object … --local` use.
// Export and import then read and write in pages and batches without starting a runtime each time
// (a start costs seconds). The proxy is given a configuration of its own holding only the database
// and the bucket, in wrangler's own terms (the site's entry for the database, the bucket's name),
// so it resolves them to the same local files and starts none of the site's Durable Objects (whose
// classes it does not have, which wrangler and the runtime would warn about on the terminal).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readRuntimeErrors } from "./runtime-errors.mjs";

/** A date every installed runtime accepts; nothing the proxy does depends on it. */
const COMPATIBILITY_DATE = "2024-09-23";

/**
 * The value after `flag` in wrangler flags (`["--persist-to", "/x"]`), or undefined.
 *
 * @example
 * flagValue(["--config", "/site/wrangler.toml"], "--config") // "/site/wrangler.toml"
 */
export function flagValue(flags, flag) {
  const at = flags.indexOf(flag);
  return at === -1 ? undefined : flags[at + 1];
}

/**
 * The site's wrangler as a module, or null when the site has none that offers `getPlatformProxy`
 * (an older wrangler) or when `CMS_TOOLKIT_WRANGLER` names a stand-in, whose runs are the ones
 * to make.
 */
async function siteWrangler(cwd) {
  if (process.env.CMS_TOOLKIT_WRANGLER) return null;
  const require = createRequire(join(cwd, "package.json"));
  let path;
  try {
    path = require.resolve("wrangler");
  } catch {
    return null;
  }
  // Required, not imported: importing a CommonJS bundle of wrangler's size first scans all of it
  // for its export names (seconds of a command's time); a wrangler shipped as ES modules is imported.
  let api;
  try {
    api = require(path);
  } catch (error) {
    if (error?.code !== "ERR_REQUIRE_ESM") throw error;
    api = await import(pathToFileURL(path).href);
  }
  return typeof api?.getPlatformProxy === "function" && typeof api.unstable_readConfig === "function" ? api : null;
}

/**
 * Opens the local D1 and bucket that `target` (see `d1Target`) and `bucket` name through the
 * site's wrangler, or resolves with null when that wrangler has no Node API (the caller then runs
 * wrangler once per step). The result's `db` and `media` are D1 and R2 bindings; `explain(error)`
 * gives a failed call's error the cause the runtime logged for it (see runtime-errors.mjs);
 * `close()` stops the runtime.
 *
 * @example
 * const state = await openPlatformState({ target: d1Target({ local: true }), cwd, bucket: "site-media" });
 * const { results } = await state.db.prepare("SELECT 1 AS one").all(); await state.close();
 */
export async function openPlatformState({ target, cwd, bucket }) {
  if (target.remote) return null;
  const wrangler = await siteWrangler(cwd);
  if (wrangler === null) return null;
  const scratch = mkdtempSync(join(tmpdir(), "cms-toolkit-state-"));
  const release = () => rmSync(scratch, { recursive: true, force: true });
  try {
    return await startProxy({ wrangler, target, cwd, bucket, scratch, release });
  } catch (error) {
    release();
    throw error;
  }
}

async function startProxy({ wrangler, target, cwd, bucket, scratch, release }) {
  const config = wrangler.unstable_readConfig({ config: flagValue(target.flags, "--config") }, { hideWarnings: true });
  const entry = (config.d1_databases ?? []).find((db) => db.binding === target.database || db.database_name === target.database);
  if (!entry) throw new Error(`the site's wrangler configuration binds no D1 database ${target.database}`);
  const persistTo = flagValue(target.flags, "--persist-to");
  // Where wrangler's local commands keep state: --persist-to, else .wrangler/state beside the configuration.
  const state = persistTo ? resolve(persistTo) : resolve(config.userConfigPath ? dirname(config.userConfigPath) : cwd, ".wrangler/state");
  const configPath = join(scratch, "wrangler.json");
  writeFileSync(
    configPath,
    JSON.stringify({
      name: "cms-toolkit-state",
      compatibility_date: COMPATIBILITY_DATE,
      d1_databases: [{ ...entry, binding: "DB" }],
      r2_buckets: bucket ? [{ binding: "MEDIA", bucket_name: bucket }] : [],
    }),
  );
  const runtime = readRuntimeErrors();
  let proxy;
  try {
    proxy = await wrangler.getPlatformProxy({ configPath, persist: { path: join(state, "v3") }, remoteBindings: false, envFiles: [] });
  } catch (error) {
    runtime.stop();
    throw error;
  }
  return {
    db: proxy.env.DB,
    media: proxy.env.MEDIA ?? null,
    explain: runtime.explain,
    async close() {
      try {
        await proxy.dispose();
      } finally {
        runtime.stop();
        release();
      }
    },
  };
}

/** Bytes of a file as a Uint8Array of its own (the proxy refuses views into a shared buffer). */
export function fileBytes(path) {
  return new Uint8Array(readFileSync(path));
}
