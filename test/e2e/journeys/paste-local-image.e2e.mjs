// Journey (issue 33, item 9): pasting text with a picture of this very site that is not in the
// media library (a page's own image) keeps the text and copies the picture into the library, as an
// embedded picture is; a picture already in the library stays as it is. Nothing is refused.
import assert from "node:assert/strict";
import { api } from "../browser.mjs";
import { tinyPng } from "../png.mjs";
import { draftBody, pasteHtml, richPage } from "../rich-page.mjs";

export const tests = [
  {
    name: "journey: paste with a local image that is not in the media library keeps the text and copies the image",
    async run(ctx) {
      const { context, page, id, editor } = await richPage(ctx, "<p></p>");
      const inLibrary = await api(context, ctx.site, "POST", "/api/cms/upload?name=already-here.png", tinyPng());
      const clipboard = [
        "<p>Words before the pictures</p>",
        `<p><img src="${ctx.site.origin}/__e2e/shared-image.png" alt="This site's own dot"></p>`,
        `<p><img src="${inLibrary.url}" alt="A library dot"></p>`,
        "<p>Words after the pictures</p>",
      ].join("");
      await editor.click();
      await pasteHtml(page, clipboard);
      const body = await draftBody(context, ctx.site, id, (html) => html.includes("Words after the pictures") && html.includes("A library dot"));
      assert.match(body, /Words before the pictures/);
      const images = [...body.matchAll(/<img src="([^"]+)" alt="([^"]*)"/g)].map(([, src, alt]) => ({ src, alt }));
      assert.equal(images.length, 2, body);
      assert.ok(images[0].src.startsWith(`${ctx.site.origin}/media/`), `the site's own picture is copied into the library: ${images[0].src}`);
      assert.equal(images[0].alt, "This site's own dot");
      assert.deepEqual(images[1], { src: inLibrary.url, alt: "A library dot" }, "a library picture stays as it is");
      assert.doesNotMatch(body, /__e2e/);
      const statuses = await page.evaluate(() => window.__statuses);
      assert.ok(!statuses.some((s) => /not accepted/.test(s)), `nothing was refused: ${statuses.join(" | ")}`);
      const copied = (await api(context, ctx.site, "GET", "/api/cms/media?q=shared-image.png")).items;
      assert.ok(copied.some((item) => item.url === images[0].src), "the copy is in the media library, under the picture's file name");
    },
  },
];
