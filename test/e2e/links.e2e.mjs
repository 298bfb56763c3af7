// Links (issue 23, item 2; issue 26, item 2): the editor's own link dialog adds, edits and removes
// links, turns `example.com` into `https://example.com`, offers the site's pages, and refuses
// what the room's guard would refuse, so an unsafe address never wedges a live session.
import assert from "node:assert/strict";
import { converge, newPage, openAs, textWithoutCarets, twoEditors } from "./browser.mjs";
import { draftBody, publishedBody, richPage } from "./rich-page.mjs";

const linkDialog = (page) => page.getByRole("dialog", { name: "Link" });

/** Selects the last `count` characters of the paragraph holding `text`. */
async function selectEnd(editor, text, count) {
  await editor.getByText(text).click();
  await editor.page().keyboard.press("End");
  for (let i = 0; i < count; i++) await editor.page().keyboard.press("Shift+ArrowLeft");
}

async function openLink(field) {
  await field.getByRole("button", { name: "Link", exact: true }).click();
  const dialog = linkDialog(field.page());
  await dialog.waitFor();
  return dialog;
}

export const tests = [
  {
    name: "links: example.com becomes https://example.com; a link is edited in its filled dialog, then removed",
    async run(ctx) {
      const { context, page, id, path, field, editor } = await richPage(ctx, "<p>Visit us today</p>");
      // The browser's prompt() is not the link dialog: count any call.
      await page.evaluate(() => ((window.__prompts = 0), (window.prompt = () => (window.__prompts++, null))));
      await selectEnd(editor, "Visit us today", 5);
      let dialog = await openLink(field);
      assert.equal(await dialog.getByRole("button", { name: "Remove link" }).count(), 0, "nothing to remove on a new link");
      await dialog.getByLabel("Address").fill("example.com/contact");
      await dialog.getByRole("button", { name: "Add link" }).click();
      await dialog.waitFor({ state: "detached" });
      await draftBody(context, ctx.site, id, (body) => body === '<p>Visit us <a href="https://example.com/contact">today</a></p>');

      await editor.getByRole("link", { name: "today" }).click();
      dialog = await openLink(field);
      assert.equal(await dialog.getByLabel("Address").inputValue(), "https://example.com/contact", "the dialog opens filled");
      await dialog.getByLabel("Address").fill("hello@example.com");
      await dialog.getByRole("button", { name: "Save link" }).click();
      await draftBody(context, ctx.site, id, (body) => body === '<p>Visit us <a href="mailto:hello@example.com">today</a></p>');

      await editor.getByRole("link", { name: "today" }).click();
      dialog = await openLink(field);
      await dialog.getByLabel("Address").fill("tel:+15550100");
      await dialog.getByRole("button", { name: "Save link" }).click();
      await draftBody(context, ctx.site, id, (body) => body === '<p>Visit us <a href="tel:+15550100">today</a></p>');
      assert.equal(await publishedBody(ctx, context, id, path), '<p>Visit us <a href="tel:+15550100">today</a></p>');

      await editor.getByRole("link", { name: "today" }).click();
      dialog = await openLink(field);
      await dialog.getByRole("button", { name: "Remove link" }).click();
      await draftBody(context, ctx.site, id, (body) => body === "<p>Visit us today</p>");
      assert.equal(await page.evaluate(() => window.__prompts), 0);
    },
  },
  {
    name: "links: the page picker links a page of the site; with nothing selected the dialog asks for the text",
    async run(ctx) {
      const { context, id, field, editor } = await richPage(ctx, "<p>Read more: </p>");
      await editor.getByText("Read more:").click();
      await editor.page().keyboard.press("End");
      const dialog = await openLink(field);
      const picker = dialog.getByLabel("Or link to a page of this site");
      await picker.locator("option", { hasText: "About us (/about)" }).waitFor({ state: "attached" });
      await picker.selectOption("/about");
      assert.equal(await dialog.getByLabel("Address").inputValue(), "/about");
      await dialog.getByLabel("Text to show").fill("about us");
      await dialog.getByRole("button", { name: "Add link" }).click();
      await draftBody(context, ctx.site, id, (body) => body === '<p>Read more: <a href="/about">about us</a></p>');
    },
  },
  {
    name: "links: javascript: in any disguise is refused in the dialog with a message; the other editor keeps receiving edits, no reconnect",
    async run(ctx) {
      const setup = await openAs(ctx.browser, ctx.site, "publisher@example.test");
      ctx.track(setup.context);
      const { id, path } = await newPage(setup.context, ctx.site, { title: "Links", body: "<p>Click here</p>" });
      const { a, b } = await twoEditors(ctx, path);
      const sockets = [];
      a.on("websocket", (socket) => sockets.push(socket.url()));
      const fieldOf = (page) => page.locator(`[data-cms-field="pages:${id}:body"]`);
      const editorA = fieldOf(a).locator(".ProseMirror");
      await selectEnd(editorA, "Click here", 4);
      const dialog = await openLink(fieldOf(a));
      for (const unsafe of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "jav&#x09;ascript:alert(1)", "\u0001javascript:alert(1)", " java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x"]) {
        await dialog.getByLabel("Address").fill(unsafe);
        await dialog.getByRole("button", { name: "Add link" }).click();
        await dialog.getByRole("status").filter({ hasText: "That address cannot be used" }).waitFor();
        assert.equal(await dialog.getByLabel("Address").getAttribute("aria-invalid"), "true", unsafe);
        assert.equal(await dialog.isVisible(), true, `the dialog stays open for ${JSON.stringify(unsafe)}`);
      }
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal(await editorA.locator("a").count(), 0, "no link was written");

      await editorA.getByText("Click here").click();
      await a.keyboard.press("End");
      await a.keyboard.type(" now", { delay: 20 });
      const text = (page) => textWithoutCarets(fieldOf(page).locator(".ProseMirror p").first());
      await converge([a, b], text, "Click here now");
      await a.waitForTimeout(1000);
      assert.equal(await a.evaluate(() => window.louise.mode()), "live");
      assert.deepEqual(sockets, [], "the editor never reconnected");
      await draftBody(setup.context, ctx.site, id, (body) => body === "<p>Click here now</p>");
    },
  },
];
