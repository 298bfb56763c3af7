// Journey (issue 33, item 10): an editor adds a Hero, a Features and a Call to action section to a
// new page. Each empty slot says what goes in it and whether it must be filled before publishing,
// a Features section starts with one point to fill in, and nothing shows an empty box that holds
// nothing to edit.
import assert from "node:assert/strict";
import { newPage, openAs, waitForEditing } from "../browser.mjs";

const SECTIONS = '[data-cms-list="sections"] > [data-cms-entry]';

/* Every shown element of a section with its text, hints and what its empty slot displays. */
function slotsOf(section) {
  return [...section.querySelectorAll("[data-cms-field]")].map((el) => ({
    field: el.getAttribute("data-cms-field").replace(/^pages:\d+:/, ""),
    empty: el.textContent === "" && el.tagName !== "IMG",
    shown: el.getClientRects().length > 0,
    hidden: el.hidden,
    says: getComputedStyle(el, "::before").content,
    required: el.getAttribute("aria-required"),
    editable: el.isContentEditable,
  }));
}

async function add(page, kind, count) {
  await page.getByRole("button", { name: "Add section", exact: true }).click();
  await page.getByRole("dialog", { name: "Add section" }).getByRole("button", { name: kind, exact: true }).click();
  await page.waitForFunction(([selector, n]) => document.querySelectorAll(selector).length === n, [SECTIONS, count]);
  return page.locator(SECTIONS).nth(count - 1).evaluate(slotsOf);
}

const slot = (slots, suffix) => {
  const found = slots.find((s) => s.field.endsWith(suffix));
  assert.ok(found, `a ${suffix} slot (saw ${slots.map((s) => s.field).join(", ")})`);
  return found;
};

export const tests = [
  {
    name: "journey sections: new sections show placeholders and required marks, Features starts with one item, the Call to action has no phantom boxes",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const { path } = await newPage(context, site, { title: "Fresh sections", sections: [] });
      await page.goto(path);
      await waitForEditing(page);

      const hero = await add(page, "Hero", 1);
      assert.equal(slot(hero, ".heading").says, '"Heading (required)"');
      assert.equal(slot(hero, ".heading").required, "true");
      assert.equal(slot(hero, ".text").says, '"A line under the heading"');
      assert.equal(slot(hero, ".text").required, null);

      const features = await add(page, "Features", 2);
      assert.equal(slot(features, ".heading").says, '"Heading"');
      assert.equal(slot(features, ".items.0.title").says, '"Point (required)"', "a Features section starts with one point");
      assert.equal(slot(features, ".items.0.text").says, '"A sentence about this point"');

      const cta = await add(page, "Call to action", 3);
      assert.equal(slot(cta, ".label").says, '"Button text (required)"');
      // The link and style are edited in form controls; their own markers hold nothing and must not show as boxes.
      assert.deepEqual(cta.filter((s) => s.hidden && s.shown).map((s) => s.field), [], "hidden markers take no room");

      // Every empty slot an editor can see says what goes in it.
      const blank = [...hero, ...features, ...cta].filter((s) => s.shown && s.empty && s.editable && (s.says === "none" || s.says === "normal"));
      assert.deepEqual(blank.map((s) => s.field), [], "no empty, unlabelled box");
    },
  },
];
