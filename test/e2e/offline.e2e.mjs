// Honest connection state (issue 17, item 3): offline is said plainly, edits made offline survive a
// reload on the same device and merge on reconnect, and the leave prompt appears only when
// something would really be lost.
import assert from "node:assert/strict";
import { newPage, openAs, waitForEditing, waitForStatus, wouldAskBeforeLeaving } from "./browser.mjs";

/* The title of the test's own page (each test makes one, so no other test's typing reaches it). */
const TITLE = "h1[data-cms-field$=':title']";

/* Cuts a page's room traffic while `link.down` is set: open sockets are closed, new ones refused. */
async function switchableRoomLink(page) {
  const link = { down: false, open: [] };
  await page.routeWebSocket(/\/parties\//, (ws) => {
    if (link.down) return ws.close();
    ws.connectToServer();
    link.open.push(ws);
  });
  link.cut = async () => {
    link.down = true;
    for (const ws of link.open.splice(0)) await ws.close();
  };
  return link;
}

export const tests = [
  {
    name: "offline: edits typed offline survive a reload on this device and reach the other editor on reconnect",
    async run({ browser, site, track }) {
      const { context, page: a } = await openAs(browser, site, "editor@example.test");
      track(context);
      const link = await switchableRoomLink(a);
      const b = (await openAs(browser, site, "publisher@example.test")).page;
      track(b.context());
      const { path } = await newPage(b.context(), site, { title: "Offline hours" });
      await Promise.all([a.goto(path), b.goto(path)]);
      await Promise.all([waitForEditing(a), waitForEditing(b)]);
      await link.cut();
      await waitForStatus(a, "Offline: changes kept on this device", 15_000);
      const marker = ` kept ${Date.now()}`;
      await a.locator(TITLE).click();
      await a.keyboard.press("End");
      await a.keyboard.type(marker.slice(0, -1));
      // The last keystroke and a leave in the same turn: its write to the device is not committed
      // yet (IndexedDB commits later), so a reload now could lose it, and the page asks.
      const askedAtOnce = await a.evaluate((last) => {
        document.execCommand("insertText", false, last);
        const event = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }, marker.slice(-1));
      assert.equal(askedAtOnce, true, "an offline edit not yet committed to the device is warned about");
      assert.ok((await a.locator(TITLE).textContent()).endsWith(marker));
      // Once the device has committed it, nothing is left to warn about.
      const deadline = Date.now() + 5_000;
      while (await wouldAskBeforeLeaving(a)) {
        assert.ok(Date.now() < deadline, "the device copy never confirmed the offline edit");
        await a.waitForTimeout(20);
      }
      assert.ok((await a.evaluate(() => indexedDB.databases())).some((d) => d.name?.startsWith("cms-page:")), "the page has a device copy");

      await a.reload();
      await waitForEditing(a);
      assert.equal(await a.evaluate(() => window.louise.mode()), "live", "edits from the device copy, not the REST fallback");
      assert.ok((await a.locator(TITLE).textContent()).endsWith(marker), "the offline edit survived the reload");
      await waitForStatus(a, "Offline: changes kept on this device");
      assert.ok(!(await b.locator(TITLE).textContent()).endsWith(marker), "B has not seen it yet");

      link.down = false;
      await b.waitForFunction(([sel, m]) => document.querySelector(sel)?.textContent?.endsWith(m), [TITLE, marker], { timeout: 20_000 });
      await waitForStatus(a, "Draft saved", 20_000);
    },
  },
  {
    name: "offline: the leave prompt appears for unsaved edits, not for a keepalive save in flight",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      // Saves are held unanswered: each stays in flight (with keepalive) until released.
      const held = [];
      await page.route("**/api/cms/save", (route) => held.push(route));
      const { path } = await newPage(context, site, { title: "Leaving hours" });
      await page.goto(`${path}?rest`);
      await waitForEditing(page);
      await page.locator(TITLE).click();
      await page.keyboard.press("End");
      await page.keyboard.type("!");
      // The flush resolves only once the held save is answered; a failed test must not leave it unhandled.
      const flushed = page.evaluate(() => window.louise.flush()).catch(() => undefined);
      await page.waitForFunction(() => document.querySelector(".cms-bar [role=status]")?.textContent === "Saving…");
      // The page's request reaches the route handler a moment after the status changes.
      for (const deadline = Date.now() + 5_000; held.length === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(held.length, 1);
      assert.equal(await wouldAskBeforeLeaving(page), false, "a keepalive save will land");
      for (const route of held.splice(0)) await route.continue();
      await flushed;
      await waitForStatus(page, "Draft saved");
      await page.unroute("**/api/cms/save");

      await page.goto(`${path}?rest&manual`);
      await waitForEditing(page);
      assert.equal(await wouldAskBeforeLeaving(page), false, "nothing typed yet");
      await page.locator(TITLE).click();
      await page.keyboard.press("End");
      await page.keyboard.type("?");
      assert.equal(await wouldAskBeforeLeaving(page), true, "auto-save off and unsaved: ask");
    },
  },
];
