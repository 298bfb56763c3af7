// Runs the CONSUMER's wrangler (resolved from the working directory, as `npx wrangler` would), with
// telemetry and Cloudflare network look-ups off, so `npx cms-toolkit …` acts on the site's own
// wrangler.toml and D1 bindings, never on this package's.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The path of wrangler's CLI as seen from `cwd`; throws a readable error when the site has none.
 * `CMS_TOOLKIT_WRANGLER` names another script to run in its place (a stand-in that records what it
 * is asked, for tests of commands that would reach a Cloudflare account).
 *
 * @example
 * resolveWrangler(process.cwd()) // ".../node_modules/wrangler/bin/wrangler.js"
 */
export function resolveWrangler(cwd) {
  if (process.env.CMS_TOOLKIT_WRANGLER) return process.env.CMS_TOOLKIT_WRANGLER;
  try {
    return wranglerScript(createRequire(join(cwd, "package.json")));
  } catch {
    throw new Error("wrangler is not installed in this project: npm install --save-dev wrangler");
  }
}

/**
 * wrangler's CLI script as `require` resolves wrangler. Found beside its `package.json`: wrangler's
 * `exports` stopped naming `./bin/wrangler.js` (4.164 has no such entry), where resolving that
 * path failed.
 *
 * @example
 * wranglerScript(createRequire(import.meta.url)) // ".../node_modules/wrangler/bin/wrangler.js"
 */
export function wranglerScript(require) {
  return join(dirname(require.resolve("wrangler/package.json")), "bin", "wrangler.js");
}

/**
 * Runs `wrangler <args>` in `cwd`; resolves with its output when it exits 0, rejects with it otherwise.
 * `input`, when given, is written to wrangler's stdin (how a secret reaches `wrangler secret put`
 * without appearing in any argument); with `stdoutOnly` it resolves with stdout alone (a JSON
 * answer without the warnings wrangler writes to stderr).
 *
 * @example
 * await runWrangler(["d1", "execute", "DB", "--local", "--command", "SELECT 1"], { cwd: process.cwd() });
 */
export function runWrangler(args, { cwd, input, stdoutOnly = false }) {
  const bin = resolveWrangler(cwd);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
    });
    let output = "";
    let stdout = "";
    // Decoded as a stream: a character split across two chunks would otherwise become two U+FFFD.
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    if (input !== undefined) child.stdin.end(input);
    // "close", not "exit": a JSON answer is read whole only once wrangler's output streams have ended.
    child.on("close", (code) => (code === 0 ? resolve(stdoutOnly ? stdout : output) : reject(new Error(`wrangler ${commandWords(args)} exited ${code}\n${output}`))));
  });
}

/** The command a wrangler argument list runs (`d1 migrations apply DB`), without its flags. */
function commandWords(args) {
  const end = args.findIndex((arg) => arg.startsWith("-"));
  return args.slice(0, end === -1 ? args.length : end).slice(0, 4).join(" ");
}
