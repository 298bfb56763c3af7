// Presence where people look (issue 17, item 4): each editor's colour and name on the field they
// are in, their caret and selection in plain fields (carried as Yjs relative positions), and who
// is where in the edit bar.
import assert from "node:assert/strict";
import { api, newPage, openAs, ROOM_PROTOCOL_VERSION, ROOM_VERSION_PARAM, twoEditorsOnNewPage, waitForEditing, waitForStatus } from "./browser.mjs";

const TITLE = "h1[data-cms-field]";

/* Where the end of the title's text is drawn on `page`, in document coordinates. */
const titleEnd = (page) =>
  page.locator(TITLE).evaluate((el) => {
    const range = document.createRange();
    range.setStart(el.firstChild, el.firstChild.length);
    const rect = range.getClientRects()[0];
    return { x: rect.left + scrollX, y: rect.top + scrollY };
  });
const caretOf = (page) =>
  page.locator(".cms-presence-caret").evaluate((el) => ({ x: parseFloat(el.style.left), y: parseFloat(el.style.top), color: el.style.backgroundColor }));

/* The publisher and the editor, each in a browser context, and a fresh page the publisher made. */
async function publisherAndEditorOnNewPage({ browser, site, track }, fields) {
  const publisher = await openAs(browser, site, "publisher@example.test");
  const editor = await openAs(browser, site, "editor@example.test");
  track(publisher.context);
  track(editor.context);
  return { publisher, editor, ...(await newPage(publisher.context, site, fields)) };
}

