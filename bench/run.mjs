#!/usr/bin/env node
// `npm run bench [-- --port N] [scenario …]`: builds the editing client, starts the bench worker
// as wrangler dev does (bench/lib/dev-server.mjs) on its own port (default 8788, or BENCH_PORT) and state, runs every scenario
// (or those named), prints a table, and writes bench/results/latest.json, a copy under
// bench/results/runs/ and bench/results/latest.md. `npm run bench:readme` turns the JSON into the
// README table.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { buildClient } from "../scripts/build-client.mjs";
import { buildLib } from "../scripts/build-lib.mjs";
import { formatRun } from "./lib/report.mjs";
import { benchState, DEFAULT_BENCH_PORT, startBenchServer } from "./lib/server.mjs";
import * as clientSize from "./scenarios/client-size.mjs";
import * as pageRead from "./scenarios/page-read.mjs";
import * as pageView from "./scenarios/page-view.mjs";
import * as roomBurst from "./scenarios/room-burst.mjs";
import * as roomCrowd from "./scenarios/room-crowd.mjs";
import * as roomCrowd100 from "./scenarios/room-crowd-100.mjs";
import * as roomFanout from "./scenarios/room-fanout.mjs";
import * as roomHour from "./scenarios/room-hour.mjs";
import * as roomStorage from "./scenarios/room-storage.mjs";
import * as roomTypists from "./scenarios/room-typists.mjs";
import * as roomTyping from "./scenarios/room-typing.mjs";
import * as roomWake from "./scenarios/room-wake.mjs";
import * as sanitize from "./scenarios/sanitize.mjs";
import * as search from "./scenarios/search.mjs";
import * as site1000Rooms from "./scenarios/site-1000-rooms.mjs";
import * as siteArchive from "./scenarios/site-archive.mjs";

const SCENARIOS = [pageRead, pageView, sanitize, search, roomFanout, roomCrowd, roomCrowd100, roomTypists, roomBurst, roomTyping, roomStorage, roomWake, roomHour, clientSize, siteArchive, site1000Rooms];
const EMAIL = "bench@example.test";
const PASSWORD = "bench-password-not-secret";
/* Accounts for the room scenarios besides the main one: the room budgets messages per editor, and the crowd is one editor each. */
const EDITORS = Math.max(50, roomCrowd100.CROWD);

async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/cms/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 204) throw new Error(`bench sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie").split(";")[0];
}

function parseArgs(argv) {
  const only = [];
  let port = Number(process.env.BENCH_PORT ?? DEFAULT_BENCH_PORT);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--port") port = Number(argv[++i]);
    else if (argv[i].startsWith("--port=")) port = Number(argv[i].slice(7));
    else only.push(argv[i]);
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a TCP port, got ${port}`);
  const unknown = only.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length) throw new Error(`unknown scenario ${unknown.join(", ")}; known: ${SCENARIOS.map((s) => s.name).join(", ")}`);
  return { port, only };
}

const { port, only } = parseArgs(process.argv.slice(2));
// wrangler serves the client from dist/client, and the `cms-toolkit` command site-archive runs
// loads dist/lib: a fresh clone has neither yet.
await buildClient();
buildLib();
let server = await startBenchServer({ port });
const results = {};
try {
  const setup = await fetch(`${server.baseUrl}/__bench/setup`, {
    method: "POST",
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, pages: 10_000, editors: EDITORS }),
  });
  if (!setup.ok) throw new Error(`bench setup failed: ${setup.status} ${await setup.text()}`);
  const { emails, firstId, terms, coldTerms, commonTerms } = await setup.json();
  const cookies = [];
  for (const email of emails) cookies.push(await signIn(server.baseUrl, email));
  const ctx = { baseUrl: server.baseUrl, cookie: cookies[0], cookies, firstPageId: firstId, searchTerms: terms, coldTerms, commonTerms, workerdPid: server.workerdPid };
  // A fresh runtime on the same state and port, for figures that need one (memory); sign-ins stay valid.
  ctx.restartServer = async () => {
    await server.stop();
    server = await startBenchServer({ port, secret: server.secret, migrate: false });
    ctx.workerdPid = server.workerdPid;
    return server.workerdPid;
  };
  for (const scenario of SCENARIOS) {
    if (only.length && !only.includes(scenario.name)) continue;
    process.stdout.write(`running ${scenario.name}…\n`);
    const started = performance.now();
    results[scenario.name] = await scenario.run(ctx);
    process.stdout.write(`${scenario.name} took ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
} finally {
  await server.stop();
}

const report = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, state: benchState() },
  scenarios: only.length ? only : SCENARIOS.map((s) => s.name),
  results,
};
const table = formatRun(report);
console.log(table);
mkdirSync("bench/results/runs", { recursive: true });
writeFileSync("bench/results/latest.json", JSON.stringify(report, null, 2) + "\n");
writeFileSync(`bench/results/runs/${report.date.replace(/[:.]/g, "-")}.json`, JSON.stringify(report, null, 2) + "\n");
writeFileSync("bench/results/latest.md", table + "\n");
console.log("wrote bench/results/latest.json, bench/results/runs/ and bench/results/latest.md");
