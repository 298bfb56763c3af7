#!/usr/bin/env node
/*
 * `npm test`: every check of the project, in three phases whose steps run side by side, each on
 * its own ports: the type-check beside the workerd suite; the browser suite alone (its tests wait
 * on debounces and sockets and must not be starved of the CPU); then the package check, the node
 * room checks, the CLI's tests, the example and the scaffold.
 * A step's output prints whole as soon as it ends; at the end comes a table of every step's time, from the
 * reports the suites write the ten slowest tests, and last what failed, test by test, so that a log
 * cut to its tail still names it. Exit code 0 when every step passed.
 *
 * Run after `npm run build` (the `pretest` script): node scripts/test.mjs
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { failuresOf } from "./lib/test-failures.mjs";

const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

const REPORTS = join(PROJECT_ROOT, ".test-reports");
mkdirSync(REPORTS, { recursive: true });
const VITEST_REPORT = join(REPORTS, "vitest.json");

/** `[name, command, env]`: each phase's steps start together; the next phase starts when all end. */
const PHASES = [
  [
    ["typecheck", "npm run typecheck"],
    ["workerd suite", `npx vitest run --reporter=default --reporter=json --outputFile.json=${VITEST_REPORT}`, {}, { endedAs: workerdFilesEnded, exitWithinMs: 120_000 }],
  ],
  // The browser suite alone (its tests wait on debounces and sockets and time out when starved of
  // the CPU), in two shards: in Chromium's headless shell one shard left the two cores idle half
  // the time (403 s, 54 % idle), where the full browser kept them busy and a second shard saved
  // little (565 s against 633 s).
  [["browser", "node test/e2e/run.mjs", { E2E_PORT: "8780", E2E_SHARDS: "2" }]],
  [
    ["package", "npm run test:package"],
    ["node room", "npm run test:room", { NODE_ROOM_PORT: "8785", CHAOS_PORT: "8786" }],
    // The CLI's files, two at a time, the two longest (the upgrade over every migration set, the
    // site archive) first so that neither starts last and runs alone at the end.
    ["cli", "npm run test:cli", { ARCHIVE_PORT: "8789", UPGRADE_PORT: "8791", TYPING_EXPORT_PORT: "8792", ARCHIVE_REMOTE_PORT: "8793", ARCHIVE_SCHEDULES_PORT: "8794" }],
    ["example", "npm run test:example", { EXAMPLE_PORT: "8787", EXAMPLE_READER_PORT: "8788" }],
    ["scaffold", "npm run test:scaffold", { SCAFFOLD_PORT: "8790" }],
  ],
];

const started = Date.now();
const times = [];
let failed = false;
for (const phase of PHASES) {
  // Each step prints whole as soon as it ends, so a long run shows its progress.
  await Promise.all(
    phase.map(async ([name, command, env, watch]) => {
      const result = await run(name, command, env, watch);
      process.stdout.write(`\n── ${result.name}: ${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`} in ${seconds(result.ms)}\n${result.output}`);
      times.push(result);
      if (result.code !== 0) failed = true;
    }),
  );
  if (failed) break;
}

console.log("\nsteps:");
for (const { name, ms, code } of times) console.log(`  ${code === 0 ? "✓" : "✗"} ${name.padEnd(14)} ${seconds(ms)}`);
console.log(`  total          ${seconds(Date.now() - started)}`);
const slowest = slowestTests(times.find((t) => t.name === "browser")?.output ?? "");
if (slowest.length > 0) {
  console.log("\nten slowest tests:");
  for (const { name, ms } of slowest) console.log(`  ${seconds(ms).padStart(7)}  ${name}`);
}
// Last, so that a CI log cut to its tail still names what failed.
for (const { name, output } of times.filter((t) => t.code !== 0)) console.log(`\nwhat failed in ${name}:\n${failuresOf(name, output, VITEST_REPORT)}`);
process.exit(failed ? 1 : 0);

/**
 * Runs one step's shell command; resolves with its output, exit code and time. With `watch`, a
 * step whose output says every file ended (`endedAs`: "passed" or "failed", else null) but that
 * has not exited `exitWithinMs` after its last output is stopped and counts as what its files
 * say, with a line saying so: vitest-pool-workers 0.15.1 now and then never closes a runtime after
 * the last file ("Closing rpc while 'resolve' was pending"), which would hold CI to its time limit
 * for nothing, a failed file's report with it.
 */
function run(name, command, env = {}, watch) {
  const at = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: Boolean(watch) });
    let output = "";
    let lastOutputAt = Date.now();
    /** What the files said when the watch stopped the step ("passed" or "failed"), or null. */
    let stoppedAs = null;
    const take = (d) => {
      output += d;
      lastOutputAt = Date.now();
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const watcher =
      watch &&
      setInterval(() => {
        if (Date.now() - lastOutputAt < watch.exitWithinMs) return;
        stoppedAs = watch.endedAs(output);
        if (stoppedAs === null) return;
        clearInterval(watcher);
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // Gone meanwhile: its close comes anyway.
        }
      }, 5_000);
    child.on("close", (code) => {
      if (watcher) clearInterval(watcher);
      const waited = `the step had not exited ${watch?.exitWithinMs / 1000} s after its last line`;
      const note = stoppedAs === "passed" ? `\n(every file passed, and ${waited}: stopped, as a pass)\n` : `\n(every file ended, not all passed, and ${waited}: stopped, as a failure)\n`;
      resolve({ name, output: stoppedAs === null ? output : output + note, code: stoppedAs === null ? (code ?? 1) : stoppedAs === "passed" ? 0 : 1, ms: Date.now() - at });
    });
  });
}

/**
 * What vitest's output says of the workerd test files (test/**\/*.test.ts but the e2e and client
 * folders): null while one has not ended (named as passed, ✓, or failed, ❯), else "passed" when
 * every one passed and nothing failed, "failed" otherwise.
 */
function workerdFilesEnded(output) {
  const text = output.replace(/\x1b\[[0-9;]*m/g, "");
  const named = (mark) => new Set([...text.matchAll(new RegExp(`^ ${mark} +\\S+ +(test\\/\\S+\\.test\\.ts) `, "gm"))].map((match) => match[1]));
  const passed = named("✓");
  const failed = named("❯");
  if (!workerdFiles().every((file) => passed.has(file) || failed.has(file))) return null;
  return /^ (?:❯|×) /m.test(text) || /^ FAIL /m.test(text) ? "failed" : "passed";
}

/** The workerd suite's test files, as vitest.config.ts's projects take them together. */
function workerdFiles() {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      const name = relative(PROJECT_ROOT, path);
      if (entry.isDirectory()) return ["test/e2e", "test/client"].includes(name) ? [] : walk(path);
      return name.endsWith(".test.ts") ? [name] : [];
    });
  return walk(join(PROJECT_ROOT, "test"));
}

/** The ten slowest tests of the workerd suite's JSON report and the browser suite's lines. */
function slowestTests(browserOutput) {
  const tests = [];
  try {
    const report = JSON.parse(readFileSync(VITEST_REPORT, "utf8"));
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) tests.push({ name: test.fullName, ms: test.duration ?? 0 });
    }
  } catch {
    // No report: the workerd suite did not run to its end, and its own output says why.
  }
  for (const match of browserOutput.matchAll(/^ {2}✓ (.+) \((\d+) ms\)$/gm)) tests.push({ name: `browser: ${match[1]}`, ms: Number(match[2]) });
  return tests.sort((a, b) => b.ms - a.ms).slice(0, 10);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
