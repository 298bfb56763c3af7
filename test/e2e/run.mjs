#!/usr/bin/env node
// The Chromium end-to-end suite: builds the client, starts the e2e site under wrangler dev (port
// 8796, throw-away state), runs every test/e2e/*.e2e.mjs in order, prints one line per test and a
// closing "N passed, N failed", and exits non-zero on any failure. `node test/e2e/run.mjs <filter>`
// runs the tests whose name contains <filter>.
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
      const contexts = [];
      const ctx = { browser, site, track: (context) => (contexts.push(context), context) };
      try {
        await test.run(ctx);
        passed++;
        console.log(`  ✓ ${test.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`  ✗ ${test.name}\n    ${String(error?.stack ?? error).split("\n").slice(0, 6).join("\n    ")}`);
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
process.exit(failed === 0 ? 0 : 1);
