// The media library in the image picker (issue 23, item 3): assets are listed by their file names
// with size and alt text, searched by the server, paged with "More images", and a picked asset is
// inserted with its own alt text offered in the description dialog.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { api } from "./browser.mjs";
import { tinyPng } from "./png.mjs";
import { draftBody, richPage } from "./rich-page.mjs";

export const tests = [
  {
    name: "media library: file names, sizes and alt text; search finds one; picking it inserts it with the asset's alt",
    async run(ctx) {
      const { context, page, id, field, editor } = await richPage(ctx, "<p>Photo: </p>");
      const tag = `lib${Date.now().toString(36)}`;
      const assets = [
        [`${tag}-harbour.png`, "Boats in the harbour at dawn"],
        [`${tag}-bicycle.png`, "A red bicycle"],
      ];
      for (const [name, alt] of assets) {
        const { key } = await api(context, ctx.site, "POST", `/api/cms/upload?name=${encodeURIComponent(name)}`, tinyPng());
        await api(context, ctx.site, "PATCH", "/api/cms/media", { key, alt });
      }

      await editor.getByText("Photo:").click();
      await page.keyboard.press("End");
      await field.getByRole("button", { name: "Insert image" }).click();
      const picker = page.getByRole("dialog", { name: "Insert image" });
      const library = picker.getByRole("region", { name: "Media library" });
      await library.getByRole("button", { name: `${tag}-bicycle.png A red bicycle` }).waitFor();
      assert.equal(await library.getByRole("button", { name: /^Use / }).count(), 0, "no choice is named by its key");
      assert.deepEqual(await seriousViolations(page), []);

      await library.getByRole("searchbox", { name: /Search images/ }).fill(`${tag} harbour`);
      const harbour = library.getByRole("button", { name: `${tag}-harbour.png Boats in the harbour at dawn` });
      await library.getByRole("button", { name: new RegExp(`${tag}-bicycle`) }).waitFor({ state: "detached" });
      assert.equal(await library.getByRole("listitem").count(), 1, "the search keeps only the matching asset");
      assert.match(await library.getByRole("listitem").innerText(), /2 × 1 px/);

      await harbour.click();
      const describe = page.getByRole("dialog", { name: "Image description" });
      await describe.waitFor();
      assert.equal(await describe.getByLabel(/^Description/).inputValue(), "Boats in the harbour at dawn", "the asset's alt is offered");
      await describe.getByRole("button", { name: "Save description" }).click();
      const body = await draftBody(context, ctx.site, id, (html) => html.includes("<img"));
      assert.match(body, /^<p>Photo: <img src="[^"]+\/media\/[^"]+\.png" alt="Boats in the harbour at dawn"><\/p>$/);
    },
  },
  {
    name: "media library: More images pages on, the search answers no match, and Upload inside the picker keeps the file name",
    async run(ctx) {
      const { context, page, field, editor } = await richPage(ctx, "<p>Photo: </p>");
      const tag = `page${Date.now().toString(36)}`;
      // One more than a page of the picker (24), all matching one search.
      for (let n = 0; n < 25; n++) await api(context, ctx.site, "POST", `/api/cms/upload?name=${tag}-${n}.png`, tinyPng());

      await editor.getByText("Photo:").click();
      await field.getByRole("button", { name: "Insert image" }).click();
      const picker = page.getByRole("dialog", { name: "Insert image" });
      const library = picker.getByRole("region", { name: "Media library" });
      // Enter searches at once (typing waits for a pause); the list is busy until the answer is drawn.
      await library.getByRole("searchbox", { name: /Search images/ }).fill(tag);
      await library.getByRole("searchbox", { name: /Search images/ }).press("Enter");
      await library.locator("ul[aria-busy=false]").waitFor();
      await library.getByRole("button", { name: `${tag}-24.png` }).waitFor();
      await library.getByRole("button", { name: `${tag}-1.png`, exact: true }).waitFor();
      assert.equal(await library.getByRole("listitem").count(), 24);
      await library.getByRole("button", { name: "More images" }).click();
      await library.getByRole("button", { name: `${tag}-0.png` }).waitFor();
      assert.equal(await library.getByRole("listitem").count(), 25);
      assert.equal(await library.getByRole("button", { name: "More images" }).isHidden(), true, "no page after the last");

      await library.getByRole("searchbox", { name: /Search images/ }).fill(`${tag} none-such`);
      await picker.getByText(`No image's name or description contains "${tag} none-such".`).waitFor();

      await picker.locator("input[type=file]").setInputFiles({ name: `${tag}-uploaded.png`, mimeType: "image/png", buffer: tinyPng() });
      await page.getByRole("dialog", { name: "Image description" }).waitFor();
      const { items } = await api(context, ctx.site, "GET", `/api/cms/media?q=${tag}-uploaded`);
      assert.deepEqual(items.map((item) => [item.name, item.width, item.height]), [[`${tag}-uploaded.png`, 2, 1]]);
    },
  },
];
