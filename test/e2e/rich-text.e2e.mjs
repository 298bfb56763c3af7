// Rich text as editors expect (issue 23, item 1): the toolbar's block buttons and the markdown
// shortcuts reach the draft and the published page, Tab nests list items, paste from Word and
// Google Docs is normalized to the schema, and the toolbar stays in view in a long field.
import assert from "node:assert/strict";
import { draftBody, fixture, pasteHtml, publishedBody, richPage } from "./rich-page.mjs";

/** Pastes a saved clipboard into an empty field; resolves the draft once it holds `last` (the image note shown). */
async function pastedDraft(ctx, name, last) {
  const { context, page, id, editor, field } = await richPage(ctx, "<p></p>");
  await editor.click();
  await pasteHtml(page, fixture(name));
  await field.getByRole("status").filter({ hasText: "1 pasted image was left out" }).waitFor();
  return draftBody(context, ctx.site, id, (html) => html.includes(last));
}

const pressed = (field, name) => field.getByRole("button", { name, exact: true }).getAttribute("aria-pressed");

export const tests = [
  {
    name: "rich text: Heading, Bulleted list, Numbered list and Quote reach the draft and the published page",
    async run(ctx) {
      const { context, page, id, path, field, editor } = await richPage(ctx, "<p>One</p><p>Two</p><p>Three</p><p>Four</p>");
      const toolbar = field.getByRole("toolbar");
      for (const [text, button] of [["One", "Heading"], ["Two", "Bulleted list"], ["Three", "Numbered list"], ["Four", "Quote"]]) {
        await editor.getByText(text, { exact: true }).click();
        await toolbar.getByRole("button", { name: button, exact: true }).click();
        assert.equal(await pressed(field, button), "true", `${button} shows it applies`);
      }
      await editor.getByText("Two", { exact: true }).click();
      assert.equal(await pressed(field, "Heading"), "false");
      const expected = "<h2>One</h2><ul><li><p>Two</p></li></ul><ol><li><p>Three</p></li></ol><blockquote><p>Four</p></blockquote>";
      await draftBody(context, ctx.site, id, (body) => body === expected);
      assert.equal(await publishedBody(ctx, context, id, path), expected);

      // Pressed again, each one takes its block back (the heading steps down a level first).
      await editor.getByText("One", { exact: true }).click();
      await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
      for (const [text, button] of [["Two", "Bulleted list"], ["Three", "Numbered list"], ["Four", "Quote"]]) {
        await editor.getByText(text, { exact: true }).click();
        await toolbar.getByRole("button", { name: button, exact: true }).click();
      }
      await draftBody(context, ctx.site, id, (body) => body === "<h3>One</h3><p>Two</p><p>Three</p><p>Four</p>");
    },
  },
  {
    name: "rich text: markdown shortcuts and Tab / Shift+Tab build headings, nested lists and quotes",
    async run(ctx) {
      const { context, page, id, path, editor } = await richPage(ctx, "<p></p>");
      await editor.click();
      const type = (text) => page.keyboard.type(text, { delay: 10 });
      await type("## Intro");
      await page.keyboard.press("Enter");
      await type("- Apples");
      await page.keyboard.press("Enter");
      await type("Pears");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Shift+Tab");
      await type("Plums");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await type("1. First");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await type("> Quoted");
      const expected =
        "<h2>Intro</h2><ul><li><p>Apples</p><ul><li><p>Pears</p></li></ul></li><li><p>Plums</p></li></ul><ol><li><p>First</p></li></ol><blockquote><p>Quoted</p></blockquote>";
      await draftBody(context, ctx.site, id, (body) => body === expected);
      assert.equal(await publishedBody(ctx, context, id, path), expected);
      assert.equal(await editor.evaluate((el) => el.contains(document.activeElement) || el === document.activeElement), true, "Tab in a list keeps the focus in the editor");
    },
  },
  {
    name: "rich text: a Word clipboard pastes as demoted headings, real nested lists and table rows, without its local image",
    async run(ctx) {
      const body = await pastedDraft(ctx, "word.html", "See you soon.");
      assert.equal(
        body,
        "<h2>Opening hours</h2><p>We open at <strong>ten</strong> on weekdays and at <em>noon</em> on Sundays.</p><h3>What to bring</h3>" +
          "<ul><li><p>A towel</p><ul><li><p>A big one</p></li></ul></li><li><p>Sun cream</p></li></ul><p>Then:</p>" +
          "<ol><li><p>Book a slot</p></li><li><p>Arrive early</p></li></ol><p><strong>Day</strong> · <strong>Hours</strong></p><p>Monday · 10–18</p><p>See you soon.</p>",
      );
    },
  },
  {
    name: "rich text: a Google Docs clipboard pastes without its bold wrapper, with marks, nested lists, table rows and its link, without its remote image",
    async run(ctx) {
      const body = await pastedDraft(ctx, "google-docs.html", "the full menu");
      assert.doesNotMatch(body, /googleusercontent|<img|<u>|<h1>/);
      assert.equal(
        body,
        "<h2>Spring menu</h2><p>Fresh from the market: <strong>asparagus</strong> and <em>peas</em>.</p><h3>Starters</h3>" +
          "<ul><li><p>Soup</p><ul><li><p>Green pea</p></li></ul></li><li><p>Salad</p></li></ul><ol><li><p>Order at the counter</p></li><li><p>Pay</p></li></ol>" +
          '<p>Dish · Price</p><p>Soup · €6</p><p>See <a href="https://example.com/menu">the full menu</a>.</p>',
      );
    },
  },
  {
    name: "rich text: after a 400-paragraph paste the toolbar stays in view at the end of the field",
    async run(ctx) {
      const { page, field, editor } = await richPage(ctx, "<p></p>");
      await editor.click();
      await pasteHtml(page, Array.from({ length: 400 }, (_, i) => `<p>Paragraph ${i + 1}</p>`).join(""));
      await editor.getByText("Paragraph 400", { exact: true }).click();
      await page.keyboard.type(" end");
      const viewport = page.viewportSize();
      assert.ok((await page.evaluate(() => window.scrollY)) > 2000, "the page scrolled down the long field");
      const box = await field.getByRole("toolbar").boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `toolbar in view: ${JSON.stringify(box)}`);
      await field.getByRole("button", { name: "Bold", exact: true }).click({ trial: true });
    },
  },
  {
    name: "rich text: nesting past the room's limit is refused in the editor with a note; the session stays live and later edits are saved",
    async run(ctx) {
      const { context, page, id, field, editor } = await richPage(ctx, "<p></p><p>last</p>");
      const sockets = [];
      page.on("websocket", (socket) => sockets.push(socket.url()));
      await editor.locator("p").first().click();
      await page.keyboard.type("- 0");
      // A top-level item's text is at level 4 and each Tab nests it two levels deeper: 30 fit under 64.
      for (let level = 1; level <= 31; level++) {
        await page.keyboard.press("Enter");
        await page.keyboard.press("Tab");
        await page.keyboard.type(String(level));
      }
      await field.getByRole("status").filter({ hasText: "Not changed: it would nest deeper than 64 levels." }).waitFor();
      assert.equal(await editor.locator("ul").count(), 31, "the 31st Tab did not nest");
      assert.equal(await editor.getByText("Not changed").count(), 0, "the note is outside the document");

      await page.keyboard.type(" more");
      await draftBody(context, ctx.site, id, (body) => body.includes("<li><p>30</p></li><li><p>31 more</p></li></ul>") && body.endsWith("</ul><p>last</p>"));
      assert.equal(await page.evaluate(() => window.louise.mode()), "live");
      assert.deepEqual(sockets, [], "the editor never reconnected");
    },
  },
];
