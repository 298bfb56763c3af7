// An honest status and refused changes that never wedge (issue 26, items 2 and 4): "Draft saved"
// only once the room acknowledged every edit, "Offline" within a second of the browser going
// offline, "Not saved yet: reconnecting…" when acknowledgements stop on a socket that looks open,
// a socket that brings nothing for 30 s let go even by an editor who only reads, and a change the
// room refuses is taken out, said in words, and never resent.
import assert from "node:assert/strict";
import { newPage, openAs, resetStatuses, statusOf, twoEditorsOnNewPage, waitForEditing, waitForStatus } from "./browser.mjs";

/* Each test's own page: what other tests typed into a shared page's room is not this file's subject. */
const FIELDS = { title: "Durable hours", body: "<p>We open at nine.</p>" };
const BODY = "[data-cms-field$=':body'] .ProseMirror";
const body = (page) => page.locator(BODY);

/* Routes a page's room sockets through the test: while `hold` is set, the first socket's `ack` events are kept back. */
async function holdableAcks(page) {
  const acks = { hold: false, held: 0, sockets: 0 };
  await page.routeWebSocket(/\/parties\//, (ws) => {
    const first = ++acks.sockets === 1;
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (first && acks.hold && typeof message === "string" && message.includes('"type":"ack"')) acks.held += 1;
      else ws.send(message);
    });
  });
  return acks;
}

/* Types at the end of the body's last paragraph. */
async function typeInBody(page, text) {
  await body(page).locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.type(text, { delay: 10 });
}

/* Waits until `page`'s body shows `marker`. */
const bodyShows = (page, marker, timeout = 15_000) =>
  page.waitForFunction(([sel, m]) => document.querySelector(sel)?.textContent?.includes(m), [BODY, marker], { timeout });

