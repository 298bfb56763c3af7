// The history panel (issue 17, item 1): versions with author, time and state, a readable
// per-field comparison with the current draft, and restore as a new draft that editors in the
// room see arrive. Each test works on a fresh page, so its history is its own.
import assert from "node:assert/strict";
import { api, converge, newPage, openAs, waitForEditing } from "./browser.mjs";

/*
 * A page with three versions: the one it was created with (by the publisher), v1 (published) and
 * v2 (the current draft), both written by the editor.
 */
async function pageWithHistory({ browser, site, track }) {
  const a = await openAs(browser, site, "editor@example.test");
  const b = await openAs(browser, site, "publisher@example.test");
  track(a.context);
  track(b.context);
  const { id, path } = await newPage(b.context, site, { title: "First title", body: "<p>First words</p>" });
  const v1 = (await api(a.context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "Old title", body: "<p>Old <strong>bold</strong> words here</p>" })).versionId;
  await api(b.context, site, "POST", `/api/cms/pages/${id}/publish`, { versionId: v1 });
  const v2 = (await api(a.context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "New title", body: "<p>New words here</p>" })).versionId;
  return { a: a.page, b: b.page, publisher: b.context, id, path, v1, v2 };
}

export const tests = [
  {
    name: "history: versions with author, time and state; a readable comparison; restore reaches the other editor live",
    async run(ctx) {
      const { a, b, path, v1, v2 } = await pageWithHistory(ctx);
      const chunks = [];
      a.on("request", (request) => {
        if (/\/cms-client\/chunks\/history-/.test(request.url())) chunks.push(request.url());
      });
      await Promise.all([a.goto(path), b.goto(path)]);
      await Promise.all([waitForEditing(a), waitForEditing(b)]);
      assert.equal(await a.evaluate(() => window.louise.mode()), "live");
      assert.deepEqual(chunks, [], "the history chunk is not loaded before it is asked for");

      await a.getByRole("button", { name: "Page history" }).click();
      const dialog = a.getByRole("dialog", { name: "Page history" });
      await dialog.waitFor();
      assert.equal(chunks.length, 1, "opening History loads its own chunk");
      const versions = dialog.getByRole("list", { name: "Versions, newest first" }).getByRole("button");
      await versions.first().waitFor();
      const rows = await versions.allTextContents();
      assert.equal(rows.length, 3, JSON.stringify(rows));
      assert.match(rows[0], new RegExp(`^Version ${v2} \\(current draft\\) Draft · Eddie Editor · \\w+`));
      assert.match(rows[1], new RegExp(`^Version ${v1} Published · Eddie Editor · \\w+`));
      assert.match(rows[2], /^Version \d+ Earlier · Pat Publisher · \w+/);

      await versions.nth(1).click();
      const comparison = dialog.getByRole("region", { name: "Comparison with the current draft" });
      await comparison.getByRole("heading", { name: `Version ${v1} compared with the current draft` }).waitFor();
      const title = comparison.locator("figure", { hasText: "title" }).first();
      assert.deepEqual(await title.locator("del").allTextContents(), [" [in this version: Old] "]);
      assert.deepEqual(await title.locator("ins").allTextContents(), [" [in the current draft: New] "]);
      const body = await comparison.locator("figure", { hasText: "body" }).textContent();
      assert.ok(!/[<>]/.test(body), `rich text is compared as text, not HTML: ${body}`);
      assert.ok(body.includes("bold") && body.includes("words here"), body);

      await comparison.getByRole("button", { name: `Restore version ${v1} as a new draft` }).click();
      await dialog.getByText(`Version ${v1} restored as a new draft.`).waitFor();
      const titleOf = (page) => page.locator("h1[data-cms-field]").textContent();
      await converge([a, b], titleOf, "Old title");
      const after = await versions.allTextContents();
      assert.equal(after.length, 4);
      assert.match(after[0], /\(current draft\) Draft · Eddie Editor/);
      // The panel shows the new state: the restored version is now the same as the draft.
      await comparison.getByText("Same content as the current draft.").waitFor();
      assert.equal(await comparison.getByRole("button", { name: `Restore version ${v1} as a new draft` }).isDisabled(), true);
      // The restorer is not told their own restore came from outside; the other editor may be.
      await b.waitForFunction(() => window.__statuses.some((s) => s.includes("from outside this page")));
      await a.waitForTimeout(300);
      const told = await a.evaluate(() => window.__statuses.filter((s) => s.includes("from outside")));
      assert.deepEqual(told, [], "the restorer's own write is recognised");
    },
  },
  {
    name: "history: the comparison shows a word made bold and a link's changed address",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const { id, path } = await newPage(context, site, { title: "Formats", body: '<p>Read <a href="https://a.example/">the guide</a> now</p>' });
      await api(context, site, "POST", `/api/cms/pages/${id}/versions`, { body: '<p>Read <a href="https://b.example/">the guide</a> <strong>now</strong></p>' });
      await page.goto(path);
      await waitForEditing(page);
      await page.getByRole("button", { name: "Page history" }).click();
      const dialog = page.getByRole("dialog", { name: "Page history" });
      const versions = dialog.getByRole("list", { name: "Versions, newest first" }).getByRole("button");
      await versions.nth(1).click();
      const body = dialog.getByRole("region", { name: "Comparison with the current draft" }).locator("figure", { hasText: "body" });
      await body.waitFor();
      assert.deepEqual(await body.locator("del").allTextContents(), [" [in this version: the guide (link to https://a.example/)] ", " [in this version: now] "]);
      assert.deepEqual(await body.locator("ins").allTextContents(), [" [in the current draft: the guide (link to https://b.example/)] ", " [in the current draft: now (bold)] "]);
      assert.equal(await body.locator("ins strong").textContent(), "now", "the bold word is shown bold");
    },
  },
  {
    name: "history: a scheduled publish is marked, older versions page in, and without a room a restore reloads the page",
    async run(ctx) {
      const { a, publisher, path, id, v1 } = await pageWithHistory(ctx);
      // More versions than one page of the list (20): the oldest come in on request.
      let newest;
      for (let i = 1; i <= 20; i++) newest = (await api(publisher, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: `New title ${i}` })).versionId;
      await api(publisher, ctx.site, "POST", `/api/cms/pages/${id}/publish`, { at: "2099-01-01T09:00:00Z" });
      await a.goto(`${path}?rest`);
      await waitForEditing(a);
      await a.getByRole("button", { name: "Page history" }).click();
      const dialog = a.getByRole("dialog", { name: "Page history" });
      const rows = dialog.getByRole("list", { name: "Versions, newest first" }).getByRole("button");
      await rows.first().waitFor();
      assert.match(await rows.first().textContent(), new RegExp(`^Version ${newest} \\(current draft\\) Scheduled · Pat Publisher · .* · goes live `));
      assert.equal(await rows.count(), 20);
      await dialog.getByRole("button", { name: "Show older versions" }).click();
      await rows.nth(22).waitFor();
      // 20 saved here and three from pageWithHistory.
      assert.equal(await rows.count(), 23);
      assert.equal(await dialog.getByRole("button", { name: "Show older versions" }).isHidden(), true);
      await rows.filter({ hasText: `Version ${v1} ` }).click();
      await Promise.all([a.waitForEvent("load"), dialog.getByRole("button", { name: /^Restore version/ }).click()]);
      await waitForEditing(a);
      assert.equal(await a.locator("h1[data-cms-field]").textContent(), "Old title");
    },
  },
];
