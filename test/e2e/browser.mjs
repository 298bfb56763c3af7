// Chromium (Debian's, driven by playwright-core) and the page helpers the e2e tests share.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

/*
 * The room URL's protocol-version query a current client sends (`ROOM_VERSION_PARAM`,
 * `ROOM_PROTOCOL_VERSION`), read from the one source that declares them: these tests run in plain
 * Node, and dist/lib may be mid-rebuild while a vitest run shares the tree.
 */
const PROTOCOL_SOURCE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../src/shared/room-protocol.ts"), "utf8");
export const ROOM_VERSION_PARAM = /export const ROOM_VERSION_PARAM = "(\w+)";/.exec(PROTOCOL_SOURCE)[1];
export const ROOM_PROTOCOL_VERSION = Number(/export const ROOM_PROTOCOL_VERSION = (\d+);/.exec(PROTOCOL_SOURCE)[1]);

/*
 * Debian's headless shell (package chromium-headless-shell: the same Chromium build without the
 * browser's UI layer; what Playwright itself runs headless). The full browser in headless mode
 * still starts its UI's renderers for every window (about five renderer processes per test
 * against one or two here): over the whole suite it spent 601 CPU-seconds where the shell spends
 * 228, for the same pages, clicks and keystrokes, on two cores the suite's largest cost.
 * `CHROMIUM_PATH=/usr/bin/chromium` runs the full browser.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * Launches headless Chromium with the flags that keep it off the network. With `clientFrom` (the
 * built assets folder), every context it opens is served `/cms-client/*` from that folder instead
 * of from the site: under load, `wrangler dev` now and then leaves one of a page's burst of
 * fresh-connection chunk requests unanswered for good (Chromium's net log shows the request sent
 * on a new socket and no byte back; the site never logs it), which fails the page load and says
 * nothing about our code. The example and scaffold runs still load the client through the site.
 * `E2E_NETLOG=<file>` writes Chromium's net log there.
 *
 * @example
 * const browser = await launchBrowser({ clientFrom: ASSETS_DIR });
 */
