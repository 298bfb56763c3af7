#!/usr/bin/env node
// The Chromium end-to-end suite: builds the client, starts the e2e site under wrangler dev (port
// 8796, throw-away state), runs every test/e2e/*.e2e.mjs in order, prints one line per test and a
// closing "N passed, N failed", and exits non-zero on any failure. `node test/e2e/run.mjs <filter>`
// runs the tests whose name contains <filter>. A failed test is followed by the browser's requests
// still unanswered and by what the server printed while it ran, so a stall names its request.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildClient } from "../../scripts/build-client.mjs";
import { launchBrowser } from "./browser.mjs";
import { startSite } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? "";
const files = readdirSync(here).filter((f) => f.endsWith(".e2e.mjs")).sort();

await buildClient();
const site = await startSite();
let browser;
let passed = 0;
let failed = 0;
try {
  browser = await launchBrowser();
  for (const file of files) {
    const { tests } = await import(pathToFileURL(join(here, file)).href);
    for (const test of tests) {
      if (filter && !test.name.includes(filter)) continue;
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
        console.log(serverOutput(site.log().slice(logFrom)));
      } finally {
        for (const context of contexts) await context.close().catch(() => undefined);
      }
    }
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

/** The requests the test's browsers were still waiting for, with how long they had waited. */
function unanswered(pending) {
  if (pending.size === 0) return "    no browser request was left unanswered";
  const now = Date.now();
  const lines = [...pending].map(([request, at]) => `      ${request.method()} ${request.url()} (${now - at} ms)`);
  return ["    browser requests still unanswered:", ...lines.slice(-20)].join("\n");
}

/** The server's output during one test, its last lines if long, indented under the failure. */
function serverOutput(text) {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) return "    (the server printed nothing during this test)";
  const shown = lines.slice(-80);
  const head = lines.length > shown.length ? `    server output, last ${shown.length} of ${lines.length} lines:` : "    server output:";
  return [head, ...shown.map((line) => `      ${line}`)].join("\n");
}
process.exit(failed === 0 ? 0 : 1);
