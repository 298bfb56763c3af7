// Image controls in rich text (SPEC §4 strict media rule): Upload to the site's endpoint, a picker
// over the media list, and no free URL box unless the field sets `allowUrl`.
import assert from "node:assert/strict";
import { answered, newPage, openAs, recordSaves, waitForEditing, waitForStatus } from "./browser.mjs";
import { tinyPng } from "./png.mjs";

export const tests = [
  {
    name: "images: Upload puts a media-hosted image in rich text; the picker offers it again; no URL box",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const saves = recordSaves(page);
      // A page of its own: the home page's body is what the editing tests type into.
      const { id, path } = await newPage(context, site, { title: "Pictures", body: "<p>A picture of the shop:</p>" });
      await page.goto(`${path}?rest`);
      await waitForEditing(page);
      const body = page.locator(`[data-cms-field="pages:${id}:body"]`);
      await body.locator(".ProseMirror p").first().click();
      await page.keyboard.press("End");
      await body.getByRole("button", { name: "Insert image" }).click();
      const dialog = page.getByRole("dialog", { name: "Insert image" });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel("Image URL").count(), 0, "no free URL box without allowUrl");
      await dialog.locator("input[type=file]").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: tinyPng() });
      const describe = page.getByRole("dialog", { name: "Image description" });
      await describe.getByLabel(/^Description/).fill("A dot");
      await describe.getByRole("button", { name: "Save description" }).click();
      await body.locator(".ProseMirror img").first().waitFor();
      const src = await body.locator(".ProseMirror img").first().getAttribute("src");
      assert.ok(src.startsWith(`${site.origin}/media/`), `uploaded image is media-hosted: ${src}`);
      await waitForStatus(page, "Draft saved");
      const last = (await answered(saves)).at(-1);
      assert.equal(last.status, 204);
      assert.ok(last.body.value.includes(`<img src="${src}" alt="A dot"`), last.body.value);

      await body.getByRole("button", { name: "Insert image" }).click();
      const pick = dialog.getByRole("region", { name: "Media library" }).getByRole("list").locator("button").first();
      await pick.waitFor();
      await pick.click();
      await describe.getByLabel(/Decorative image/).check();
      await describe.getByRole("button", { name: "Save description" }).click();
      await page.waitForFunction((field) => document.querySelectorAll(`[data-cms-field="${field}"] .ProseMirror img[src]:not(.ProseMirror-separator)`).length === 2, `pages:${id}:body`);
    },
  },
];
