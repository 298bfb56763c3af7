#!/usr/bin/env node
// `npm run bench`: starts the bench worker under wrangler dev, runs every scenario (or those named
// on the command line), prints a table and writes bench/results/latest.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { startBenchServer } from "./lib/server.mjs";
import * as pageRead from "./scenarios/page-read.mjs";
import * as sanitize from "./scenarios/sanitize.mjs";
import * as clientSize from "./scenarios/client-size.mjs";
import * as roomFanout from "./scenarios/room-fanout.mjs";
import * as roomStorage from "./scenarios/room-storage.mjs";
import * as roomTyping from "./scenarios/room-typing.mjs";
import * as search from "./scenarios/search.mjs";

const SCENARIOS = [pageRead, sanitize, search, roomFanout, roomTyping, roomStorage, clientSize];
const only = process.argv.slice(2);
const EMAIL = "bench@example.test";
const PASSWORD = "bench-password-not-secret";

const server = await startBenchServer();
const results = {};
try {
  const setup = await fetch(`${server.baseUrl}/__bench/setup`, { method: "POST", body: JSON.stringify({ email: EMAIL, password: PASSWORD, pages: 10_000 }) });
  if (!setup.ok) throw new Error(`bench setup failed: ${setup.status} ${await setup.text()}`);
  const { firstId, terms } = await setup.json();
  const signIn = await fetch(`${server.baseUrl}/api/cms/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (signIn.status !== 204) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.get("set-cookie").split(";")[0];
  const ctx = { baseUrl: server.baseUrl, cookie, firstPageId: firstId, searchTerms: terms };
  for (const scenario of SCENARIOS) {
    if (only.length && !only.includes(scenario.name)) continue;
    process.stdout.write(`running ${scenario.name}…\n`);
    results[scenario.name] = await scenario.run(ctx);
  }
} finally {
  server.stop();
}

const fmt = (v) => (v === undefined ? "–" : typeof v === "number" ? (Number.isNaN(v) ? "–" : Number.isInteger(v) ? String(v) : v.toFixed(2)) : String(v));
const lines = ["| scenario | req/s (or MB/s) | p50 ms | p99 ms |", "|---|---:|---:|---:|"];
for (const [name, result] of Object.entries(results)) {
  for (const row of result.rows) lines.push(`| ${row.scenario} | ${fmt(row.rps)} | ${fmt(row.p50)} | ${fmt(row.p99)} |`);
  lines.push(`| **${name}**: ${Object.entries(result.figures).map(([k, v]) => `${k} ${fmt(v)}`).join(", ")} | | | |`);
}
console.log(lines.join("\n"));
mkdirSync("bench/results", { recursive: true });
const report = { date: new Date().toISOString(), machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version }, results };
writeFileSync("bench/results/latest.json", JSON.stringify(report, null, 2));
writeFileSync("bench/results/latest.md", lines.join("\n") + "\n");
console.log("wrote bench/results/latest.json and bench/results/latest.md");
