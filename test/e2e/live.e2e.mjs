// Live editing through the page room (issue 7, deliverable 4): two editors on a page of their own,
// whose fields bind to /parties/page-room/pages:<id> when its editors are connected. Each test
// makes its page, so no presence, draft or undo history another test left in a room reaches it.
import assert from "node:assert/strict";
import { newPage, openAs, recordSaves, twoEditorsOnNewPage, waitForEditing, waitForStatus } from "./browser.mjs";

const body = (page, id) => page.locator(`[data-cms-field="pages:${id}:body"] .ProseMirror`);
const title = (page, id) => page.locator(`h1[data-cms-field="pages:${id}:title"]`);
const titleEndsWith = (page, id, marker, timeout) =>
  page.waitForFunction(([sel, m]) => document.querySelector(sel)?.textContent?.endsWith(m), [`h1[data-cms-field="pages:${id}:title"]`, marker], { timeout });

const twoOnNewPage = (ctx) => twoEditorsOnNewPage(ctx, { title: "Live together", body: "<p>We open at nine.</p>" });

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
      const { a, b } = await twoOnNewPage(ctx);
      await a.locator('.cms-people li[aria-label="Pat Publisher"]').waitFor({ timeout: 10_000 });
      await b.locator('.cms-people li[aria-label="Eddie Editor"]').waitFor({ timeout: 10_000 });
      assert.equal(await a.locator(".cms-people li").count(), 1, "only the other editor, not oneself");
    },
  },
  {
    name: "live: two editors type in the same rich-text field at once and both keep both edits",
    async run(ctx) {
      const { a, b, id } = await twoOnNewPage(ctx);
      await body(a, id).locator("p").first().click();
      await a.keyboard.press("Home");
      await body(b, id).locator("p").first().click();
      await b.keyboard.press("End");
      await Promise.all([a.keyboard.type("AAA ", { delay: 40 }), b.keyboard.type(" BBB", { delay: 40 })]);
      const both = async (page) => {
        const text = await textOf(body(page, id).locator("p").first());
        return text.startsWith("AAA ") && text.endsWith(" BBB");
      };
      const deadline = Date.now() + 10_000;
      while (!((await both(a)) && (await both(b)))) {
        if (Date.now() > deadline) assert.fail(`not converged: ${JSON.stringify([await textOf(body(a, id).locator("p").first()), await textOf(body(b, id).locator("p").first())])}`);
        await a.waitForTimeout(100);
      }
      assert.equal(await textOf(body(a, id).locator("p").first()), await textOf(body(b, id).locator("p").first()));
    },
  },
  {
    name: "live: a plain field converges, the room reports the draft, and no REST save is sent",
    async run(ctx) {
      const { a, b, id } = await twoOnNewPage(ctx);
      const saves = recordSaves(a);
      const marker = ` live ${Date.now()}`;
      await title(a, id).click();
      await a.keyboard.press("End");
      await a.keyboard.type(marker, { delay: 20 });
      await titleEndsWith(b, id, marker, 10_000);
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
      const { id, path } = await newPage(b.context(), site, { title: "Live offline" });
      await Promise.all([a.goto(path), b.goto(path)]);
      await Promise.all([waitForEditing(a), waitForEditing(b)]);
      assert.equal(await a.evaluate(() => window.louise.mode()), "live");
      down = true;
      for (const ws of open.splice(0)) await ws.close();
      await waitForStatus(a, "Offline: changes kept on this device", 15_000);
      const marker = ` offline ${Date.now()}`;
      await title(a, id).click();
      await a.keyboard.press("End");
      await a.keyboard.type(marker);
      assert.equal(await title(a, id).textContent().then((t) => t.endsWith(marker)), true);
      down = false;
      await titleEndsWith(b, id, marker, 20_000);
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
      const { id, path } = await newPage(context, site, { title: "Live unreachable" });
      await page.goto(path);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "rest");
      await title(page, id).click();
      await page.keyboard.press("End");
      await page.keyboard.type("!");
      await waitForStatus(page, "Draft saved");
      assert.deepEqual(saves.map((s) => s.body.field), [`pages:${id}:title`]);
    },
  },
  {
    name: "live: a section heading (a leaf of the json field) converges between editors",
    async run(ctx) {
      const { a, b, id } = await twoEditorsOnNewPage(ctx, { title: "Live heading", sections: [{ type: "hero", heading: "Welcome in" }] });
      const selector = `[data-cms-field="pages:${id}:sections.0.heading"]`;
      const marker = ` s${Date.now()}`;
      await a.locator(selector).click();
      await a.keyboard.press("End");
      await a.keyboard.type(marker);
      await b.waitForFunction(([sel, m]) => document.querySelector(sel)?.textContent?.endsWith(m), [selector, marker], { timeout: 10_000 });
    },
  },
];
