// Journey (issue 33, item 4): two editors on one course page, from the page. One edits the typed
// fields (a number, a select, a switch, a date, a URL, an image into the empty slot) and the other
// watches each control follow, with the editor's name on the control while they are in it; a
// write from outside the page (REST) moves both controls and is noted, "changed by", on the
// status line. Every value reaches the draft through the room.
import assert from "node:assert/strict";
import { api, converge, describeImage, openAs, twoEditors, waitForStatus } from "../browser.mjs";
import { tinyPng } from "../png.mjs";

/** The newest draft of course `id`, waited for until `test` accepts it. */
async function draftOf(context, site, id, test, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let data;
  while (Date.now() < deadline) {
    const { items } = await api(context, site, "GET", `/api/cms/courses/${id}/versions?limit=1`);
    data = items[0]?.versionData;
    if (data && test(data)) return { ...data, versionId: items[0].id };
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the course draft never matched; last: ${JSON.stringify(data)}`);
}

export const tests = [
  {
    name: "journey: a typed field edited by one editor is live in the other's control, and an outside write is noted",
    async run(ctx) {
      const owner = await openAs(ctx.browser, ctx.site, "publisher@example.test");
      ctx.track(owner.context);
      const slug = `live-typed-${Date.now().toString(36)}`;
      const { id } = await api(owner.context, ctx.site, "POST", "/api/cms/courses", { slug, title: "Live typed fields", price: 10, level: "beginner", link: "https://example.com/a" });
      const { a, b } = await twoEditors(ctx, `/courses/${slug}`);
      const price = (page) => page.getByRole("spinbutton", { name: "Edit price (EUR)" });
      const level = (page) => page.getByRole("combobox", { name: "Edit level" });
      const free = (page) => page.getByRole("switch", { name: "Edit free" });
      const day = (page) => page.getByLabel("Edit day");
      const link = (page) => page.getByLabel("Edit link");

      await price(a).fill("15.5");
      // While A is in the control, B sees who is there, as in a text field.
      await b.locator(".cms-presence-field", { hasText: "Eddie Editor" }).waitFor();
      await price(a).press("Tab");
      await converge([a, b], (page) => price(page).inputValue(), "15.5");
      await level(a).selectOption({ label: "Advanced" });
      await converge([a, b], (page) => level(page).inputValue(), "advanced");
      await free(a).click();
      await converge([a, b], (page) => free(page).getAttribute("aria-checked"), "true");
      await day(a).fill("2026-12-24");
      await converge([a, b], (page) => day(page).inputValue(), "2026-12-24");
      await link(a).fill("example.org/tickets");
      await link(a).press("Tab");
      await converge([a, b], (page) => link(page).inputValue(), "https://example.org/tickets");

      // The course has no picture yet: its slot is an empty <div>; the picture reaches the other editor.
      await a.getByRole("button", { name: "Add image: image" }).click();
      await a.getByRole("dialog", { name: "Insert image" }).locator("input[type=file]").setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: tinyPng() });
      await describeImage(a, "The course poster");
      const picture = (page) => page.locator(`[data-cms-field="courses:${id}:image"] img`).evaluate((img) => `${/\/media\//.test(img.getAttribute("src") ?? "")} ${img.alt}`);
      await converge([a, b], picture, "true The course poster");
      await b.getByRole("button", { name: "Change image: image" }).waitFor();

      const draft = await draftOf(owner.context, ctx.site, id, (data) => data.image !== null && data.link === "https://example.org/tickets");
      assert.deepEqual(
        { price: draft.price, level: draft.level, free: draft.free, day: draft.day, link: draft.link, alt: draft.image.alt },
        { price: 15.5, level: "advanced", free: true, day: "2026-12-24", link: "https://example.org/tickets", alt: "The course poster" },
      );

      // A write from outside the page moves both controls, and the one looking at it is told who.
      await price(b).focus();
      // Based on the draft it read, so the merge knows 15.5 is what it replaces.
      await api(owner.context, ctx.site, "POST", `/api/cms/courses/${id}/versions`, { price: 20, baseVersionId: draft.versionId });
      await converge([a, b], (page) => price(page).inputValue(), "20");
      await waitForStatus(b, "Pat Publisher changed price from outside this page");
    },
  },
];
