// The sections editor (issue 22, deliverable 1): sections and list items added from the catalog,
// moved, duplicated and removed on the page, live for every editor through the room's Y.Array,
// while another editor types in a section; undone, moved by keyboard, and published as shown.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { converge, describeImage, newPage, openAs, twoEditors, waitForEditing, waitForStatus } from "./browser.mjs";
import { seriousViolations } from "./axe.mjs";
import { tinyPng } from "./png.mjs";

export const START = [
  { type: "hero", heading: "Top heading", text: "Hero words" },
  { type: "features", heading: "Points", items: [{ title: "One", text: "first" }, { title: "Two", text: "second" }] },
  { type: "quote", text: "Said once", author: "Someone" },
];

export const SECTIONS = '[data-cms-list="sections"] > [data-cms-entry]';
export const section = (page, i) => page.locator(SECTIONS).nth(i);
export const field = (page, path) => page.locator(`[data-cms-field$=":${path}"]`);

/** The page's sections as visitors read them: each section's kind and the words of its filled slots. */
export const outline = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".sections > section")]
      .map((element) => {
        const words = [...element.querySelectorAll("h2, p, blockquote, strong")].map((leaf) => leaf.textContent.trim()).filter(Boolean);
        return `${element.className.split(" ")[0]}: ${words.join(" | ")}`;
      })
      .join("\n"),
  );

/** An editor pair on a fresh page holding {@link START}. */
export async function onFreshPage(ctx) {
  const owner = await openAs(ctx.browser, ctx.site, "publisher@example.test");
  ctx.track(owner.context);
  const { id, path } = await newPage(owner.context, ctx.site, { title: "Shape", sections: START });
  return { id, path, owner, ...(await twoEditors(ctx, path)) };
}

/** `page` adds a section of `kind` from the chooser; waits until every one of `pages` shows `count` sections. */
export async function addSection(page, kind, pages, count) {
  await page.getByRole("button", { name: "Add section", exact: true }).click();
  await page.getByRole("dialog", { name: "Add section" }).getByRole("button", { name: kind, exact: true }).click();
  await converge(pages, (each) => each.locator(SECTIONS).count(), count);
}

