// Runs the project's pinned wrangler with telemetry and Cloudflare network look-ups turned off.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { wranglerScript } from "../bin/lib/wrangler.mjs";

const require = createRequire(import.meta.url);
const WRANGLER_BIN = wranglerScript(require);

/** Environment for every wrangler call: no metrics, no cf fetch, non-interactive. */
export const WRANGLER_ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/**
 * Runs `wrangler <args>`; resolves when it exits 0, rejects otherwise.
 * With `inherit`, wrangler owns the terminal (used for `wrangler dev`).
 */
export function wrangler(args, { inherit = false, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRANGLER_BIN, ...args], {
      stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...WRANGLER_ENV, CI: inherit ? process.env.CI ?? "" : "true", ...env },
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`wrangler ${args.join(" ")} exited ${code}\n${output}`))));
  });
}

/** Starts a long-running wrangler (such as `wrangler dev`) that owns the terminal; returns the child. */
export function spawnWrangler(args) {
  return spawn(process.execPath, [WRANGLER_BIN, ...args], { stdio: "inherit", env: WRANGLER_ENV });
}

/** Resolves once `url` answers at all, or rejects after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

/** Parses a .dev.vars file (KEY=value lines, # comments). */
export function readDevVars(path) {
  const vars = {};
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^"(.*)"$/, "$1");
  }
  return vars;
}
