// Journey (issue 33, items 2 and 12): an editor types, adds a section, fills it, removes it and
// undoes, by the bar and by Ctrl+Z, all from the page; and Ctrl+Z in the body reaches back to an
// earlier title edit, as the bar's Undo does, live and without a room.
import assert from "node:assert/strict";
import { converge, newPage, openAs, waitForEditing } from "../browser.mjs";
import { START, SECTIONS, addSection, field, outline, section } from "../sections-editor.e2e.mjs";

/* What an editor sees of the page: every section's words, and every field's text. */
const everything = async (page) => `${await outline(page)}\n${await page.locator("[data-cms-field]").evaluateAll((all) => all.map((el) => el.textContent).join("|"))}`;

async function typeAtEnd(page, locator, text) {
  await locator.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

export const tests = [
  {
    name: "journey undo: after typing in a quote, adding a section and removing it, Undo (bar, then Ctrl+Z) brings it back with its content and changes nothing else",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const { path } = await newPage(context, site, { title: "Undo a removal", sections: START });
      await page.goto(path);
      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "live");

      await typeAtEnd(page, field(page, "sections.2.text"), " and said again");
      await addSection(page, "Hero", [page], 4);
      await typeAtEnd(page, field(page, "sections.3.heading"), "Fresh heading");
      await typeAtEnd(page, field(page, "sections.3.text"), "Fresh words");
      await converge([page], (p) => field(p, "sections.3.text").textContent(), "Fresh words");
      const before = await everything(page);
      assert.match(before, /Said once and said again/);

      await section(page, 3).getByRole("button", { name: "Remove section" }).click();
      await converge([page], (p) => p.locator(SECTIONS).count(), 3);
      await page.getByRole("button", { name: "Undo your last edit" }).click();
      await converge([page], everything, before);

      await section(page, 3).getByRole("button", { name: "Remove section" }).click();
      await converge([page], (p) => p.locator(SECTIONS).count(), 3);
      // Focus is where the removal left it (the next section's controls, or Add section).
      await page.keyboard.press("Control+z");
      await converge([page], everything, before);

      // The room has it: a reload shows the section back, with its words.
      await page.evaluate(() => window.louise.flush());
      await page.reload();
      await waitForEditing(page);
      await converge([page], (p) => field(p, "sections.3.text").textContent(), "Fresh words");
      await converge([page], (p) => field(p, "sections.2.text").textContent(), "Said once and said again");
    },
  },
  {
    name: "journey undo: Ctrl+Z in the body reaches an earlier title edit, in the order of the bar's Undo, live and without a room",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      for (const mode of ["live", "rest"]) {
        const { id, path } = await newPage(context, site, { title: "Keys", body: "<p>Body</p>" });
        await page.goto(mode === "rest" ? `${path}?rest` : path);
        await waitForEditing(page);
        assert.equal(await page.evaluate(() => window.louise.mode()), mode);
        const title = page.locator(`h1[data-cms-field="pages:${id}:title"]`);
        const paragraph = page.locator(`[data-cms-field="pages:${id}:body"] .ProseMirror p`).first();
        const both = async (p) => `${await p.locator(`h1[data-cms-field="pages:${id}:title"]`).textContent()}|${await p.locator(`[data-cms-field="pages:${id}:body"] .ProseMirror p`).first().textContent()}`;

        await typeAtEnd(page, title, " ONE");
        await typeAtEnd(page, paragraph, " TWO");
        await converge([page], both, "Keys ONE|Body TWO");
        // The caret stays in the body throughout.
        await page.keyboard.press("Control+z");
        await converge([page], both, "Keys ONE|Body");
        await page.keyboard.press("Control+z");
        await converge([page], both, "Keys|Body");
        await page.keyboard.press("Control+y");
        await converge([page], both, "Keys ONE|Body");
        await page.keyboard.press("Control+Shift+z");
        await converge([page], both, "Keys ONE|Body TWO");
        await page.evaluate(() => window.louise.flush());
      }
    },
  },
];
