// Pasted images (issue 23, item 1): an embedded picture (a data: URL, as Word and Google Docs paste
// them) is copied into the media library; another site's image that cannot be read (an unreachable
// host, or one the page's Content-Security-Policy does not let it connect to, as on the reference
// site) is left out and named in the paste note. No other site's address reaches the draft.
import assert from "node:assert/strict";
import { api } from "./browser.mjs";
import { tinyPng } from "./png.mjs";
import { draftBody, pasteHtml, richPage } from "./rich-page.mjs";

export const tests = [
  {
    name: "paste images: an embedded picture is copied into the media library; other sites' images that cannot be read are left out and named",
    async run(ctx) {
      const { context, page, id, editor, field } = await richPage(ctx, "<p></p>");
      // The same server under another host name is another site to the browser.
      const otherSite = ctx.site.origin.replace("127.0.0.1", "localhost");
      const clipboard = [
        "<p>Before</p>",
        `<p><img src="data:image/png;base64,${tinyPng().toString("base64")}" alt="Embedded dot"></p>`,
        '<p><img src="http://unreachable.invalid/lost-photo.png" alt="Lost"></p>',
        `<p><img src="${otherSite}/__e2e/shared-image.png" srcset="${otherSite}/__e2e/shared-image.png 2x" alt="Shared dot"></p>`,
        "<p>After</p>",
      ].join("");
      await editor.click();
      await pasteHtml(page, clipboard);
      const note = "2 pasted images were left out (lost-photo.png from unreachable.invalid, shared-image.png from localhost): they could not be copied into the media library.";
      await field.getByRole("status").filter({ hasText: note }).waitFor();
      const body = await draftBody(context, ctx.site, id, (html) => html.includes("After"));
      const sources = [...body.matchAll(/<img src="([^"]+)" alt="([^"]*)"/g)].map(([, src, alt]) => [src.startsWith(`${ctx.site.origin}/media/`), alt]);
      assert.deepEqual(sources, [[true, "Embedded dot"]], body);
      assert.doesNotMatch(body, /unreachable|localhost|data:|srcset/);

      const named = async (q) => (await api(context, ctx.site, "GET", `/api/cms/media?q=${q}`)).items;
      const embedded = await named("pasted-image.png");
      assert.ok(embedded.length >= 1 && body.includes(embedded[0].url), "the embedded picture is in the library");
    },
  },
];