export async function launchBrowser({ clientFrom } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)`);
  const args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
  if (process.env.E2E_NETLOG) args.push(`--log-net-log=${process.env.E2E_NETLOG}`, "--net-log-capture-mode=Default");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args });
  if (clientFrom) {
    const open = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const context = await open(options);
      await context.route("**/cms-client/**", (route) => serveClientFile(route, clientFrom));
      return context;
    };
  }
  return browser;
}

/* Answers a client request from the built folder as the site's assets would (a missing file goes on to the site). */
function serveClientFile(route, folder) {
  const file = join(folder, new URL(route.request().url()).pathname);
  if (!file.startsWith(folder) || !existsSync(file)) return route.continue();
  return route.fulfill({ path: file, contentType: "text/javascript; charset=utf-8", headers: { "cache-control": "public, max-age=0, must-revalidate" } });
}

/* Records every text the edit bar's status line shows, so a test can see "Saving…" even when it is brief. */
const STATUS_RECORDER = `
  window.__statuses = [];
  new MutationObserver(() => {
    const text = document.querySelector(".cms-bar [role=status]")?.textContent ?? null;
    if (text !== null && window.__statuses[window.__statuses.length - 1] !== text) window.__statuses.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

/*
 * Editors' default window: a desktop wide enough for the whole edit bar inline, so tests reach its
 * actions directly. Narrower windows fold them into "More" (the phone tests and `barAction`).
 */
const DESKTOP = { width: 1600, height: 720 };

/**
 * A browser context signed in as `email` (through the JSON sign-in endpoint), whose pages record
 * the status line. Without `email` the context is a visitor's; `options` are more context options
 * (a viewport, say).
 *
 * @example
 * const { context, page } = await openAs(browser, site, "editor@example.test");
 */
export async function openAs(browser, site, email, options = {}) {
  const key = `${site.origin} ${email} ${site.password}`;
  const cookies = email ? sessions.get(key) : undefined;
  const context = await browser.newContext({ baseURL: site.origin, viewport: DESKTOP, ...options, ...(cookies ? { storageState: { cookies, origins: [] } } : {}) });
  await context.addInitScript(STATUS_RECORDER);
  if (email && !cookies) {
    const response = await request(context, "/api/cms/session", {
      method: "POST",
      data: { email, password: site.password },
      headers: { origin: site.origin },
    });
    if (response.status() !== 204) throw new Error(`sign-in as ${email} answered ${response.status()}`);
    sessions.set(key, (await context.storageState()).cookies);
  }
  const page = await context.newPage();
  return { context, page };
}

/*
 * Each account's session cookie, signed in once per site and given to that account's later
 * contexts: a sign-in costs a PBKDF2 hash, two rate-limit objects and a D1 batch, and the suite
 * opens some 170 signed-in contexts. A shared session sees what a fresh one would: the server
 * reads the role and scope from the editor row on every request, and no test signs these
 * accounts out (the sign-in path itself is the login form test's subject).
 */
const sessions = new Map();

/**
 * Records the inline saves a page sends: `{ body, status }` for each `POST /api/cms/save`, pushed
 * when the request leaves (status `null` until its answer arrives; 0 when it failed).
 *
 * @example
 * const saves = recordSaves(page); // later: await answered(saves); saves[0].body.value
 */
export function recordSaves(page) {
  const saves = [];
  const byRequest = new Map();
  const isSave = (request) => request.method() === "POST" && request.url().endsWith("/api/cms/save");
  page.on("request", (request) => {
    if (!isSave(request)) return;
    const entry = { body: request.postDataJSON(), status: null };
    byRequest.set(request, entry);
    saves.push(entry);
  });
  page.on("response", (response) => {
    const entry = byRequest.get(response.request());
    if (entry) entry.status = response.status();
  });
  page.on("requestfailed", (request) => {
    const entry = byRequest.get(request);
    if (entry) entry.status = 0;
  });
  return saves;
}

/** Waits until every recorded save has its answer. */
export async function answered(saves, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (saves.some((s) => s.status === null)) {
    if (Date.now() > deadline) throw new Error("a save got no answer");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return saves;
}

/** The status line's current text. */
export const statusOf = (page) => page.locator(".cms-bar [role=status]").textContent();

/**
 * Waits until the status line has shown `text` (it may already have moved on).
 *
 * @example
 * await waitForStatus(page, "Draft saved");
 */
export async function waitForStatus(page, text, timeout = 10_000) {
  await page.waitForFunction((t) => window.__statuses.includes(t), text, { timeout });
}

/** Whether the page would ask before leaving: a cancelable beforeunload is cancelled by the client. */
export const wouldAskBeforeLeaving = (page) =>
  page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

/** Waits until the client has finished mounting (room connected, or the REST fallback). */
export async function waitForEditing(page) {
  await page.waitForFunction(() => window.louise && window.louise.mode() !== "connecting", null, { timeout: 15_000 });
}

/** Clears the recorded statuses, so the next wait sees only what comes after. */
export const resetStatuses = (page) => page.evaluate(() => (window.__statuses = []));

/**
 * Two editors (the editor and the publisher, each in their own browser context) on one page,
 * both joined to its room.
 *
 * @example
 * const { a, b } = await twoEditors(ctx, "/about");
 */
export async function twoEditors({ browser, site, track }, path) {
  const a = await openAs(browser, site, "editor@example.test");
  const b = await openAs(browser, site, "publisher@example.test");
  track(a.context);
  track(b.context);
  return joinBoth(a.page, b.page, path);
}

/**
 * `twoEditors` on a page of their own that the publisher makes with `fields`, so nothing another
 * test left in a shared page's room (a closing editor's presence, a draft) reaches them.
 *
 * @example
 * const { a, b, id } = await twoEditorsOnNewPage(ctx, { title: "Opening hours" });
 */
export async function twoEditorsOnNewPage({ browser, site, track }, fields) {
  const a = await openAs(browser, site, "editor@example.test");
  const b = await openAs(browser, site, "publisher@example.test");
  track(a.context);
  track(b.context);
  const { id, path } = await newPage(b.context, site, fields);
  return { ...(await joinBoth(a.page, b.page, path)), id, path };
}

async function joinBoth(a, b, path) {
  await Promise.all([a.goto(path), b.goto(path)]);
  await Promise.all([waitForEditing(a), waitForEditing(b)]);
  for (const page of [a, b]) if ((await page.evaluate(() => window.louise.mode())) !== "live") throw new Error(`${path} did not join its room`);
  return { a, b };
}

/**
 * Waits until the edit bar shows a button named `name` (exactly) where an editor sees it: in the
 * bar, or, when the bar has folded its secondary actions, in the opened More menu (a folded
 * action is display:none, so no role query finds it while the menu is closed). Closes a menu it
 * opened, so the page is left as it was.
 *
 * @example
 * await seenInBar(page, "Comments, 2 open");
 */
export async function seenInBar(page, name, timeout = 10_000) {
  const bar = page.locator(".cms-bar");
  const more = bar.locator(".cms-more");
  const deadline = Date.now() + timeout;
  for (;;) {
    const folded = await more.isVisible();
    if (folded && (await more.getAttribute("aria-expanded")) !== "true") await more.click();
    try {
      await bar.getByRole("button", { name, exact: true }).waitFor({ state: "visible", timeout: 1_000 });
      if (folded) await more.click();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * The text of `locator`'s element without the other editors' carets (y-prosemirror draws each as a
 * widget with the editor's name inside the text).
 *
 * @example
 * await converge([a, b], (page) => textWithoutCarets(page.locator(".ProseMirror p")), "Hours AAA");
 */
export function textWithoutCarets(locator) {
  return locator.evaluate((element) => {
    const copy = element.cloneNode(true);
    for (const caret of copy.querySelectorAll(".ProseMirror-yjs-cursor")) caret.remove();
    return copy.textContent;
  });
}

/**
 * Waits until `read(page)` returns `expected` on every page, failing with what each showed last.
 *
 * @example
 * await converge([a, b], (p) => p.locator("h1").textContent(), "Title BBB");
 */
export async function converge(pages, read, expected, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let seen = [];
  while (Date.now() < deadline) {
    seen = await Promise.all(pages.map(read));
    if (seen.every((value) => value === expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected ${JSON.stringify(expected)} everywhere, saw ${JSON.stringify(seen)}`);
}

/**
 * `context.request.fetch` on a connection of its own. Playwright's request client keeps idle
 * connections for reuse, and `wrangler dev` closes an idle one after a few seconds: a request sent
 * on it as it closes is reset before the worker sees it (`read ECONNRESET`), which a test pausing
 * between two calls (pages loading, edits converging) met now and then. A connection that is never
 * reused cannot be met closing. A fresh connection is still reset now and then (`socket hang up`,
 * one GET of a loop polling every 100 ms in a run of 170 tests, the server's log without a line
 * of it: the worker never saw it), so a reset is retried twice, as Playwright's `maxRetries` does
 * for a reset alone, never for an answer.
 *
 * @example
 * const response = await request(context, "/api/cms/session", { method: "POST", data, headers: { origin } });
 */
export function request(context, path, options = {}) {
  return context.request.fetch(path, { maxRetries: 2, ...options, headers: { ...options.headers, connection: "close" } });
}

/**
 * Calls the editor API as the signed-in user of `context` (same-origin), failing on an error.
 *
 * @example
 * const { id } = await api(context, site, "POST", "/api/cms/pages", { slug: "x", title: "X" });
 */
export async function api(context, site, method, path, data) {
  for (let attempt = 1; ; attempt++) {
    const response = await request(context, path, { method, data, headers: { origin: site.origin } });
    if (response.ok()) return response.status() === 204 ? null : response.json();
    const text = await response.text();
    // wrangler dev's own proxy sometimes drops a POST on a keep-alive connection it had closed and
    // answers this 503 without the worker having seen it (workers-sdk#14641): not the site's answer.
    if (attempt < 3 && response.status() === 503 && text.startsWith(DEV_PROXY_DROPPED)) continue;
    throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  }
}

const DEV_PROXY_DROPPED = "Your worker restarted mid-request.";

let pageCounter = 0;

/**
 * A fresh page (own slug, empty history) created through the API; resolves `{ id, path }`.
 *
 * @example
 * const { id, path } = await newPage(context, site, { title: "T", body: "<p>B</p>" });
 */
export async function newPage(context, site, fields) {
  const slug = `e2e-${Date.now().toString(36)}-${++pageCounter}`;
  const page = await api(context, site, "POST", "/api/cms/pages", { slug, sections: [], body: "<p></p>", ...fields });
  return { id: page.id, path: `/${slug}` };
}

/**
 * The path a new site's owner takes, in a fresh visitor context: signs in through the site's own
 * form at `/login` (fields `email` and `password`), lands on `landing` in live edit mode, replaces
 * the text of the plain-text field `selector` by typing `text`, and publishes through the edit
 * bar's dialog. Used by the consumer tests (examples/, the scaffold).
 *
 * @example
 * await signInEditAndPublish(browser, { origin, email, password }, { landing: "/posts/1", selector: "h1", text: "New" });
 */
export async function signInEditAndPublish(browser, { origin, email, password }, { landing, selector, text }) {
  const { page } = await openAs(browser, { origin });
  await page.goto("/login");
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await Promise.all([page.waitForURL(new URL(landing, origin).href), page.click("form button")]);
  await waitForEditing(page);
  const mode = await page.evaluate(() => window.louise.mode());
  if (mode !== "live") throw new Error(`the editor is in ${mode} mode, not live`);
  await page.locator(selector).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await page.getByRole("button", { name: "Publish this page" }).click();
  await page.getByRole("dialog", { name: "Publish" }).getByRole("button", { name: "Publish now" }).click();
  await waitForStatus(page, "Published");
}

/* The contact form's budget is shared by every visitor off the edge: each test that counts on it starts it afresh. */
export const resetContactLimit = (site) => fetch(`${site.origin}/__e2e/reset-contact-limit`, { method: "POST" });

/*
 * Clicks an edit-bar action by its accessible name, through the "More" menu when the bar is folded.
 * The live page adds actions and counts a moment after editing starts, and the bar may then fold:
 * an action seen inline can be in the closed menu by the time it is clicked, so each try is short
 * and the next one reads the fold again.
 */
export async function barAction(page, name) {
  const bar = page.locator(".cms-bar");
  const more = bar.getByRole("button", { name: "More actions" });
  for (let attempt = 1; ; attempt++) {
    if ((await more.isVisible()) && (await more.getAttribute("aria-expanded")) !== "true") await more.click();
    try {
      return await bar.getByRole("button", { name }).click({ timeout: 3_000 });
    } catch (error) {
      if (attempt === 10) throw error;
    }
  }
}

/**
 * Answers the image description dialog that follows every image choice: types `alt` (or marks the
 * image decorative when `alt` is "") and saves. Resolves the description the dialog offered first.
 *
 * @example
 * await describeImage(page, "A red bicycle");
 */
export async function describeImage(page, alt) {
  const dialog = page.getByRole("dialog", { name: "Image description" });
  await dialog.waitFor();
  const offered = await dialog.getByLabel(/^Description/).inputValue();
  if (alt === "") await dialog.getByLabel(/Decorative image/).check();
  else await dialog.getByLabel(/^Description/).fill(alt);
  await dialog.getByRole("button", { name: "Save description" }).click();
  await dialog.waitFor({ state: "detached" });
  return offered;
}
