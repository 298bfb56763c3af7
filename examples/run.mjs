#!/usr/bin/env node
/*
 * The example consumer, end to end, as a user would get it: packs the built toolkit and installs
 * the tarball into examples/site and examples/reader (offline: the toolkit's own dependencies
 * resolve from the repository's node_modules), runs `npx cms-toolkit migrations` and `client`,
 * type-checks both Workers, starts them under `wrangler dev` (site on EXAMPLE_PORT, default 8797;
 * reader on EXAMPLE_READER_PORT, default 8798; throw-away state), adds a publisher with
 * `npx cms-toolkit add-editor`, then in Chromium: a visitor gets 404 for the unpublished post, the
 * publisher signs in through the form, edits the title live in the post's room, publishes, the
 * visitor sees the new title, and the reader Worker reads it over the service binding (published
 * reads only: before the publish it gets 404).
 * Run after `npm run build`: node examples/run.mjs   (exit code 0 = pass)
 */
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installTarball, packToolkit, REPO_ROOT } from "../scripts/lib/pack.mjs";
import { WRANGLER_ENV } from "../scripts/wrangler-run.mjs";
import { launchBrowser, openAs, signInEditAndPublish } from "../test/e2e/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SITE = join(here, "site");
const READER = join(here, "reader");
const SITE_PORT = Number(process.env.EXAMPLE_PORT ?? 8797);
const READER_PORT = Number(process.env.EXAMPLE_READER_PORT ?? 8798);
const origin = `http://127.0.0.1:${SITE_PORT}`;
const state = mkdtempSync(join(tmpdir(), "cms-example-"));
const password = randomBytes(12).toString("base64url");
const EMAIL = "pat@example.test";
const node = (file, args, cwd) => execFileSync(process.execPath, [file, ...args], { cwd, env: WRANGLER_ENV, encoding: "utf8", stdio: "pipe" });
const wranglerBin = join(REPO_ROOT, "node_modules/wrangler/bin/wrangler.js");
const tscBin = join(REPO_ROOT, "node_modules/typescript/bin/tsc");
const servers = [];
let passed = 0;
let failed = 0;

async function step(name, run) {
  const started = Date.now();
  try {
    await run();
    passed++;
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed++;
    console.log(`  ✗ ${name}\n    ${String(error?.stack ?? error).split("\n").slice(0, 8).join("\n    ")}`);
    throw error;
  }
}

/** `wrangler dev` in its own process group (stopping it ends workerd too), answering once `url` does. */
async function startDev(cwd, port, args) {
  const child = spawn(process.execPath, [wranglerBin, "dev", "--port", String(port), "--inspector-port", String(port + 10000), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", ...args], {
    cwd, env: { ...WRANGLER_ENV, CI: "true" }, detached: true, stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  servers.push(child);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (/Ready on/.test(log)) return () => log;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev in ${cwd} did not start\n${log}`);
}

function stopAll() {
  for (const child of servers) {
    try {
      if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
}

let browser;
try {
  await step("pack the toolkit and install the tarball into both Workers", () => {
    const { tarball } = packToolkit();
    installTarball(tarball, SITE);
    installTarball(tarball, READER);
    rmSync(tarball);
  });
  await step("npx cms-toolkit: migrations (core part) and the client into the site", () => {
    // Copies of an earlier run are dropped first: this run checks what the packed tarball ships now.
    for (const name of readdirSync(join(SITE, "migrations")).filter((file) => /_cms_\w+\.sql$/.test(file))) rmSync(join(SITE, "migrations", name));
    node(join(SITE, "node_modules/cms-toolkit/bin/cms-toolkit.mjs"), ["migrations", "migrations", "--parts", "core"], SITE);
    node(join(SITE, "node_modules/cms-toolkit/bin/cms-toolkit.mjs"), ["client", "public"], SITE);
  });
  await step("both Workers type-check against the installed package", () => {
    for (const dir of [SITE, READER]) node(tscBin, ["-p", "tsconfig.json"], dir);
  });
  await step("local D1: migrations applied, a publisher added with npx cms-toolkit add-editor", () => {
    node(wranglerBin, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], SITE);
    node(join(SITE, "node_modules/cms-toolkit/bin/cms-toolkit.mjs"), ["add-editor", "--email", EMAIL, "--name", "Pat", "--role", "publisher", `--password=${password}`, "--local", "--persist-to", state], SITE);
  });
  await step("both Workers start under wrangler dev", async () => {
    await startDev(SITE, SITE_PORT, ["--persist-to", state, "--var", `CMS_SESSION_SECRET:${randomBytes(32).toString("base64url")}`]);
    await startDev(READER, READER_PORT, ["--persist-to", join(state, "reader")]);
  });
  browser = await launchBrowser();
  const visitor = await openAs(browser, { origin });
  const fresh = `Edited live ${Date.now().toString(36)} 🌷`;
  await step("a visitor and the reader Worker get 404 for the unpublished post", async () => {
    assert.equal((await visitor.page.goto("/posts/1")).status(), 404);
    assert.equal((await fetch(`http://127.0.0.1:${READER_PORT}/?post=1`)).status, 404);
  });
  await step("the publisher signs in through the form, edits the title live in the room and publishes", () =>
    signInEditAndPublish(browser, { origin, email: EMAIL, password }, { landing: "/posts/1", selector: 'h1[data-cms-field="posts:1:title"]', text: fresh }),
  );
  await step("the visitor sees the published title", async () => {
    assert.equal((await visitor.page.goto("/posts/1")).status(), 200);
    assert.equal((await visitor.page.locator("h1").textContent())?.trim(), fresh);
    assert.equal(await visitor.page.locator("[data-cms-field], script").count(), 0);
  });
  await step("the reader Worker reads it over the service binding", async () => {
    const response = await fetch(`http://127.0.0.1:${READER_PORT}/?post=1`);
    assert.deepEqual({ status: response.status, body: await response.json() }, { status: 200, body: { title: fresh } });
    const missing = await fetch(`http://127.0.0.1:${READER_PORT}/?post=999`);
    assert.equal(missing.status, 404);
  });
} catch {
  /* reported by step() */
} finally {
  await browser?.close().catch(() => undefined);
  stopAll();
  rmSync(state, { recursive: true, force: true });
  console.log(`example consumer: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}
