// Inline editing over REST (SPEC §4 client contract, rules 1–5): the home page with `?rest`, so
// its fields save through POST /api/cms/save rather than the page room.
import assert from "node:assert/strict";
import { answered, openAs, recordSaves, request, resetStatuses, statusOf, waitForEditing, waitForStatus } from "./browser.mjs";

const EDITOR = "editor@example.test";
const HOME = "/?rest";
const title = (page) => page.locator('h1[data-cms-field="pages:1:title"]');

async function editorOnHome({ browser, site, track }) {
  const { context, page } = await openAs(browser, site, EDITOR);
  track(context);
  const saves = recordSaves(page);
  await page.goto(HOME);
  await waitForEditing(page);
  return { context, page, saves };
}

/** Replaces a plain field's text by typing, as an editor would. */
async function retype(page, locator, text, delay = 0) {
  await locator.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text, { delay });
}

export const tests = [
  {
    name: "signs in through the login form and lands in edit mode",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site);
      track(context);
      await page.goto("/login");
      await page.getByLabel("Email").fill(EDITOR);
      await page.getByLabel("Password").fill(site.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${site.origin}/`);
      await waitForEditing(page);
      assert.equal(await title(page).getAttribute("contenteditable"), "plaintext-only");
      assert.equal(await page.getByRole("region", { name: "Page editing" }).count(), 1);
    },
  },
  {
    name: "a visitor's page has no editor script, markers or edit bar",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site);
      track(context);
      const scripts = [];
      page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
      const response = await page.goto("/");
      const html = await response.text();
      assert.ok(!html.includes("cms-client"), "no client script in the HTML");
      assert.ok(!html.includes("data-cms-field"), "no markers");
      assert.deepEqual(scripts, []);
      assert.equal(await page.locator(".cms-bar, [contenteditable]").count(), 0);
    },
  },
  {
    name: "edits a plain field: Saving… then Draft saved, and the value survives a reload",
    async run(ctx) {
      const { page, saves } = await editorOnHome(ctx);
      const text = `Welcome, edited ${Date.now()}`;
      await retype(page, title(page), text);
      await waitForStatus(page, "Saving…");
      await waitForStatus(page, "Draft saved");
      assert.ok((await page.evaluate(() => window.__statuses)).indexOf("Saving…") < (await page.evaluate(() => window.__statuses)).indexOf("Draft saved"));
      assert.deepEqual((await answered(saves)).map((s) => [s.body.field, s.body.value, s.status]), [["pages:1:title", text, 204]]);
      await page.reload();
      await waitForEditing(page);
      assert.equal(await title(page).textContent(), text);
    },
  },
  {
    name: "a burst of typing is saved with one request after the idle debounce",
    async run(ctx) {
      const { page, saves } = await editorOnHome(ctx);
      await title(page).click();
      await page.keyboard.press("End");
      await page.keyboard.type(" — typed in a burst", { delay: 60 });
      await waitForStatus(page, "Draft saved");
      await page.waitForTimeout(1200);
      assert.equal(saves.length, 1);
      assert.ok(saves[0].body.value.endsWith(" — typed in a burst"));
    },
  },
  {
    name: "an unchanged field is never sent, even when edited back to its value",
    async run(ctx) {
      const { page, saves } = await editorOnHome(ctx);
      await title(page).click();
      await page.keyboard.press("End");
      await page.keyboard.type("x");
      await page.keyboard.press("Backspace");
      await page.locator("footer").click();
      await page.waitForTimeout(1500);
      assert.deepEqual(saves, []);
    },
  },
  {
    name: "Enter does not add a line to a plain field",
    async run(ctx) {
      const { page } = await editorOnHome(ctx);
      const before = await title(page).textContent();
      await title(page).click();
      await page.keyboard.press("End");
      await page.keyboard.press("Enter");
      assert.equal(await title(page).textContent(), before);
      assert.equal(await title(page).locator("br, div").count(), 0);
    },
  },
  {
    name: "a failed save keeps the field dirty, says so, and retries on the next edit",
    async run(ctx) {
      const { page, saves, context } = await editorOnHome(ctx);
      await request(context, "/__e2e/fail-saves?count=1", { method: "POST" });
      const text = `Retry me ${Date.now()}`;
      await retype(page, title(page), text);
      await page.waitForFunction(() => /Save failed/.test(document.querySelector(".cms-bar [role=status]")?.textContent ?? ""));
      assert.deepEqual((await answered(saves)).map((s) => s.status), [500]);
      assert.match(await statusOf(page), /changes kept/);
      await page.waitForTimeout(1500);
      assert.equal(saves.length, 1, "no retry loop without an edit");
      await resetStatuses(page);
      await page.keyboard.type("!");
      await waitForStatus(page, "Draft saved");
      assert.deepEqual((await answered(saves)).map((s) => [s.body.value, s.status]), [[text, 500], [`${text}!`, 204]]);
    },
  },
  {
    name: "edits rich text and saves the field's HTML",
    async run(ctx) {
      const { page, saves } = await editorOnHome(ctx);
      const body = page.locator('[data-cms-field="pages:1:body"] .ProseMirror');
      await body.locator("p").first().click();
      await page.keyboard.press("End");
      await page.keyboard.type(" Rich edit.");
      await waitForStatus(page, "Draft saved");
      assert.equal(saves.length, 1);
      assert.equal(saves[0].body.field, "pages:1:body");
      assert.match(saves[0].body.value, /^<p>.*<strong>in place<\/strong>.* Rich edit\.<\/p>$/);
    },
  },
  {
    name: "the Settings button dispatches cms:open-settings, from the keyboard too",
    async run(ctx) {
      const { page } = await editorOnHome(ctx);
      await page.evaluate(() => {
        window.__settings = 0;
        document.addEventListener("cms:open-settings", () => window.__settings++);
      });
      await page.getByRole("button", { name: "Open page settings" }).click();
      // The demo site answers the event with its settings panel (a modal): close it, then use the keyboard.
      await page.getByRole("dialog", { name: "Site settings" }).waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Site settings" }).waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Open page settings" }).focus();
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => window.__settings), 2);
      assert.equal(await page.getByRole("button", { name: "Save changes" }).count(), 0, "no Save button with auto-save on");
    },
  },
  {
    name: "Done saves what is pending and leaves edit mode",
    async run(ctx) {
      const { page, saves } = await editorOnHome(ctx);
      await page.evaluate(() => window.addEventListener("cms:done", () => (window.__done = true)));
      await title(page).click();
      await page.keyboard.press("End");
      await page.keyboard.type(" (done)");
      await page.getByRole("button", { name: "Done editing" }).click();
      await page.waitForFunction(() => window.__done === true);
      assert.equal(saves.length, 1);
      assert.ok(saves[0].body.value.endsWith(" (done)"));
      assert.equal(await page.locator("[contenteditable=plaintext-only], .cms-bar, .ProseMirror").count(), 0);
    },
  },
  {
    name: "with auto-save off, a Save button saves and nothing is sent before it",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, EDITOR);
      track(context);
      const saves = recordSaves(page);
      await page.goto("/?rest&manual");
      await waitForEditing(page);
      await title(page).click();
      await page.keyboard.press("End");
      await page.keyboard.type(" (manual)");
      await page.locator("footer").click();
      await page.waitForTimeout(1200);
      assert.deepEqual(saves, []);
      assert.equal(await statusOf(page), "Unsaved changes");
      await page.getByRole("button", { name: "Save changes" }).click();
      await waitForStatus(page, "Draft saved");
      assert.equal(saves.length, 1);
    },
  },
  {
    name: "following a link within the site flushes the pending edit at once",
    async run(ctx) {
      const { page, saves } = await editorOnHome(ctx);
      // Leaving while that save is in flight asks first (beforeunload); the test confirms.
      page.on("dialog", (dialog) => void dialog.accept());
      const text = `Flushed on navigation ${Date.now()}`;
      await retype(page, title(page), text);
      await page.getByRole("link", { name: "About" }).click();
      await page.waitForURL(`${ctx.site.origin}/about`);
      assert.equal(saves.length, 1, "sent without waiting for the debounce");
      assert.equal(saves[0].body.value, text);
      await page.goto(HOME);
      await waitForEditing(page);
      assert.equal(await title(page).textContent(), text);
    },
  },
];
