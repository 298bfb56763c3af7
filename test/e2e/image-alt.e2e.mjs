// Image descriptions (issue 23, item 3): the alt text is asked for when an image is inserted, with
// a clear "decorative" choice, is editable by selecting the image, and reaches the published <img>.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { tinyPng } from "./png.mjs";
import { draftBody, publishedBody, richPage } from "./rich-page.mjs";

export const tests = [
  {
    name: "image alt: asked at insert (described or decorative, never blank), edited by selecting the image, and published",
    async run(ctx) {
      const { context, page, id, path, field, editor } = await richPage(ctx, "<p>Photo: </p>");
      await editor.getByText("Photo:").click();
      await page.keyboard.press("End");
      await field.getByRole("button", { name: "Insert image" }).click();
      await page.getByRole("dialog", { name: "Insert image" }).locator("input[type=file]").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: tinyPng() });
      const describe = page.getByRole("dialog", { name: "Image description" });
      await describe.waitFor();
      assert.deepEqual(await seriousViolations(page), []);
      await describe.getByRole("button", { name: "Save description" }).click();
      await describe.getByText("Describe the image, or mark it as decorative.").waitFor();
      await describe.getByLabel(/^Description/).fill("A red dot");
      await describe.getByRole("button", { name: "Save description" }).click();
      await describe.waitFor({ state: "detached" });
      const described = await draftBody(context, ctx.site, id, (body) => body.includes('alt="A red dot"'));
      assert.match(described, /^<p>Photo: <img src="[^"]+\/media\/[^"]+" alt="A red dot"><\/p>$/);
      assert.equal(await publishedBody(ctx, context, id, path), described);

      const describeButton = field.getByRole("button", { name: "Image description" });
      assert.equal(await describeButton.isHidden(), true, "only while an image is selected");
      await editor.locator("img").first().click();
      await describeButton.click();
      assert.equal(await describe.getByLabel(/^Description/).inputValue(), "A red dot", "the dialog opens with the description");
      await describe.getByLabel(/Decorative image/).check();
      await describe.getByRole("button", { name: "Save description" }).click();
      const decorative = await draftBody(context, ctx.site, id, (body) => body.includes('alt=""'));
      assert.equal(await publishedBody(ctx, context, id, path), decorative);

      await editor.locator("img").first().click();
      await describeButton.click();
      assert.equal(await describe.getByLabel(/Decorative image/).isChecked(), true, "a decorative image opens as decorative");
    },
  },
];
