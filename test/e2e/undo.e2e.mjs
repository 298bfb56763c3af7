// Undo and redo of one's own edits (issue 17, item 2): in every field kind, live or not, never
// taking back what another editor typed.
import assert from "node:assert/strict";
import { converge, describeImage, newPage, openAs, request, textWithoutCarets, twoEditors, twoEditorsOnNewPage, waitForEditing } from "./browser.mjs";
import { tinyPng } from "./png.mjs";

/* Uploads a picture as the signed-in user of `context`; resolves its public URL. */
async function upload(context, site) {
  const response = await request(context, "/api/cms/upload", { method: "POST", data: tinyPng(), headers: { origin: site.origin, "content-type": "image/png" } });
  if (!response.ok()) throw new Error(`upload answered ${response.status()}`);
  return (await response.json()).url;
}

async function typeAtEnd(page, selector, text) {
  await page.locator(selector).click();
  // The end of the text: End alone stops at the end of a wrapped line.
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

export const tests = [
  {
    name: "undo: in a live plain field, Ctrl+Z takes back only one's own typing, Ctrl+Y brings it back",
    async run(ctx) {
      // A page of their own: nothing another test left in a shared page's room reaches the undo stacks.
      const { a, b, id } = await twoEditorsOnNewPage(ctx, { title: "Undo live title" });
      const titleField = `h1[data-cms-field="pages:${id}:title"]`;
      const titleOf = (page) => page.locator(titleField).textContent();
      const start = await titleOf(a);
      await typeAtEnd(a, titleField, " AAA");
      await converge([a, b], titleOf, `${start} AAA`);
      await typeAtEnd(b, titleField, " BBB");
      await converge([a, b], titleOf, `${start} AAA BBB`);
      await a.locator(titleField).focus();
      await a.keyboard.press("Control+z");
      await converge([a, b], titleOf, `${start} BBB`);
      await a.keyboard.press("Control+y");
      await converge([a, b], titleOf, `${start} AAA BBB`);
      // B's own undo takes back B's typing and leaves A's.
      await b.locator(titleField).focus();
      await b.keyboard.press("Control+z");
      await converge([a, b], titleOf, `${start} AAA`);
      await b.keyboard.press("Control+Shift+z");
      await converge([a, b], titleOf, `${start} AAA BBB`);
    },
  },
  {
    name: "undo: in live rich text, Ctrl+Z takes back only one's own typing",
    async run(ctx) {
      const { a, b, id } = await twoEditorsOnNewPage(ctx, { title: "Undo live body", body: "<p>Opening hours</p>" });
      const paragraph = `[data-cms-field="pages:${id}:body"] .ProseMirror p`;
      const bodyText = (page) => textWithoutCarets(page.locator(paragraph).first());
      const start = await bodyText(a);
      await a.locator(paragraph).first().click();
      await a.keyboard.press("End");
      await a.keyboard.type(" AAA");
      await converge([a, b], bodyText, `${start} AAA`);
      await b.locator(paragraph).first().click();
      await b.keyboard.press("End");
      await b.keyboard.type(" BBB");
      await converge([a, b], bodyText, `${start} AAA BBB`);
      await a.locator(paragraph).first().click();
      await a.keyboard.press("Control+z");
      await converge([a, b], bodyText, `${start} BBB`);
    },
  },
  {
    name: "undo: a live section heading (structured field) undoes and redoes with the bar's buttons",
    async run(ctx) {
      const { a, b, id } = await twoEditorsOnNewPage(ctx, { title: "Undo live heading", sections: [{ type: "hero", heading: "Welcome in" }] });
      const heading = `[data-cms-field="pages:${id}:sections.0.heading"]`;
      const read = (page) => page.locator(heading).textContent();
      const start = await read(a);
      await typeAtEnd(a, heading, " new");
      await converge([a, b], read, `${start} new`);
      const undo = a.getByRole("button", { name: "Undo your last edit" });
      const redo = a.getByRole("button", { name: "Redo" });
      assert.equal(await redo.isDisabled(), true, "nothing to redo yet");
      await undo.click();
      await converge([a, b], read, start);
      await redo.click();
      await converge([a, b], read, `${start} new`);
    },
  },
  {
    name: "undo: without a room, plain and rich fields undo by key and by button, and the undone value is saved",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      // A page of its own: what live editors left on the about page is not this test's subject.
      const { id, path } = await newPage(context, site, { title: "Undo without a room", body: "<p>Body text</p>" });
      const title = `h1[data-cms-field="pages:${id}:title"]`;
      await page.goto(`${path}?rest`);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "rest");
      const titleText = () => page.locator(title).textContent();
      const start = await titleText();
      await typeAtEnd(page, title, " one");
      await page.waitForTimeout(700);
      await page.keyboard.type(" two");
      await page.keyboard.press("Control+z");
      assert.equal(await titleText(), `${start} one`);
      await page.getByRole("button", { name: "Undo your last edit" }).click();
      assert.equal(await titleText(), start);
      await page.getByRole("button", { name: "Redo" }).click();
      assert.equal(await titleText(), `${start} one`);
      await page.evaluate(() => window.louise.flush());

      const paragraph = page.locator(`[data-cms-field="pages:${id}:body"] .ProseMirror p`).first();
      const rich = await paragraph.textContent();
      await paragraph.click();
      await page.keyboard.press("End");
      await page.keyboard.type(" rich");
      assert.equal(await paragraph.textContent(), `${rich} rich`);
      await page.keyboard.press("Control+z");
      assert.equal(await paragraph.textContent(), rich);
      await page.evaluate(() => window.louise.flush());
      await page.reload();
      await waitForEditing(page);
      assert.equal(await titleText(), `${start} one`, "the redone title was saved");
    },
  },
  {
    name: "undo: a live image field (a section's picture) undoes by key and redoes by button, on both editors",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const owner = await openAs(browser, site, "publisher@example.test");
      track(owner.context);
      const [first, second] = [await upload(owner.context, site), await upload(owner.context, site)];
      const { path } = await newPage(owner.context, site, { title: "Gallery", sections: [{ type: "hero", heading: "Look", image: { src: first, alt: "First" } }] });
      const { a, b } = await twoEditors(ctx, path);
      const picture = (page) => page.locator('img[data-cms-type="image"]').getAttribute("src");
      await converge([a, b], picture, first);

      await a.getByRole("button", { name: "Change image: sections 1 image" }).click();
      const dialog = a.getByRole("dialog", { name: "Insert image" });
      await dialog.locator(`li button:has(img[src="${second}"])`).click();
      await describeImage(a, "Second");
      await converge([a, b], picture, second);
      // History keys pressed on an image field's Change image button act on that field.
      await a.getByRole("button", { name: "Change image: sections 1 image" }).focus();
      await a.keyboard.press("Control+z");
      await converge([a, b], picture, first);
      await a.getByRole("button", { name: "Redo" }).click();
      await converge([a, b], picture, second);
    },
  },
  {
    name: "undo: the bar's Undo and Redo follow the order of one's own edits across fields, live and without a room",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      for (const mode of ["live", "rest"]) {
        const { id, path } = await newPage(context, site, { title: "Order", body: "<p>Body</p>" });
        await page.goto(mode === "rest" ? `${path}?rest` : path);
        await waitForEditing(page);
        assert.equal(await page.evaluate(() => window.louise.mode()), mode);
        const title = `h1[data-cms-field="pages:${id}:title"]`;
        const paragraph = `[data-cms-field="pages:${id}:body"] .ProseMirror p`;
        const both = async () => `${await page.locator(title).textContent()}|${await page.locator(paragraph).first().textContent()}`;
        const expect = async (value, what) => {
          for (let i = 0; i < 40 && (await both()) !== value; i++) await page.waitForTimeout(50);
          assert.equal(await both(), value, `${mode}: ${what}`);
        };
        await typeAtEnd(page, title, " ONE");
        await typeAtEnd(page, paragraph, " TWO");
        await typeAtEnd(page, title, " THREE");
        await expect("Order ONE THREE|Body TWO", "typed");
        const undo = page.getByRole("button", { name: "Undo your last edit" });
        const redo = page.getByRole("button", { name: "Redo" });
        await undo.click();
        await expect("Order ONE|Body TWO", "the first Undo takes back THREE");
        await undo.click();
        await expect("Order ONE|Body", "the second takes back TWO");
        await undo.click();
        await expect("Order|Body", "the third takes back ONE");
        assert.equal(await undo.isDisabled(), true, `${mode}: nothing left to undo`);
        await redo.click();
        await expect("Order ONE|Body", "Redo brings back ONE");
        await redo.click();
        await expect("Order ONE|Body TWO", "then TWO");
        await redo.click();
        await expect("Order ONE THREE|Body TWO", "then THREE");
        assert.equal(await redo.isDisabled(), true, `${mode}: nothing left to redo`);
        await page.evaluate(() => window.louise.flush());
      }
    },
  },
];