export const tests = [
  {
    name: "status: Draft saved only once the room acknowledged the edit; an overdue acknowledgement says so and reconnects",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const acks = await holdableAcks(page);
      const { path } = await newPage(context, site, FIELDS);
      await page.goto(path);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "live");
      acks.hold = true;
      await resetStatuses(page);
      await typeInBody(page, ` held ${Date.now()}`);
      await waitForStatus(page, "Saving…");
      // The room stored the edit and sent its acknowledgement; the page has not seen it, so it may not say saved.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.ok(acks.held > 0, "the room acknowledged");
      assert.equal(await statusOf(page), "Saving…");
      assert.ok(!(await page.evaluate(() => window.__statuses)).includes("Draft saved"));
      // Four seconds without an acknowledgement on a socket that looks open: say so, reconnect.
      await waitForStatus(page, "Not saved yet: reconnecting…", 8_000);
      await waitForStatus(page, "Draft saved", 10_000).catch(async (e) => { console.log(JSON.stringify(await page.evaluate(() => window.__statuses)), acks); throw e; });
      assert.ok(acks.sockets >= 2, "a fresh socket replaced the stuck one");
      assert.ok(!(await page.evaluate(() => window.__statuses)).some((s) => s.startsWith("Offline")), "never called offline on a working network");
    },
  },
  {
    name: "deaf socket: a reader whose socket stops bringing anything, the heartbeat's answers included, lets it go within 30 s and sees what the other editor typed meanwhile",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const { context, page: a } = await openAs(browser, site, "editor@example.test");
      track(context);
      // While `deaf` is set, nothing the room sends on A's first socket reaches A (as when the
      // runtime stops sending on it); what A sends still reaches the room, so the room hears A.
      const link = { deaf: false, dropped: 0, sockets: 0 };
      await a.routeWebSocket(/\/parties\//, (ws) => {
        const first = ++link.sockets === 1;
        const server = ws.connectToServer();
        server.onMessage((message) => {
          if (first && link.deaf) link.dropped += 1;
          else ws.send(message);
        });
      });
      const b = (await openAs(browser, site, "publisher@example.test")).page;
      track(b.context());
      const { path } = await newPage(b.context(), site, FIELDS);
      await Promise.all([a.goto(path), b.goto(path)]);
      await Promise.all([waitForEditing(a), waitForEditing(b)]);
      await Promise.all([resetStatuses(a), resetStatuses(b)]);
      link.deaf = true;
      const marker = ` meanwhile ${Date.now()}`;
      await typeInBody(b, marker);
      await waitForStatus(b, "Draft saved", 10_000);
      // A types nothing, so no missing acknowledgement tells it; only the silence does.
      await bodyShows(a, marker, 45_000);
      assert.ok(link.dropped > 0, "the room kept sending on the deaf socket");
      assert.equal(link.sockets, 2, "a fresh socket replaced the deaf one");
      assert.equal(await a.evaluate(() => window.louise.mode()), "live");
      assert.ok(!(await a.evaluate(() => window.__statuses)).some((s) => s.startsWith("Offline")), "never called offline on a working network");
    },
  },
  {
    name: "status: offline within a second of the browser going offline, saved again after; the other editor sees the presence go",
    async run(ctx) {
      const { a, b } = await twoEditorsOnNewPage(ctx, FIELDS);
      await b.locator('.cms-people li[aria-label="Eddie Editor"]').waitFor({ timeout: 10_000 });
      // The rich editor's chunk must have loaded before the network goes: offline, it cannot.
      await body(a).locator("p").last().waitFor({ timeout: 15_000 });
      await resetStatuses(a);
      const started = Date.now();
      await a.context().setOffline(true);
      await waitForStatus(a, "Offline: changes kept on this device", 1_000);
      assert.ok(Date.now() - started < 1_500, `offline took ${Date.now() - started} ms`);
      const marker = ` away ${Date.now()}`;
      await typeInBody(a, marker);
      assert.equal(await statusOf(a), "Offline: changes kept on this device");
      await b.locator('.cms-people li[aria-label="Eddie Editor"]').waitFor({ state: "detached", timeout: 10_000 });
      await resetStatuses(a);
      await a.context().setOffline(false);
      await bodyShows(b, marker);
      await waitForStatus(a, "Draft saved", 15_000);
    },
  },
  {
    name: "status: back online, a reconnect whose upgrade is never answered is given up within seconds, and a fresh socket saves what was typed offline",
    async run(ctx) {
      const { a, b, id } = await twoEditorsOnNewPage(ctx, FIELDS);
      await body(a).locator("p").last().waitFor({ timeout: 15_000 });
      const sockets = [];
      a.on("websocket", (socket) => sockets.push(socket.url()));
      // The next upgrade to this page's room is held unanswered for two minutes, as a lost one would be.
      const hold = await fetch(`${ctx.site.origin}/__e2e/hold-upgrades?room=pages:${id}&count=1`, { method: "POST" });
      assert.equal(hold.status, 204);
      await a.context().setOffline(true);
      await waitForStatus(a, "Offline: changes kept on this device", 5_000);
      const marker = ` held ${Date.now()}`;
      await typeInBody(a, marker);
      await resetStatuses(a);
      await a.context().setOffline(false);
      await bodyShows(b, marker, 40_000);
      await waitForStatus(a, "Draft saved", 15_000);
      assert.equal(sockets.length, 2, `one held socket, then one that connected: ${sockets.join(", ")}`);
    },
  },
  {
    name: "refused: a change the room refuses is removed and said in words, later edits reach the other editor, and a reload brings nothing back",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const { context, page: a } = await openAs(browser, site, "editor@example.test");
      track(context);
      // A stale client: while `stale` is set, A's next bold text is sent with a mark the room's schema lacks.
      const link = { stale: false, rewritten: 0, sockets: 0, closes: [] };
      await a.routeWebSocket(/\/parties\//, (ws) => {
        link.sockets += 1;
        const server = ws.connectToServer();
        // Who closed each socket and why, for the assertion messages below.
        server.onClose((code, reason) => (link.closes.push(`room ${code} ${reason}`), ws.close({ code, reason })));
        ws.onClose((code, reason) => (link.closes.push(`page ${code} ${reason}`), server.close({ code, reason })));
        ws.onMessage((message) => {
          if (link.stale && typeof message !== "string" && message[0] === 0 && message[1] === 2) {
            const at = message.indexOf(Buffer.from([6, ...Buffer.from("strong")]));
            if (at >= 0) {
              message = Buffer.from(message);
              message.write("k", at + 6);
              link.stale = false;
              link.rewritten += 1;
            }
          }
          server.send(message);
        });
      });
      const b = (await openAs(browser, site, "publisher@example.test")).page;
      track(b.context());
      const { path } = await newPage(b.context(), site, FIELDS);
      await Promise.all([a.goto(path), b.goto(path)]);
      await Promise.all([waitForEditing(a), waitForEditing(b)]);
      // A fresh paragraph: typing bold next to text that is bold already writes no new mark.
      await body(a).locator("p").last().click();
      await a.keyboard.press("End");
      await a.keyboard.press("Enter");
      await a.keyboard.press("Control+b");
      link.stale = true;
      await a.keyboard.type("Q");
      for (const deadline = Date.now() + 10_000; link.rewritten === 0; await new Promise((resolve) => setTimeout(resolve, 50))) {
        if (Date.now() > deadline) assert.fail("the bold keystroke never left the page");
      }
      await a.waitForFunction(() => (document.querySelector(".cms-bar [role=status]")?.textContent ?? "").startsWith("A change was not accepted and was removed"), null, { timeout: 10_000 });
      assert.equal(link.rewritten, 1);
      await a.waitForFunction((sel) => ![...document.querySelectorAll(`${sel} p`)].some((p) => p.textContent?.endsWith("Q")), BODY, { timeout: 5_000 });
      const marker = ` after ${Date.now()}`;
      await typeInBody(a, marker);
      await bodyShows(b, marker);
      await waitForStatus(a, "Draft saved", 15_000);
      const settled = link.sockets;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      assert.equal(link.sockets, settled, `no reconnect loop (closes: ${link.closes.join("; ")})`);
      await resetStatuses(a);
      await a.reload();
      await waitForEditing(a);
      assert.equal(await a.evaluate(() => window.louise.mode()), "live");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.ok(!(await a.evaluate(() => window.__statuses)).some((s) => s.startsWith("A change was not accepted")), "the device copy did not bring the refused change back");
      assert.equal(link.sockets, settled + 1, `one socket after the reload, not a loop (closes: ${link.closes.join("; ")})`);
      await bodyShows(a, marker, 5_000);
    },
  },
];
