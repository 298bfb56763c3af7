// Starts the bench worker under `wrangler dev` on its own port and state directory.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { wrangler, WRANGLER_ENV } from "../../scripts/wrangler-run.mjs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const WRANGLER_BIN = require.resolve("wrangler/bin/wrangler.js");
const CONFIG = "bench/wrangler.bench.toml";
const STATE = ".wrangler/bench";

/** Applies migrations, starts `wrangler dev`, and resolves once it answers. */
export async function startBenchServer({ port = 8788 } = {}) {
  await wrangler(["d1", "migrations", "apply", "DB", "--local", "--config", CONFIG, "--persist-to", STATE]);
  const secret = randomBytes(32).toString("base64url");
  const child = spawn(
    process.execPath,
    [WRANGLER_BIN, "dev", "--config", CONFIG, "--port", String(port), "--ip", "127.0.0.1", "--persist-to", STATE, "--var", `CMS_SESSION_SECRET:${secret}`, "--log-level", "warn"],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...WRANGLER_ENV, CI: "true" }, detached: true },
  );
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/__bench/ping`);
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`wrangler dev did not answer within 60 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    baseUrl,
    stop() {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}
