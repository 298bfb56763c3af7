#!/usr/bin/env node
/*
 * Runs the three room bench scenarios against the Node harness worker under `wrangler dev` on port
 * 8795 (temp state), for measuring before they join `npm run bench`. Durations are shortened with
 * ROOM_TYPING_SECONDS / ROOM_STORAGE_EDITS / ROOM_FANOUT_EDITS when set.
 * Run: node test/node/run-room-bench.mjs [room-fanout|room-typing|room-storage ...]
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as fanout from "../../bench/scenarios/room-fanout.mjs";
import * as storage from "../../bench/scenarios/room-storage.mjs";
import * as typing from "../../bench/scenarios/room-typing.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const config = join(here, "wrangler.node-test.toml");
const PORT = 8795;
const baseUrl = `http://localhost:${PORT}`;
const persist = mkdtempSync(join(tmpdir(), "cms-room-bench-"));
const quiet = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const wrangler = join(here, "../../node_modules/.bin/wrangler");
const only = process.argv.slice(2);

let dev;
let failed = false;
try {
  execFileSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist, "-c", config], { env: quiet, stdio: "ignore" });
  dev = spawn(wrangler, ["dev", "-c", config, "--port", String(PORT), "--persist-to", persist, "--ip", "127.0.0.1"], { env: quiet, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  dev.stdout.on("data", (chunk) => (log += chunk));
  dev.stderr.on("data", (chunk) => (log += chunk));
  while (!log.includes("Ready on")) await new Promise((resolve) => setTimeout(resolve, 100));
  const account = { email: "bench@example.test", password: "bench-password-not-secret" };
  const setup = await fetch(`${baseUrl}/__bench/setup`, { method: "POST", body: JSON.stringify({ ...account, pages: 10 }) });
  if (!setup.ok) throw new Error(`setup ${setup.status} ${await setup.text()}`);
  const { firstId } = await setup.json();
  const signIn = await fetch(`${baseUrl}/api/cms/session`, { method: "POST", headers: { "content-type": "application/json", origin: baseUrl }, body: JSON.stringify(account) });
  if (signIn.status !== 204) throw new Error(`sign-in ${signIn.status}`);
  const cookie = signIn.headers.get("set-cookie").split(";")[0];
  for (const scenario of [fanout, typing, storage]) {
    if (only.length && !only.includes(scenario.name)) continue;
    const result = await scenario.run({ baseUrl, cookie, firstPageId: firstId });
    console.log(scenario.name, JSON.stringify(result, null, 1));
  }
} catch (error) {
  failed = true;
  console.error("FAILED:", error);
} finally {
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {}
  }
  rmSync(persist, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}
