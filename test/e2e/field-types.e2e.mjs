// Typed fields (issue 24, item 1): each editor the declaration asks for (a number with its unit, a
// switch, the date and date-time pickers, a select of labelled options, a URL normalized like a
// link, a slug checked as typed) saves the stored value through inline save, and a value that is
// none is marked invalid in place and never sent.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { api, openAs, recordSaves, waitForEditing } from "./browser.mjs";

/** The newest draft of course `id`, waited for until `test` accepts it. */
async function draftOf(context, site, id, test, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let data;
  while (Date.now() < deadline) {
    const { items } = await api(context, site, "GET", `/api/cms/courses/${id}/versions?limit=1`);
    data = items[0]?.versionData;
    if (data && test(data)) return data;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the course draft never matched; last: ${JSON.stringify(data)}`);
}

export const tests = [
  {
    name: "field types: number with unit, switch, date and date-time pickers, select, url and slug editors save typed values",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const slug = `typed-${Date.now().toString(36)}`;
      const { id } = await api(context, site, "POST", "/api/cms/courses", { slug, title: "Typed fields", price: 10, level: "beginner" });
      const saves = recordSaves(page);
      await page.goto(`/courses/${slug}`);
      await waitForEditing(page);

      const price = page.getByRole("spinbutton", { name: "Edit price (EUR)" });
      assert.equal(await price.inputValue(), "10", "the editor starts from the stored value");
      assert.equal((await page.locator(".cms-value-number .cms-unit").textContent())?.trim(), "EUR", "the unit is shown beside the number");
      await price.fill("15.5");
      await price.press("Tab");

      const free = page.getByRole("switch", { name: "Edit free" });
      assert.equal(await free.getAttribute("aria-checked"), "false");
      await free.click();
      assert.equal(await free.getAttribute("aria-checked"), "true");

      await page.getByLabel("Edit day").fill("2026-12-24");
      const startsAt = page.getByLabel("Edit startsAt");
      assert.equal(await startsAt.getAttribute("type"), "datetime-local", "the browser's own picker");
      await startsAt.fill("2026-12-24T19:30");
      await startsAt.press("Tab");
      const startsIso = await page.evaluate(() => new Date("2026-12-24T19:30").toISOString());

      const level = page.getByRole("combobox", { name: "Edit level" });
      assert.deepEqual(await level.locator("option").allTextContents(), ["—", "Beginner", "Intermediate", "Advanced"], "the declared options, by label");
      await level.selectOption({ label: "Intermediate" });

      const link = page.getByLabel("Edit link");
      await link.fill("example.org/tickets");
      await link.press("Tab");
      assert.equal(await link.inputValue(), "https://example.org/tickets", "a bare host gains https:// as in the link dialog");

      const slugInput = page.getByLabel("Edit slug");
      const sentBefore = saves.length;
      await slugInput.fill("Not A Slug");
      await slugInput.press("Tab");
      assert.equal(await slugInput.getAttribute("aria-invalid"), "true");
      await page.getByText("Use lowercase letters and digits joined by hyphens").waitFor();
      await slugInput.fill(`${slug}-2`);
      await slugInput.press("Tab");
      assert.equal(await slugInput.getAttribute("aria-invalid"), null);

      const draft = await draftOf(context, site, id, (data) => data.slug === `${slug}-2` && data.link !== null && data.level === "intermediate");
      assert.deepEqual(
        { price: draft.price, free: draft.free, day: draft.day, startsAt: draft.startsAt, level: draft.level, link: draft.link, slug: draft.slug },
        { price: 15.5, free: true, day: "2026-12-24", startsAt: startsIso, level: "intermediate", link: "https://example.org/tickets", slug: `${slug}-2` },
      );
      assert.ok(!saves.slice(sentBefore).some((save) => save.body.value === "Not A Slug"), "an invalid slug is never sent");
      assert.deepEqual(await seriousViolations(page), []);
    },
  },
];