export const tests = [
  {
    name: "presence: the other editor's name and colour on their field, their caret and selection in a plain field, and where they are in the bar",
    async run(ctx) {
      const { a, b } = await twoEditorsOnNewPage(ctx, { title: "Where people are" });
      await a.locator(TITLE).click();
      // The end of the text (End alone stops at the end of a wrapped title's first line).
      await a.keyboard.press("Control+End");
      const tag = b.locator(".cms-presence-field span", { hasText: "Eddie Editor" });
      await tag.waitFor();
      await b.locator('.cms-people li[aria-label="Eddie Editor, in title"]').waitFor();
      const field = await b.locator(".cms-presence-field").boundingBox();
      const title = await b.locator(TITLE).boundingBox();
      assert.ok(Math.abs(field.x - title.x) < 1 && Math.abs(field.width - title.width) < 1, "the outline sits on the title");

      // A's caret at the end of the title: B draws it there, and keeps it there while B types before it.
      await b.locator(".cms-presence-caret").waitFor();
      const near = (p, q) => Math.abs(p.x - q.x) <= 2 && Math.abs(p.y - q.y) <= 4;
      assert.ok(near(await caretOf(b), await titleEnd(b)), JSON.stringify([await caretOf(b), await titleEnd(b)]));
      await b.locator(TITLE).click();
      await b.keyboard.press("Control+Home");
      await b.keyboard.type("Our ");
      await a.waitForFunction((sel) => document.querySelector(sel).textContent.startsWith("Our "), TITLE);
      await b.waitForFunction((sel) => {
        const caret = document.querySelector(".cms-presence-caret");
        const el = document.querySelector(sel);
        const range = document.createRange();
        range.setStart(el.firstChild, el.firstChild.length);
        return caret && Math.abs(parseFloat(caret.style.left) - (range.getClientRects()[0].left + scrollX)) <= 2;
      }, TITLE);

      // A selects the whole title: B sees the selection, not a caret.
      await a.keyboard.press("Shift+Home");
      await b.locator(".cms-presence-selection").first().waitFor();
      assert.equal(await b.locator(".cms-presence-caret").count(), 0);

      // A leaves the field: the outline and the bar's "in title" go.
      await a.getByRole("button", { name: "Page history" }).focus();
      await b.locator(".cms-presence-field").waitFor({ state: "detached" });
      await b.locator('.cms-people li[aria-label="Eddie Editor"]').waitFor();
    },
  },
  {
    name: "presence: a write from outside the page (REST) to a field in view is noted on the status line",
    async run(ctx) {
      const { publisher, editor, id, path } = await publisherAndEditorOnNewPage(ctx, { title: "Before", body: "<p>Body</p>" });
      await editor.page.goto(path);
      await waitForEditing(editor.page);
      assert.equal(await editor.page.evaluate(() => window.louise.mode()), "live");
      await editor.page.locator("h1[data-cms-field]").click();
      await api(publisher.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "After, from the API" });
      await editor.page.waitForFunction(() => document.querySelector("h1[data-cms-field]").textContent === "After, from the API");
      await waitForStatus(editor.page, "Pat Publisher changed title from outside this page");
      // The note stands until the editor's own next edit.
      await editor.page.keyboard.type("!");
      await editor.page.waitForFunction(() => !document.querySelector(".cms-bar [role=status]").textContent.includes("from outside"));
    },
  },
  {
    name: "presence: a malformed awareness state (a cursor of junk) is dropped, and no co-editor's page throws",
    async run(ctx) {
      const { publisher, editor, id, path } = await publisherAndEditorOnNewPage(ctx, { title: "Cursor target", body: "<p>Rich body</p>" });
      const errors = [];
      editor.page.on("pageerror", (error) => errors.push(String(error?.message ?? error)));
      await editor.page.goto(path);
      await waitForEditing(editor.page);
      assert.equal(await editor.page.evaluate(() => window.louise.mode()), "live");
      // The publisher's browser speaks to the room directly, as a hostile client would: one state
      // with a cursor y-prosemirror cannot resolve, then a well-formed one that names the title.
      await publisher.page.goto("/about?rest");
      await publisher.page.evaluate(async ([room, query]) => {
        const uint = (n, out) => {
          while (n > 127) out.push((n & 127) | 128), (n = Math.floor(n / 128));
          out.push(n);
        };
        const bytes = (text) => [...new TextEncoder().encode(text)];
        const frame = (clock, state) => {
          const inner = [];
          uint(1, inner);
          uint(424242, inner);
          uint(clock, inner);
          const json = bytes(JSON.stringify(state));
          uint(json.length, inner);
          inner.push(...json);
          const out = [];
          uint(1, out);
          uint(inner.length, out);
          out.push(...inner);
          return new Uint8Array(out);
        };
        const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/parties/page-room/${room}?${query}`);
        ws.binaryType = "arraybuffer";
        await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
        ws.send(frame(1, { cursor: { anchor: { junk: true }, head: { junk: true } } }));
        ws.send(frame(2, { field: { address: `${room}:title` } }));
        window.__rawRoom = ws;
      }, [`pages:${id}`, `${ROOM_VERSION_PARAM}=${ROOM_PROTOCOL_VERSION}`]);
      // The second state arrived (its outline is drawn), so the first was handled before it.
      await editor.page.locator(".cms-presence-field span", { hasText: "Pat Publisher" }).waitFor();
      await editor.page.locator('[data-cms-field$=":body"] .ProseMirror').click();
      await editor.page.keyboard.type(" typed");
      await editor.page.waitForFunction(() => document.querySelector('[data-cms-field$=":body"]').textContent.includes("typed"));
      assert.deepEqual(errors, []);
    },
  },
  {
    name: "presence: an editor whose heartbeat the room stops hearing (pings held back, as by a runtime slow to read them) is hidden for a moment, not disconnected, and shown again while the other types",
    async run(ctx) {
      const { a, b } = await twoEditorsOnNewPage(ctx, { title: "Heard again" });
      await a.locator(TITLE).click();
      const shown = b.locator('.cms-people li[aria-label^="Eddie Editor"]');
      await shown.waitFor();
      // B notes every moment Eddie leaves its bar.
      await b.evaluate(() => {
        window.__eddieGone = 0;
        new MutationObserver(() => {
          const here = [...document.querySelectorAll(".cms-people li")].some((li) => li.getAttribute("aria-label")?.startsWith("Eddie Editor"));
          if (!here && window.__eddieShown) window.__eddieGone++;
          window.__eddieShown = here;
        }).observe(document.body, { childList: true, subtree: true, attributes: true });
        window.__eddieShown = true;
      });
      // A's pings stop reaching the room; everything else A sends still does, and the sockets it
      // goes out on are counted (a closed connection's client would send its sync on a new one).
      await a.evaluate(() => {
        const send = WebSocket.prototype.send;
        window.__sockets = new Set();
        WebSocket.prototype.send = function (data) {
          if (data === "ping") return;
          window.__sockets.add(this);
          return send.call(this, data);
        };
      });
      // Past the presence timeout (6 s) and its check: the room hid A, A's client answered the removal.
      await b.waitForFunction(() => window.__eddieGone > 0, null, { timeout: 15_000 });
      await shown.waitFor({ timeout: 5_000 });
      await b.locator(TITLE).click();
      await b.keyboard.press("End");
      await b.keyboard.type(" and typed");
      await a.waitForFunction((sel) => document.querySelector(sel).textContent.endsWith(" and typed"), TITLE);
      assert.equal(await a.evaluate(() => window.louise.mode()), "live");
      assert.equal(await a.evaluate(() => window.__sockets.size), 1, "A answered its removal on the socket it had: it was not disconnected");
      assert.equal(await shown.count(), 1);
    },
  },
];
