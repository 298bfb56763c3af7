#!/usr/bin/env node
// The Chromium end-to-end suite: builds the client, then runs every test/e2e/*.e2e.mjs and
// test/e2e/journeys/*.e2e.mjs, prints one line per test and a closing "N passed, N failed", and
// exits non-zero on any failure. `node test/e2e/run.mjs <filter>` runs the tests whose name
// contains <filter>. A failed test is followed by the browser's requests still unanswered and by
// what the server printed while it ran, so a stall names its request.
//
// The files are spread over E2E_SHARDS shards (default 3; most of a browser test is waiting on
// debounces and sockets, not the CPU). Each shard is a child process with its own `wrangler dev`
// site (port E2E_PORT + its index, throw-away state) and its own Chromium, running its files in
// order (files weighed by their number of tests); a shard's lines print together once it ends.
// Each file's time follows its tests, and the ten slowest files close the output, so a slow file
// is found without adding up its tests' lines.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ASSETS_DIR, buildClient } from "../../scripts/build-client.mjs";
import { launchBrowser } from "./browser.mjs";
import { startSite } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? "";
const files = ["", "journeys"].filter((dir) => existsSync(join(here, dir))).flatMap((dir) =>
  readdirSync(join(here, dir)).filter((f) => f.endsWith(".e2e.mjs")).sort().map((f) => join(dir, f)),
);
/* A shard's line for one file's time: `  · <file>: <ms> ms, <n> tests`. */
const FILE_TIME = /^ {2}· (\S+): (\d+) ms, (\d+) tests$/gm;

const testsOf = async (file) =>
  (await import(pathToFileURL(join(here, file)).href)).tests.filter((test) => !filter || test.name.includes(filter));

if (process.env.E2E_FILES === undefined) {
  await buildClient();
  const count = Math.max(1, Number(process.env.E2E_SHARDS ?? 3));
  const base = Number(process.env.E2E_PORT ?? 8796);
  // Largest file first onto the lightest shard, weighing a file by its number of tests.
  const weighed = await Promise.all(files.map(async (file) => ({ file, weight: (await testsOf(file)).length })));
  const plan = [...Array(count)].map(() => ({ files: [], weight: 0 }));
  for (const { file, weight } of weighed.filter((w) => w.weight > 0).sort((x, y) => y.weight - x.weight)) {
    const lightest = plan.reduce((min, s) => (s.weight < min.weight ? s : min));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  const shards = plan.filter((s) => s.files.length > 0).map((s, index) => runShard(files.filter((f) => s.files.includes(f)), base + index));
  let [passed, failed] = [0, 0];
  const fileTimes = [];
  for (const done of shards) {
    const { output, code } = await done;
    process.stdout.write(output);
    for (const match of output.matchAll(FILE_TIME)) fileTimes.push({ file: match[1], ms: Number(match[2]), tests: Number(match[3]) });
    const summary = /(\d+) passed, (\d+) failed\s*$/.exec(output);
    passed += Number(summary?.[1] ?? 0);
    // A shard that ended without its summary line failed as a whole.
    failed += summary ? Number(summary[2]) : 1;
    if (code !== 0 && summary?.[2] === "0") failed++;
  }
  if (fileTimes.length > 1) {
    console.log("slowest files:");
    for (const { file, ms, tests } of fileTimes.sort((x, y) => y.ms - x.ms).slice(0, 10)) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file} (${tests} tests)`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

const mine = JSON.parse(process.env.E2E_FILES);
const siteStarted = Date.now();
const site = await startSite();
console.log(`  site up in ${Date.now() - siteStarted} ms`);
let browser;
let passed = 0;
let failed = 0;
try {
  browser = await launchBrowser({ clientFrom: ASSETS_DIR });
  for (const file of mine) {
    const fileStarted = Date.now();
    const fileTests = await testsOf(file);
    for (const test of fileTests) {
      const started = Date.now();
      const logFrom = site.log().length;
      const contexts = [];
      const pending = new Map();
      const track = (context) => {
        contexts.push(context);
        context.on("request", (request) => pending.set(request, Date.now()));
        for (const settled of ["requestfinished", "requestfailed"]) context.on(settled, (request) => pending.delete(request));
        return context;
      };
      const ctx = { browser, site, track };
      try {
        await test.run(ctx);
        passed++;
        console.log(`  ✓ ${test.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`  ✗ ${test.name}\n    ${String(error?.stack ?? error).split("\n").slice(0, 6).join("\n    ")}`);
        // The server's lines for the last requests arrive through its pipe a moment after them.
        await new Promise((resolve) => setTimeout(resolve, 500));
        console.log(unanswered(pending));
        if (pending.size > 0) console.log(await workerProbe(site.origin));
        console.log(serverOutput(site.log().slice(logFrom)));
      } finally {
        for (const context of contexts) await context.close().catch(() => undefined);
      }
    }
    if (fileTests.length > 0) console.log(`  · ${file}: ${Date.now() - fileStarted} ms, ${fileTests.length} tests`);
  }
} catch (error) {
  failed++;
  console.log(`  ✗ suite setup\n    ${error?.stack ?? error}`);
} finally {
  await browser?.close().catch(() => undefined);
  if (failed > 0 && process.env.E2E_SHOW_LOG) console.log(site.log());
  await site.stop();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/** One shard as a child process; resolves with everything it printed and its exit code. */
function runShard(shardFiles, port) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), filter], {
      env: { ...process.env, E2E_FILES: JSON.stringify(shardFiles), E2E_PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ output, code: code ?? 1 }));
  });
}
/** The requests the test's browsers were still waiting for, with how long they had waited. */
function unanswered(pending) {
  if (pending.size === 0) return "    no browser request was left unanswered";
  const now = Date.now();
  const lines = [...pending].map(([request, at]) => `      ${request.method()} ${request.url()} (${now - at} ms)`);
  return ["    browser requests still unanswered:", ...lines.slice(-20)].join("\n");
}

/**
 * Whether the worker still answers while the test's requests hang, so a failure tells a stuck room
 * (health answers) from a stuck worker or dev server (it does not). Health reads D1 and a Durable
 * Object of its own, never a page's room.
 */
async function workerProbe(origin) {
  const at = Date.now();
  try {
    const response = await fetch(`${origin}/api/cms/health`, { signal: AbortSignal.timeout(5_000) });
    return `    meanwhile GET /api/cms/health answered ${response.status} in ${Date.now() - at} ms: ${(await response.text()).slice(0, 120)}`;
  } catch (error) {
    const why = error?.name === "TimeoutError" ? "no answer within 5 s" : (error?.cause?.code ?? error?.message ?? String(error));
    return `    meanwhile GET /api/cms/health failed after ${Date.now() - at} ms (${why}): the worker or the dev server is stuck or down, not only a room`;
  }
}

/** The server's output during one test, its last lines if long, indented under the failure. */
function serverOutput(text) {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) return "    (the server printed nothing during this test)";
  const shown = lines.slice(-80);
  const head = lines.length > shown.length ? `    server output, last ${shown.length} of ${lines.length} lines:` : "    server output:";
  return [head, ...shown.map((line) => `      ${line}`)].join("\n");
}