export const tests = [
  {
    name: "sections editor: A adds, moves, duplicates and removes sections and items while B types in another section; both end alike and the published page matches",
    async run(ctx) {
      const { path, a, b } = await onFreshPage(ctx);
      const typed = " and B keeps typing while the page changes shape";
      await field(b, "sections.0.heading").click();
      await b.keyboard.press("End");
      const typing = b.keyboard.type(typed, { delay: 60 });

      // Add a section from the chooser, which names each kind with its description.
      await a.getByRole("button", { name: "Add section", exact: true }).click();
      const chooser = a.getByRole("dialog", { name: "Add section" });
      for (const name of ["Hero", "Features", "Quote"]) await chooser.getByRole("button", { name, exact: true }).waitFor();
      assert.equal(await chooser.getByRole("button", { name: "Quote", exact: true }).getAttribute("aria-describedby").then((id) => a.locator(`#${id}`).textContent()), "Words someone said, and who said them");
      await chooser.getByRole("button", { name: "Quote", exact: true }).click();
      await converge([a, b], (page) => page.locator(SECTIONS).count(), 4);
      // The new section's first slot has focus, empty and editable in place.
      assert.match(await a.evaluate(() => document.activeElement?.getAttribute("data-cms-field") ?? ""), /:sections\.3\.text$/);
      await a.keyboard.type("New words");
      await section(a, 3).getByRole("button", { name: "Move section up" }).click();
      await section(a, 1).getByRole("button", { name: "Duplicate section" }).click();
      await converge([a, b], (page) => page.locator(SECTIONS).count(), 5);
      await section(a, 4).getByRole("button", { name: "Remove section" }).click();

      // The features' items: add one, fill it, move it up, remove the first.
      const features = section(a, 1);
      await features.getByRole("button", { name: "Add item", exact: true }).click();
      await a.keyboard.type("Three");
      await features.locator("li").nth(2).getByRole("button", { name: "Move item up" }).click();
      await features.locator("li").nth(0).getByRole("button", { name: "Remove item" }).click();
      await typing;

      const expected = [
        `hero: Top heading${typed} | Hero words`,
        "features: Points | Three | Two | second",
        "features: Points | One | first | Two | second",
        "quote: New words",
      ].join("\n");
      await converge([a, b], outline, expected);
      // Markers follow the entries: the moved quote's text is sections.3 everywhere.
      await converge([a, b], (page) => field(page, "sections.3.text").textContent(), "New words");
      // A sees B in the section B is typing in.
      await converge([a], (page) => section(page, 0).getAttribute("data-cms-people"), "Pat Publisher");

      await b.getByRole("button", { name: "Publish this page" }).click();
      await b.getByRole("dialog", { name: "Publish" }).getByRole("button", { name: "Publish now" }).click();
      await waitForStatus(b, "Published");
      const visitor = await openAs(ctx.browser, ctx.site);
      ctx.track(visitor.context);
      await visitor.page.goto(path);
      assert.equal(await outline(visitor.page), expected);
    },
  },
  {
    name: "sections editor: Undo (bar, and Ctrl+Z on a section's buttons) takes back one's own structure change; a new hero's image slot takes a picture; Tab reaches a section's controls and Alt+ArrowUp moves the section",
    async run(ctx) {
      const { a, b } = await onFreshPage(ctx);
      await addSection(a, "Hero", [a, b], 4);
      await a.locator(".cms-bar").getByRole("button", { name: "Undo" }).click();
      await converge([a, b], (page) => page.locator(SECTIONS).count(), 3);

      // A new hero's empty picture slot offers "Add image", and the picture reaches the other editor.
      await a.getByRole("button", { name: "Add section", exact: true }).click();
      await a.getByRole("dialog", { name: "Add section" }).getByRole("button", { name: "Hero", exact: true }).click();
      await section(a, 3).getByRole("button", { name: /^Add image/ }).click();
      await a.getByRole("dialog", { name: "Insert image" }).locator("input[type=file]").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: tinyPng() });
      await describeImage(a, "A green dot");
      await converge([a, b], (page) => field(page, "sections.3.image").evaluate((img) => /\/media\//.test(img.getAttribute("src") ?? "")), true);
      await section(a, 3).getByRole("button", { name: "Remove section" }).click();
      await converge([a, b], (page) => page.locator(SECTIONS).count(), 3);

      // Ctrl+Z on a section's buttons takes back the structure change made with them.
      await section(a, 0).getByRole("button", { name: "Duplicate section" }).click();
      await converge([a, b], (page) => page.locator(SECTIONS).count(), 4);
      await a.keyboard.press("Control+z");
      await converge([a, b], (page) => page.locator(SECTIONS).count(), 3);

      await a.locator("h1").click();
      await a.keyboard.press("Tab");
      assert.equal(await a.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Move section up");

      await field(a, "sections.2.text").click();
      await a.keyboard.press("Alt+ArrowUp");
      const expected = "hero: Top heading | Hero words\nquote: Said once | Someone\nfeatures: Points | One | first | Two | second";
      await converge([a, b], outline, expected);
      // Focus stays in the moved section's field, now at its new place.
      assert.match(await a.evaluate(() => document.activeElement?.getAttribute("data-cms-field") ?? ""), /:sections\.1\.text$/);
    },
  },
  {
    name: "screenshots: the section chooser (no serious axe violation), and a section moved while another editor types in one",
    async run(ctx) {
      const viewport = { width: 1100, height: 900 };
      const owner = await openAs(ctx.browser, ctx.site, "publisher@example.test", { viewport });
      const editor = await openAs(ctx.browser, ctx.site, "editor@example.test", { viewport });
      for (const { context } of [owner, editor]) ctx.track(context);
      const { path } = await newPage(owner.context, ctx.site, { title: "Our bakery", sections: START.map((entry) => (entry.type === "hero" ? { ...entry, heading: "Fresh bread every morning", text: "Baked in the shop from six." } : entry)) });
      await Promise.all([owner.page.goto(path), editor.page.goto(path)]);
      await Promise.all([waitForEditing(owner.page), waitForEditing(editor.page)]);
      await field(editor.page, "sections.0.heading").click();
      await editor.page.keyboard.press("End");
      await editor.page.keyboard.type(", and on Sundays");
      await section(owner.page, 0).waitFor();
      await converge([owner.page], (page) => section(page, 0).getAttribute("data-cms-people"), "Eddie Editor");

      await owner.page.getByRole("button", { name: "Add section", exact: true }).click();
      await owner.page.getByRole("dialog", { name: "Add section" }).getByRole("button", { name: "Quote", exact: true }).focus();
      await owner.page.evaluate(() => window.scrollTo(0, 0));
      await shot(owner.page, "section-chooser.png");
      // The chooser and the sections' controls pass axe, with another editor shown in a section.
      assert.deepEqual(await seriousViolations(owner.page), []);
      await owner.page.keyboard.press("Escape");

      await section(owner.page, 2).getByRole("button", { name: "Move section up" }).click();
      await converge([owner.page, editor.page], (page) => section(page, 1).getAttribute("class"), "quote");
      await owner.page.evaluate(() => window.scrollTo(0, 0));
      await shot(owner.page, "section-moved.png");
    },
  },
];

const OUT = join(dirname(fileURLToPath(import.meta.url)), "../../docs/images");

function shot(page, name) {
  mkdirSync(OUT, { recursive: true });
  return page.screenshot({ path: join(OUT, name), animations: "disabled", caret: "hide" });
}
