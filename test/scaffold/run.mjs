#!/usr/bin/env node
/*
 * A new site from one command, as a user gets it: packs the built toolkit, runs `cms-toolkit init`
 * from the packed tarball into a temporary folder (and checks it refuses a folder that is not
 * empty), installs the site's dependencies without the network (offline-install.mjs says how),
 * type-checks it with its own `tsc` under strict NodeNext, starts its `npm run dev` (migrations
 * applied and checked against the declaration, a first admin added and printed, wrangler dev on
 * SCAFFOLD_PORT, default 8793, inspector on the next port), then in Chromium: a visitor gets 404
 * for the unpublished first page, the printed publisher signs in through the site's form, edits the
 * title live, publishes, and the visitor sees it; then two editors on the typed products example
 * (a number, a select, a date, a slug, an image into its empty slot) see each other's changes in
 * their controls as they are made. Prints one line when it passes.
 * Run after `npm run build`: node test/scaffold/run.mjs   (exit code 0 = pass)
 */
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { packToolkit } from "../../scripts/lib/pack.mjs";
import { WRANGLER_ENV } from "../../scripts/wrangler-run.mjs";
import { converge, describeImage, launchBrowser, openAs, request, signInEditAndPublish, waitForEditing } from "../e2e/browser.mjs";
import { tinyPng } from "../e2e/png.mjs";
import { installOffline } from "./offline-install.mjs";

const PORT = Number(process.env.SCAFFOLD_PORT ?? 8793);
const origin = `http://127.0.0.1:${PORT}`;
const scratch = mkdtempSync(join(tmpdir(), "cms-scaffold-"));
const site = join(scratch, "my-site");
const started = Date.now();
const done = [];
let server;
let log = "";
let browser;

async function step(name, run) {
  try {
    await run();
    done.push(name);
  } catch (error) {
    error.message = `${name}: ${error.message}${error.stdout ? `\n${error.stdout}` : ""}${error.stderr ? `\n${error.stderr}` : ""}`;
    throw error;
  }
}

/** The `npm run dev` output from the point it printed the first admin. */
function printedPublisher() {
  const email = /email:\s+(\S+)/.exec(log)?.[1];
  const password = /password:\s+(\S+)/.exec(log)?.[1];
  if (!email || !password) throw new Error("npm run dev printed no first admin");
  return { email, password };
}

