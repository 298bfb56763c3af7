// Journey (issue 33, item 12): an editor clicks a link in the body and gets the link's address with
// Edit and Remove under it, as in a word processor; and makes a sub-heading from the levels the site
// allows (the body takes h2–h4), not only the top one.
import assert from "node:assert/strict";
import { draftBody, richPage } from "../rich-page.mjs";

export const tests = [
  {
    name: "journey rich: clicking a link shows a popover with its address, Edit link and Remove link, which removes it",
    async run(ctx) {
      const { context, page, id, editor } = await richPage(ctx, '<p>Read <a href="https://example.com/guide">the guide</a> first.</p><p>Plain words</p>');
      const popover = page.getByRole("group", { name: "Link" });
      await editor.getByText("Plain words").click();
      assert.equal(await popover.isVisible(), false, "no popover outside a link");
      await editor.getByRole("link", { name: "the guide" }).click();
      await popover.waitFor();
      assert.equal(await popover.getByRole("link").getAttribute("href"), "https://example.com/guide");
      const [linkBox, popBox] = [await editor.getByRole("link", { name: "the guide" }).boundingBox(), await popover.boundingBox()];
      assert.ok(popBox.y >= linkBox.y + linkBox.height - 1, "the popover sits under the link");

      await popover.getByRole("button", { name: "Edit link" }).click();
      const dialog = page.getByRole("dialog", { name: "Link" });
      assert.equal(await dialog.getByLabel("Address").inputValue(), "https://example.com/guide", "Edit opens the filled link dialog");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      await editor.getByRole("link", { name: "the guide" }).click();
      await popover.getByRole("button", { name: "Remove link" }).click();
      await draftBody(context, ctx.site, id, (body) => body.startsWith("<p>Read the guide first.</p>"));
      await popover.waitFor({ state: "hidden" });
    },
  },
  {
    name: "journey rich: Heading offers every level the field allows, and a chosen level is what is saved",
    async run(ctx) {
      const { context, id, field, editor } = await richPage(ctx, "<p>Opening</p><p>Details</p>");
      const level = field.getByRole("combobox", { name: "Heading level" });
      await editor.getByText("Details").click();
      assert.deepEqual(await level.locator("option").allTextContents(), ["Paragraph", "Heading 2", "Heading 3", "Heading 4"]);
      assert.equal(await level.inputValue(), "0");
      await level.selectOption({ label: "Heading 3" });
      await draftBody(context, ctx.site, id, (body) => body === "<p>Opening</p><h3>Details</h3>");
      assert.equal(await level.inputValue(), "3", "the choice shows the level of the block at the caret");
      await editor.getByText("Opening").click();
      // The choice follows the caret once the editor has handled the click.
      await level.page().waitForFunction((select) => select.value === "0", await level.elementHandle(), { timeout: 5000 });
    },
  },
];
