// The Activity panel (issue 35, item 3): after an editor's live edit, a publisher opens Site
// activity from the edit bar and reads "Eddie Editor saved a draft of <page>" with a link to the
// page; filters by person, page and kind; no serious or critical axe violation; it fits a phone.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { barAction, newPage, openAs, waitForEditing, waitForStatus } from "./browser.mjs";

const PHONE = { width: 390, height: 844 };

/* The panel's rows as their text, newest first. */
const rowsOf = (dialog) => dialog.getByRole("list", { name: "Activity, newest first" }).getByRole("listitem");

export const tests = [
  {
    name: "activity: a publisher sees who saved a draft of which page, with its link, filters it, and an editor has no panel",
    async run({ browser, site, track }) {
      const stamp = Date.now().toString(36);
      const editor = await openAs(browser, site, "editor@example.test");
      track(editor.context);
      const { path } = await newPage(editor.context, site, { title: `Garden ${stamp}`, body: "<p>Roses</p>" });
      await editor.page.goto(path);
      await waitForEditing(editor.page);
      await editor.page.locator("h1[data-cms-field]").click();
      await editor.page.keyboard.press("End");
      await editor.page.keyboard.type(" notes");
      await waitForStatus(editor.page, "Draft saved", 20_000);
      // An editor has no publish right, so no activity panel.
      assert.equal(await editor.page.locator('.cms-bar button[data-cms-action="Site activity"]').count(), 0);
      // The room writes the draft when the last editor leaves.
      await editor.context.close();

      const publisher = await openAs(browser, site, "publisher@example.test");
      track(publisher.context);
      const { page } = publisher;
      await page.goto(path);
      await waitForEditing(page);
      const title = `Garden ${stamp} notes`;
      const dialog = page.getByRole("dialog", { name: "Activity" });
      const saved = rowsOf(dialog).filter({ hasText: `Eddie Editor saved a draft of ${title}` });
      // The draft row is written once the room has flushed: reopen until it is there.
      for (let attempt = 0; (await saved.count()) === 0; attempt += 1) {
        if (attempt > 0) {
          await dialog.getByRole("button", { name: "Close" }).click();
          await page.waitForTimeout(500);
        }
        assert.ok(attempt < 40, "the saved draft never reached the activity panel");
        await barAction(page, "Site activity");
        await rowsOf(dialog).first().or(dialog.getByText("No activity to show.")).waitFor();
      }
      const row = saved.first();
      assert.equal(await row.getByRole("link", { name: title }).getAttribute("href"), path);
      assert.match(await row.locator("time").getAttribute("datetime"), /^\d{4}-\d\d-\d\dT/);
      assert.deepEqual(await seriousViolations(page), []);

      await dialog.getByLabel("Kind").selectOption({ label: "Published" });
      await dialog.getByText("No activity to show.").or(rowsOf(dialog).filter({ hasText: " published " }).first()).waitFor();
      assert.equal(await rowsOf(dialog).filter({ hasText: "saved a draft of" }).count(), 0, "only publishes");
      await dialog.getByLabel("Kind").selectOption({ label: "Everything" });
      await dialog.getByLabel("Person").selectOption({ label: "Eddie Editor" });
      await dialog.getByLabel("Page").selectOption({ label: title });
      // The person filter's rows (sign-ins, other pages) stay until the page filter's answer replaces them.
      await page.waitForFunction(
        (page) => {
          const rows = [...document.querySelectorAll('[aria-label="Activity, newest first"] li p')];
          return rows.length > 0 && rows.every((row) => row.textContent.includes(page));
        },
        `Garden ${stamp}`,
      );
      const texts = await rowsOf(dialog).locator("p").allTextContents();
      assert.ok(texts.length > 0 && texts.every((text) => text.startsWith("Eddie Editor ") && text.includes(`Garden ${stamp}`)), texts.join(" | "));
    },
  },
  {
    name: "activity: the panel fits a 390 px phone, its filters are touch-sized, and Load more pages on",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test", { viewport: PHONE, hasTouch: true });
      track(context);
      const { path } = await newPage(context, site, { title: "Phone activity", body: "<p>Small</p>" });
      await page.goto(`${path}`);
      await waitForEditing(page);
      await page.route("**/api/cms/activity*", async (route) => {
        // Pages of one row, so Load more has something to do on any site.
        const url = new URL(route.request().url());
        url.searchParams.set("limit", "1");
        await route.continue({ url: url.href });
      });
      await barAction(page, "Site activity");
      const dialog = page.getByRole("dialog", { name: "Activity" });
      await rowsOf(dialog).first().waitFor();
      const box = await dialog.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the panel spans ${box?.x}–${(box?.x ?? 0) + (box?.width ?? 0)}`);
      for (const name of ["Person", "Page", "Kind"]) {
        const select = await dialog.getByLabel(name).boundingBox();
        assert.ok(select && select.height >= 44 && select.x >= 0 && select.x + select.width <= PHONE.width, `${name} is ${JSON.stringify(select)}`);
      }
      await dialog.getByRole("button", { name: "Load more" }).click();
      await rowsOf(dialog).nth(1).waitFor();
      assert.deepEqual(await seriousViolations(page), []);
    },
  },
];