let tarball;
try {
  await step("npm pack", () => {
    tarball = packToolkit().tarball;
  });
  await step("cms-toolkit init from the packed tarball", () => {
    const unpacked = join(scratch, "package");
    mkdirSync(unpacked);
    execFileSync("tar", ["-xzf", tarball, "-C", unpacked, "--strip-components=1"]);
    const cli = join(unpacked, "bin/cms-toolkit.mjs");
    execFileSync(process.execPath, [cli, "init", "my-site", "--toolkit", `file:${tarball}`], { cwd: scratch, encoding: "utf8", stdio: "pipe" });
    assert.deepEqual(readdirSync(join(site, "migrations")), ["0001_cms_core.sql", "0002_cms_media.sql", "0003_pages.sql", "0004_first_page.sql", "0005_pages_products.sql"]);
    const again = spawnSync(process.execPath, [cli, "init", "my-site"], { cwd: scratch, encoding: "utf8" });
    assert.equal(again.status, 1);
    assert.match(again.stderr, /my-site is not an empty folder/);
  });
  await step("npm install, offline", () => installOffline(site));
  await step("npm run typecheck (strict, NodeNext)", () => {
    execFileSync("npm", ["run", "--silent", "typecheck"], { cwd: site, encoding: "utf8", stdio: "pipe" });
  });
  await step("npm run dev: migrations applied and checked, first admin printed, wrangler dev ready", async () => {
    server = spawn("npm", ["run", "dev", "--", "--port", String(PORT), "--ip", "127.0.0.1", "--inspector-port", String(PORT + 1), "--show-interactive-dev-session=false"], {
      cwd: site,
      env: { ...WRANGLER_ENV, CI: "true" },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout.on("data", (chunk) => (log += chunk));
    server.stderr.on("data", (chunk) => (log += chunk));
    // wrangler's first start in a fresh site builds and loads everything: on a busy two-core machine that took over 90 s.
    const deadline = Date.now() + 240_000;
    while (!/Ready on/.test(log)) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not start\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    printedPublisher();
  });
  browser = await launchBrowser();
  const visitor = await openAs(browser, { origin });
  const fresh = `Written live ${Date.now().toString(36)} 🌷`;
  await step("a visitor gets 404 for the unpublished first page", async () => {
    assert.equal((await visitor.page.goto("/")).status(), 404);
  });
  await step("the printed publisher signs in through /login, edits the title live and publishes", () =>
    signInEditAndPublish(browser, { origin, ...printedPublisher() }, { landing: "/", selector: 'h1[data-cms-field="pages:1:title"]', text: fresh }),
  );
  await step("the visitor sees the published title, and no editor markup", async () => {
    assert.equal((await visitor.page.goto("/")).status(), 200);
    assert.equal((await visitor.page.locator("h1").textContent())?.trim(), fresh);
    assert.equal(await visitor.page.locator("[data-cms-field], script").count(), 0);
  });
  await step("the typed products example (number, select, date, slug, image) is live between two editors", async () => {
    const { email, password } = printedPublisher();
    const a = await openAs(browser, { origin, password }, email);
    const b = await openAs(browser, { origin, password }, email);
    const created = await request(a.context, "/api/cms/products", { method: "POST", data: { slug: "green-tea", name: "Green tea", price: 4.5, category: "tea" }, headers: { origin } });
    assert.equal(created.status(), 201, await created.text());
    const { id } = await created.json();
    await Promise.all([a.page.goto(`/products/${id}`), b.page.goto(`/products/${id}`)]);
    await Promise.all([waitForEditing(a.page), waitForEditing(b.page)]);
    for (const { page } of [a, b]) assert.equal(await page.evaluate(() => window.louise.mode()), "live");
    const pages = [a.page, b.page];
    const price = (page) => page.getByRole("spinbutton", { name: "Edit price (EUR)" });
    await price(a.page).fill("5.25");
    await price(a.page).press("Tab");
    await converge(pages, (page) => price(page).inputValue(), "5.25");
    await b.page.getByRole("combobox", { name: "Edit category" }).selectOption({ label: "Cups" });
    await converge(pages, (page) => page.getByRole("combobox", { name: "Edit category" }).inputValue(), "cups");
    await a.page.getByLabel("Edit available").fill("2027-01-15");
    await converge(pages, (page) => page.getByLabel("Edit available").inputValue(), "2027-01-15");
    await b.page.getByLabel("Edit slug").fill("loose-green-tea");
    await b.page.getByLabel("Edit slug").press("Tab");
    await converge(pages, (page) => page.getByLabel("Edit slug").inputValue(), "loose-green-tea");
    // The product has no picture yet: its marker is an empty <div>, filled from the image controls.
    await a.page.getByRole("button", { name: "Add image: image" }).click();
    await a.page.getByRole("dialog", { name: "Insert image" }).locator("input[type=file]").setInputFiles({ name: "tea.png", mimeType: "image/png", buffer: tinyPng() });
    await describeImage(a.page, "A cup of green tea");
    await converge(pages, (page) => page.locator(`[data-cms-field="products:${id}:image"] img`).evaluate((img) => `${/\/media\//.test(img.getAttribute("src") ?? "")} ${img.alt}`), "true A cup of green tea");
    await Promise.all([a.context.close(), b.context.close()]);
  });
  console.log(`scaffold: ${done.length} steps passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  process.exitCode = 1;
  console.error(`scaffold: FAILED after ${done.length} steps\n  ${String(error?.stack ?? error).split("\n").join("\n  ")}`);
  if (log) console.error(`--- npm run dev output ---\n${log}`);
} finally {
  await browser?.close().catch(() => undefined);
  if (server?.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
  rmSync(scratch, { recursive: true, force: true });
  if (tarball) rmSync(dirname(tarball), { recursive: true, force: true });
}
