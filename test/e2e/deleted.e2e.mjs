// A page deleted while an editor has it open (issue 31, finding 2): the room closes the editor's
// connection with 4404, the status line says the page was deleted, and the client stops
// reconnecting to a room that would only refuse it again.
import assert from "node:assert/strict";
import { api, newPage, openAs, waitForEditing, waitForStatus } from "./browser.mjs";

export const tests = [
  {
    name: "deleted: an editor on a page that a publisher deletes is told so and stops reconnecting",
    async run({ browser, site, track }) {
      const a = await openAs(browser, site, "editor@example.test");
      const b = await openAs(browser, site, "publisher@example.test");
      track(a.context);
      track(b.context);
      const { id, path } = await newPage(b.context, site, { title: "Soon gone", body: "<p>Words</p>" });
      const sockets = [];
      a.page.on("websocket", (socket) => sockets.push(socket));
      await a.page.goto(path);
      await waitForEditing(a.page);
      assert.equal(await a.page.evaluate(() => window.louise.mode()), "live");
      await a.page.locator(`h1[data-cms-field="pages:${id}:title"]`).click();
      await a.page.keyboard.press("End");
      await a.page.keyboard.type(" typed", { delay: 20 });
      await api(b.context, site, "DELETE", `/api/cms/pages/${id}`);
      await waitForStatus(a.page, "This page was deleted: changes here are not saved");
      const opened = sockets.length;
      // A reconnect would come within 100 ms, then back off to at most 4 s.
      await a.page.waitForTimeout(1500);
      assert.equal(sockets.length, opened, "no new connection after the room said the page was deleted");
      await a.page.keyboard.type(" more", { delay: 20 });
      await a.page.waitForTimeout(300);
      assert.equal(await a.page.locator(".cms-bar [role=status]").textContent(), "This page was deleted: changes here are not saved");
    },
  },
];
