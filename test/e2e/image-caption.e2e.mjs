// Image captions and sizes (issue 23, item 3): the insert dialog asks for an optional caption and a
// size; with an image selected the toolbar offers "Image caption" (typed in place under the
// picture, Enter goes on below the figure, pressed again the caption goes) and "Image size"; both
// reach the visitor's page, and a second editor on the page sees the caption appear live.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { newPage, openAs, waitForEditing } from "./browser.mjs";
import { tinyPng } from "./png.mjs";
import { draftBody, publishedBody, richPage } from "./rich-page.mjs";

const PHONE = { width: 390, height: 844 };

/* Inserts an uploaded image described as "A red dot" where the cursor is, with the insert dialog's `caption` and `size`. */
async function insertImage(page, field, { caption = "", size = "Original size" } = {}) {
  await field.getByRole("button", { name: "Insert image" }).click();
  await page.getByRole("dialog", { name: "Insert image" }).locator("input[type=file]").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: tinyPng() });
  const describe = page.getByRole("dialog", { name: "Image description" });
  await describe.getByLabel(/^Description/).fill("A red dot");
  await describe.getByLabel(/^Caption/).fill(caption);
  await describe.getByLabel("Size").selectOption({ label: size });
  await describe.getByRole("button", { name: "Save description" }).click();
  await describe.waitFor({ state: "detached" });
}

export const tests = [
  {
    name: "image caption: added and typed in place, sized, published as a figure, seen live by a second editor, and removed",
    async run(ctx) {
      const { context, page, id, path, field, editor } = await richPage(ctx, "<p>Photo: </p>");
      const other = await openAs(ctx.browser, ctx.site, "editor@example.test");
      ctx.track(other.context);
      await other.page.goto(path);
      await waitForEditing(other.page);
      assert.equal(await other.page.evaluate(() => window.louise.mode()), "live");
      const otherCaption = other.page.locator(`[data-cms-field="pages:${id}:body"] figcaption`);

      await editor.getByText("Photo:").click();
      await page.keyboard.press("End");
      await insertImage(page, field);
      const caption = field.getByRole("button", { name: "Image caption" });
      const size = field.getByRole("combobox", { name: "Image size" });
      assert.equal(await caption.isHidden(), true, "image controls only while an image is selected");
      await editor.locator("img[src*=\"/media/\"]").click();
      assert.equal(await caption.getAttribute("aria-pressed"), "false");
      assert.equal(await size.inputValue(), "", "a new image shows at its own size");
      assert.deepEqual(await seriousViolations(page), [], "the image controls are accessible");

      await size.selectOption({ label: "Medium (640 px)" });
      await draftBody(context, ctx.site, id, (body) => body.includes('width="640"'));
      await caption.click();
      assert.equal(await caption.getAttribute("aria-pressed"), "true");
      await page.keyboard.type("A dot, up close");
      await otherCaption.filter({ hasText: "A dot, up close" }).waitFor();
      await page.keyboard.press("Enter");
      await page.keyboard.type("After");
      const captioned = await draftBody(context, ctx.site, id, (body) => body.endsWith("<p>After</p>"));
      assert.match(captioned, /^<p>Photo: <\/p><figure><img src="[^"]+\/media\/[^"]+" alt="A red dot" width="640"><figcaption>A dot, up close<\/figcaption><\/figure><p>After<\/p>$/);
      assert.equal(await publishedBody(ctx, context, id, path), captioned);

      await editor.locator("img[src*=\"/media/\"]").click();
      assert.equal(await caption.getAttribute("aria-pressed"), "true", "selecting a captioned image shows its caption");
      assert.equal(await size.inputValue(), "640");
      await caption.click();
      await otherCaption.waitFor({ state: "detached" });
      const plain = await draftBody(context, ctx.site, id, (body) => !body.includes("<figure>"));
      assert.match(plain, /^<p>Photo: <\/p><p><img src="[^"]+\/media\/[^"]+" alt="A red dot" width="640"><\/p><p>After<\/p>$/);
      await size.selectOption({ label: "Original size" });
      const original = await draftBody(context, ctx.site, id, (body) => !body.includes("width="));
      assert.equal(await publishedBody(ctx, context, id, path), original);
    },
  },
  {
    name: "image caption: given at insert with a size, and the caption and size controls fit a 390 px phone with 44 px touch targets",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test", { viewport: PHONE, hasTouch: true });
      track(context);
      const { id, path } = await newPage(context, site, { title: "Phone image", body: "<p>Photo: </p>" });
      await page.goto(path);
      await waitForEditing(page);
      const field = page.locator(`[data-cms-field="pages:${id}:body"]`);
      await field.getByText("Photo:").click();
      await page.keyboard.press("End");
      await insertImage(page, field, { caption: "The harbour", size: "Small (320 px)" });
      const body = await draftBody(context, site, id, (html) => html.includes("<figure>"));
      assert.match(body, /^<p>Photo: <\/p><figure><img src="[^"]+\/media\/[^"]+" alt="A red dot" width="320"><figcaption>The harbour<\/figcaption><\/figure>$/);
      await page.keyboard.type(", at dawn");
      await draftBody(context, site, id, (html) => html.includes("<figcaption>The harbour, at dawn</figcaption>"));
      await field.locator("img[src*=\"/media/\"]").click();
      for (const name of ["Image description", "Image caption", "Image size"]) {
        const box = await field.getByLabel(name, { exact: true }).boundingBox();
        assert.ok(box, `${name} is shown`);
        assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${name} is on screen: ${JSON.stringify(box)}`);
        assert.ok(box.width >= 44 && box.height >= 44, `${name} is a 44 px touch target: ${JSON.stringify(box)}`);
      }
      assert.deepEqual(await seriousViolations(page), []);
    },
  },
];
