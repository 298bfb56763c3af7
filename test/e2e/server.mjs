// Starts the e2e copy of the reference site under `wrangler dev` on its own port with its own
// throw-away state: migrations, demo pages and the accounts below with a random password.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addEditors, PROJECT_ROOT } from "../../scripts/lib/editors.mjs";
import { WRANGLER_ENV } from "../../scripts/wrangler-run.mjs";
import { migratedState } from "./migrated-state.mjs";

const CONFIG = "test/e2e/wrangler.e2e.toml";

/**
 * The accounts every e2e run signs in with. The freelancer is an editor whose scope a test sets
 * (`POST /__e2e/scope`); the second-factor journey has an account of its own, since it turns TOTP on.
 */
export const EDITORS = [
  { email: "editor@example.test", name: "Eddie Editor", role: "editor" },
  { email: "publisher@example.test", name: "Pat Publisher", role: "publisher" },
  { email: "admin@example.test", name: "Ada Admin", role: "admin" },
  { email: "freelancer@example.test", name: "Fay Freelancer", role: "editor" },
  { email: "factor@example.test", name: "Fay Factor", role: "editor" },
];

/**
 * Prepares state and starts wrangler dev; resolves `{ origin, password, state, stop, kill }` once it
 * answers. Passing the `state` of an earlier start restarts the site on the same local D1, R2, KV
 * and Durable Object storage (after `kill()`, which ends workerd at once and keeps the state).
 *
 * @example
 * const site = await startSite({ port: 8796 });
 * await site.kill(); const again = await startSite({ port: 8796, state: site.state });
 */
export async function startSite({ port = Number(process.env.E2E_PORT ?? 8796), state = null } = {}) {
  const persistTo = state?.persistTo ?? mkdtempSync(join(tmpdir(), "cms-e2e-"));
  const password = state?.password ?? randomBytes(12).toString("base64url");
  const secrets = state?.secrets ?? { session: randomBytes(32).toString("base64url"), timing: randomBytes(32).toString("base64url") };
  const origin = `http://127.0.0.1:${port}`;
  if (!state) {
    // The reference site's database (CONFIG's), migrated and seeded: a copy of one made once.
    migratedState(persistTo, { sqlFiles: ["scripts/seed-demo.sql", "scripts/seed-demo-de.sql"] });
    await addEditors(EDITORS.map((e) => ({ ...e, password })), { persistTo, quiet: true });
  }

  const bin = join(PROJECT_ROOT, "node_modules/wrangler/bin/wrangler.js");
  const args = [bin, "dev", "-c", CONFIG, "--port", String(port), "--inspector-port", String(port + 10000), "--ip", "127.0.0.1", "--persist-to", persistTo,
    "--var", `CMS_SESSION_SECRET:${secrets.session}`, "--var", `MEDIA_URL:${origin}/media`,
    "--var", `CMS_FORM_TIMING_SECRET:${secrets.timing}`, "--show-interactive-dev-session=false"];
  // Its own process group, so stopping it ends workerd too and nothing else.
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: { ...WRANGLER_ENV, CI: "true" }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, "SIGKILL");
          } catch {
            /* already gone */
          }
          resolve();
        }, 5000);
        child.once("exit", () => (clearTimeout(timer), resolve()));
      });
    }
    rmSync(persistTo, { recursive: true, force: true });
  };
  // A crash, not a shutdown: workerd and wrangler get SIGKILL together; the state stays for a restart.
  const kill = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
    await exited;
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/login`);
      if (response.ok) return { origin, password, state: { persistTo, password, secrets }, stop, kill, log: () => log };
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`wrangler dev did not start on ${origin}\n${log}`);
}
