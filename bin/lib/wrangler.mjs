// Runs the CONSUMER's wrangler (resolved from the working directory, as `npx wrangler` would), with
// telemetry and Cloudflare network look-ups off, so `npx cms-toolkit …` acts on the site's own
// wrangler.toml and D1 bindings, never on this package's.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * The path of wrangler's CLI as seen from `cwd`; throws a readable error when the site has none.
 *
 * @example
 * resolveWrangler(process.cwd()) // ".../node_modules/wrangler/bin/wrangler.js"
 */
export function resolveWrangler(cwd) {
  try {
    return createRequire(join(cwd, "package.json")).resolve("wrangler/bin/wrangler.js");
  } catch {
    throw new Error("wrangler is not installed in this project: npm install --save-dev wrangler");
  }
}

/**
 * Runs `wrangler <args>` in `cwd`; resolves with its output when it exits 0, rejects with it otherwise.
 *
 * @example
 * await runWrangler(["d1", "execute", "DB", "--local", "--command", "SELECT 1"], { cwd: process.cwd() });
 */
export function runWrangler(args, { cwd }) {
  const bin = resolveWrangler(cwd);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
    });
    let output = "";
    // Decoded as a stream: a character split across two chunks would otherwise become two U+FFFD.
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`wrangler ${args[0]} ${args[1] ?? ""} exited ${code}\n${output}`))));
  });
}
