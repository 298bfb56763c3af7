// Live editing through the page room (issue 7, deliverable 4): the about page, whose fields bind to
// /parties/page-room/pages:2 when its editors are connected.
import assert from "node:assert/strict";
import { openAs, recordSaves, twoEditors, waitForEditing, waitForStatus } from "./browser.mjs";

const ABOUT = "/about";
const body = (page) => page.locator('[data-cms-field="pages:2:body"] .ProseMirror');
const title = (page) => page.locator('h1[data-cms-field="pages:2:title"]');

const twoOnAbout = (ctx) => twoEditors(ctx, ABOUT);

/* A paragraph's text without the other editors' cursor labels (widgets y-prosemirror draws in it). */
const textOf = (locator) =>
  locator.evaluate((el) => {
    const copy = el.cloneNode(true);
    for (const cursor of copy.querySelectorAll(".ProseMirror-yjs-cursor")) cursor.remove();
    return copy.textContent;
  });

export const tests = [
  {
    name: "live: presence shows each editor the other one",
    async run(ctx) {
      const { a, b } = await twoOnAbout(ctx);
      await a.locator('.cms-people li[aria-label="Pat Publisher"]').waitFor({ timeout: 10_000 });
      await b.locator('.cms-people li[aria-label="Eddie Editor"]').waitFor({ timeout: 10_000 });
      assert.equal(await a.locator(".cms-people li").count(), 1, "only the other editor, not oneself");
    },
  },
  {
    name: "live: two editors type in the same rich-text field at once and both keep both edits",
    async run(ctx) {
      const { a, b } = await twoOnAbout(ctx);
      await body(a).locator("p").first().click();
      await a.keyboard.press("Home");
      await body(b).locator("p").first().click();
      await b.keyboard.press("End");
      await Promise.all([a.keyboard.type("AAA ", { delay: 40 }), b.keyboard.type(" BBB", { delay: 40 })]);
      const both = async (page) => {
        const text = await textOf(body(page).locator("p").first());
        return text.startsWith("AAA ") && text.endsWith(" BBB");
      };
      const deadline = Date.now() + 10_000;
      while (!((await both(a)) && (await both(b)))) {
        if (Date.now() > deadline) assert.fail(`not converged: ${JSON.stringify([await textOf(body(a).locator("p").first()), await textOf(body(b).locator("p").first())])}`);
        await a.waitForTimeout(100);
      }
      assert.equal(await textOf(body(a).locator("p").first()), await textOf(body(b).locator("p").first()));
    },
  },
  {
    name: "live: a plain field converges, the room reports the draft, and no REST save is sent",
    async run(ctx) {
      const { a, b } = await twoOnAbout(ctx);
      const saves = recordSaves(a);
      const marker = ` live ${Date.now()}`;
      await title(a).click();
      await a.keyboard.press("End");
      await a.keyboard.type(marker, { delay: 20 });
      await b.waitForFunction((m) => document.querySelector('h1[data-cms-field="pages:2:title"]')?.textContent?.endsWith(m), marker, { timeout: 10_000 });
      await waitForStatus(a, "Draft saved", 20_000);
      assert.deepEqual(saves, []);
    },
  },
  {
    name: "live: a dropped connection says it is offline with changes kept on this device, and resyncs on reconnect",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const { context, page: a } = await openAs(browser, site, "editor@example.test");
      track(context);
      // A's room traffic runs through a switchable link: while it is down, sockets are cut and refused.
      let down = false;
      const open = [];
      await a.routeWebSocket(/\/parties\//, (ws) => {
        if (down) return ws.close();
        ws.connectToServer();
        open.push(ws);
      });
      const b = (await openAs(browser, site, "publisher@example.test")).page;
      track(b.context());
      await Promise.all([a.goto(ABOUT), b.goto(ABOUT)]);
      await Promise.all([waitForEditing(a), waitForEditing(b)]);
      assert.equal(await a.evaluate(() => window.louise.mode()), "live");
      down = true;
      for (const ws of open.splice(0)) await ws.close();
      await waitForStatus(a, "Offline: changes kept on this device", 15_000);
      const marker = ` offline ${Date.now()}`;
      await title(a).click();
      await a.keyboard.press("End");
      await a.keyboard.type(marker);
      assert.equal(await title(a).textContent().then((t) => t.endsWith(marker)), true);
      down = false;
      await b.waitForFunction((m) => document.querySelector('h1[data-cms-field="pages:2:title"]')?.textContent?.endsWith(m), marker, { timeout: 20_000 });
    },
  },
  {
    name: "live: when the room cannot be reached, the page falls back to REST draft saves",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      // The network refuses the room's WebSocket; the site itself stays reachable.
      await page.routeWebSocket(/\/parties\//, (ws) => ws.close());
      const saves = recordSaves(page);
      await page.goto(ABOUT);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "rest");
      await title(page).click();
      await page.keyboard.press("End");
      await page.keyboard.type("!");
      await waitForStatus(page, "Draft saved");
      assert.deepEqual(saves.map((s) => s.body.field), ["pages:2:title"]);
    },
  },
  {
    name: "live: a section heading (a leaf of the json field) converges between editors",
    async run({ browser, site, track }) {
      const a = await openAs(browser, site, "editor@example.test");
      const b = await openAs(browser, site, "publisher@example.test");
      track(a.context);
      track(b.context);
      await Promise.all([a.page.goto("/"), b.page.goto("/")]);
      await Promise.all([waitForEditing(a.page), waitForEditing(b.page)]);
      assert.equal(await a.page.evaluate(() => window.louise.mode()), "live");
      const selector = '[data-cms-field="pages:1:sections.0.heading"]';
      const marker = ` s${Date.now()}`;
      await a.page.locator(selector).click();
      await a.page.keyboard.press("End");
      await a.page.keyboard.type(marker);
      await b.page.waitForFunction(([sel, m]) => document.querySelector(sel)?.textContent?.endsWith(m), [selector, marker], { timeout: 10_000 });
    },
  },
];
