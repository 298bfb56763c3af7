// Typed section fields (issue 24, item 1): a call to action's link (`url`) and style (`select`)
// get the form controls a collection's typed fields get, bound to the section's entry in the room:
// one editor's choice reaches the other live, publishing puts it on the visitor's page, and an
// address the URL rule refuses is marked in place and never sent.
import assert from "node:assert/strict";
import { converge, newPage, openAs, recordSaves, twoEditors, waitForStatus } from "./browser.mjs";

const CTA = { type: "cta", label: "Book a class", href: "/courses/pottery-basics", style: "primary" };

export const tests = [
  {
    name: "section fields: a call to action's link and style edited live, published, and shown to visitors",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const setup = await openAs(browser, site, "publisher@example.test");
      track(setup.context);
      const { path } = await newPage(setup.context, site, { title: "Classes", sections: [CTA] });
      const { a, b } = await twoEditors(ctx, path);
      const saves = recordSaves(a);
      const style = (page) => page.getByRole("combobox", { name: "Edit sections 1 style" });
      const link = (page) => page.getByLabel("Edit sections 1 href");

      assert.deepEqual(await style(a).locator("option").allTextContents(), ["—", "Primary", "Secondary"], "the declared options, by label");
      assert.equal(await style(a).inputValue(), "primary", "the editor starts from the stored value");
      assert.equal(await link(a).inputValue(), "/courses/pottery-basics");

      await style(a).selectOption({ label: "Secondary" });
      await converge([b], (page) => style(page).inputValue(), "secondary");

      await link(a).fill("example.org/book");
      await link(a).press("Tab");
      assert.equal(await link(a).inputValue(), "https://example.org/book", "a bare host gains https:// as in the link dialog");
      await converge([b], (page) => link(page).inputValue(), "https://example.org/book");

      await link(a).fill("javascript:alert(1)");
      await link(a).press("Tab");
      assert.equal(await link(a).getAttribute("aria-invalid"), "true");
      await a.locator(".cms-value-problem:not([hidden])").waitFor();
      await b.waitForTimeout(800);
      assert.equal(await link(b).inputValue(), "https://example.org/book", "the refused address never reaches the other editor");
      assert.equal(await a.evaluate(() => window.louise.mode()), "live", "the room never saw it, so never closed the editor");
      assert.deepEqual(saves, [], "edits go through the room, not inline save");

      await b.getByRole("button", { name: "Publish this page" }).click();
      await b.getByRole("dialog", { name: "Publish" }).getByRole("button", { name: "Publish now" }).click();
      await waitForStatus(b, "Published", 20_000);

      const visitor = await openAs(browser, site);
      track(visitor.context);
      await visitor.page.goto(path);
      const section = visitor.page.locator("section.cta");
      assert.equal(await section.getAttribute("class"), "cta cta-secondary");
      const button = section.getByRole("link", { name: "Book a class" });
      assert.equal(await button.getAttribute("href"), "https://example.org/book");
      assert.equal(await visitor.page.locator("[data-cms-field]").count(), 0);
    },
  },
  {
    name: "section fields: a call to action added live gets its typed editors on both pages",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const setup = await openAs(browser, site, "publisher@example.test");
      track(setup.context);
      const { path } = await newPage(setup.context, site, { title: "Added", sections: [] });
      const { a, b } = await twoEditors(ctx, path);
      await a.getByRole("button", { name: "Add section", exact: true }).click();
      await a.getByRole("dialog", { name: "Add section" }).getByRole("button", { name: "Call to action", exact: true }).click();
      const style = (page) => page.getByRole("combobox", { name: "Edit sections 1 style" });
      const link = (page) => page.getByLabel("Edit sections 1 href");
      await style(b).waitFor({ timeout: 10_000 });
      assert.equal(await style(a).inputValue(), "", "a new entry starts with no style");
      await style(a).selectOption({ label: "Primary" });
      await link(a).fill("/contact");
      await link(a).press("Tab");
      await converge([b], (page) => style(page).inputValue(), "primary");
      await converge([b], (page) => link(page).inputValue(), "/contact");
      await style(b).selectOption({ label: "Secondary" });
      await converge([a], (page) => style(page).inputValue(), "secondary");
    },
  },
];
