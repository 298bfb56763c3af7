// Journey (issue 34, item 4): an editor's tab left open across a deploy keeps what it types. The
// room stops speaking with the tab's (older) client: the tab is told to reload, does not reconnect
// in a loop, keeps its edits on the device, and after Reload the current client sends them to the room.
import assert from "node:assert/strict";
import { api, newPage, openAs, ROOM_VERSION_PARAM, waitForEditing, waitForStatus, wouldAskBeforeLeaving } from "../browser.mjs";

const OUTDATED = "This editor was updated: reload the page to keep editing. Your changes are kept on this device.";
/* Set in the page's localStorage: its room sockets then send no version, as clients from before versions did. */
const STALE_FLAG = "e2e-stale-room-client";

/*
 * The tab's client, as if built before the deploy: while the flag is set, every room socket the page
 * opens leaves out its protocol version. Test-only: it wraps the browser's WebSocket before the
 * client's script runs, so the product has no knob for it.
 */
function staleWhenFlagged([flag, param]) {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      const target = new URL(String(url));
      if (localStorage.getItem(flag) === "1" && target.pathname.startsWith("/parties/")) target.searchParams.delete(param);
      super(target.toString(), protocols);
    }
  };
}

/* Page `id`'s newest draft title, once it is `expected` (the room writes drafts after typing settles). */
async function draftTitle(context, site, id, expected, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let title;
  while (Date.now() < deadline) {
    const { items } = await api(context, site, "GET", `/api/cms/pages/${id}/versions?limit=1`);
    title = items[0]?.versionData?.title;
    if (title === expected) return title;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return title;
}

export const tests = [
  {
    name: "journey stale client: a tab left open across a deploy is told to reload, stops reconnecting and keeps what it typed",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const { id, path } = await newPage(context, site, { title: "Across a deploy" });
      await context.addInitScript(staleWhenFlagged, [STALE_FLAG, ROOM_VERSION_PARAM]);
      const sockets = [];
      await page.routeWebSocket(/\/parties\//, (ws) => {
        sockets.push(ws);
        ws.connectToServer();
      });
      await page.goto(path);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "live");

      // The deploy: the room restarts with a newer minimum (its sockets close); the tab's client is now old.
      await page.evaluate((flag) => localStorage.setItem(flag, "1"), STALE_FLAG);
      for (const ws of sockets) await ws.close();
      await waitForStatus(page, OUTDATED, 15_000);
      const reload = page.getByRole("button", { name: "Reload the page" });
      assert.ok(await reload.isVisible(), "a Reload button next to the status line");

      const title = page.locator(`h1[data-cms-field="pages:${id}:title"]`);
      await title.click();
      await page.keyboard.press("End");
      await page.keyboard.type(" kept");
      assert.equal(await title.textContent(), "Across a deploy kept");
      const opensAfterRefusal = sockets.length;
      // What the room refuses is not knocked on again: a loop would open ten sockets a second.
      await page.waitForTimeout(3_000);
      assert.equal(sockets.length, opensAfterRefusal, "no reconnect after the room said the client is outdated");
      assert.equal(await page.locator(".cms-bar [role=status]").textContent(), OUTDATED);
      const deadline = Date.now() + 5_000;
      // Reload once the device has committed the edit (it is not acknowledged by the room).
      while (await wouldAskBeforeLeaving(page)) {
        assert.ok(Date.now() < deadline, "the device copy never confirmed the edit");
        await page.waitForTimeout(20);
      }

      // The new client: Reload loads it, and it sends what the device kept.
      await page.evaluate((flag) => localStorage.removeItem(flag), STALE_FLAG);
      await Promise.all([page.waitForEvent("load"), reload.click()]);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "live");
      assert.equal(await title.textContent(), "Across a deploy kept", "the edit survived the reload");
      await waitForStatus(page, "Draft saved", 20_000);
      assert.equal(await draftTitle(context, site, id, "Across a deploy kept"), "Across a deploy kept", "the typed text reached the draft");
    },
  },
  {
    name: "journey stale client: a room that keeps refusing a connection (4422) is reconnected to with a growing wait, not ten times a second",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const { path } = await newPage(context, site, { title: "Refused" });
      let refusing = false;
      const refusedAt = [];
      await page.routeWebSocket(/\/parties\//, (ws) => {
        if (!refusing) return ws.connectToServer();
        // Stands for a room that refuses what this client sends: the socket opens, then is closed.
        refusedAt.push(Date.now());
        setTimeout(() => ws.close({ code: 4422, reason: "refused" }), 50);
      });
      await page.goto(path);
      await waitForEditing(page);
      refusing = true;
      await page.evaluate(() => window.dispatchEvent(new Event("offline")));
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      await page.waitForTimeout(4_000);
      // Without back-off: one socket every ~150 ms (about 25 here); with it: 0.8 s, 1.6 s, 3.2 s apart.
      assert.ok(refusedAt.length >= 2, `the client reconnected after a refusal (${refusedAt.length} sockets)`);
      assert.ok(refusedAt.length <= 5, `${refusedAt.length} sockets in 4 s: a reconnect loop`);
      const gaps = refusedAt.slice(1).map((at, i) => at - refusedAt[i]);
      assert.ok(gaps.every((gap, i) => i === 0 || gap > gaps[i - 1]), `the waits grow: ${gaps.join(", ")} ms`);
    },
  },
];
