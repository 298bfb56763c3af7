// The editor on a phone (issue 23, item 5): at 390 × 844 the edit bar and every dialog fit the
// screen, secondary actions sit behind an accessible "More" menu, and touch targets are ≥ 44 px.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { newPage, openAs, waitForEditing } from "./browser.mjs";
import { tinyPng } from "./png.mjs";

const PHONE = { width: 390, height: 844 };
const TOUCH = 44;

/*
 * What is wrong with the shown controls inside `root`: a control reaching past the screen's left
 * or right edge, or a button or text box smaller than a touch target. `root` itself must fit the
 * screen (a dialog may scroll vertically inside, so its controls are checked across only).
 */
function misfits(root, { width, height, touch }) {
  const problems = [];
  const box = (el) => el.getBoundingClientRect();
  const name = (el) => `${el.tagName.toLowerCase()} "${el.getAttribute("aria-label") ?? el.textContent.trim().slice(0, 30)}"`;
  const r = box(root);
  if (r.left < 0 || r.right > width || r.top < 0 || r.bottom > height) problems.push(`${root.className || root.tagName} at ${r.left},${r.top}–${r.right},${r.bottom}`);
  for (const el of root.querySelectorAll("button, input, select, textarea, a[href], [role=status]")) {
    if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === "hidden") continue;
    const b = box(el);
    if (b.width === 0 && b.height === 0) continue;
    if (b.left < 0 || b.right > width) problems.push(`${name(el)} off-screen at x ${b.left}–${b.right}`);
    const sized = el.tagName === "BUTTON" || el.tagName === "SELECT" || (el.tagName === "INPUT" && !["checkbox", "radio", "hidden"].includes(el.type));
    if (sized && (b.width < touch || b.height < touch)) problems.push(`${name(el)} is ${b.width}×${b.height}`);
  }
  return problems;
}

async function fits(locator, what) {
  await locator.waitFor();
  const problems = await locator.evaluate(misfits, { ...PHONE, touch: TOUCH });
  assert.deepEqual(problems, [], `${what} does not fit a 390 px phone`);
}

const dialog = (page, name) => page.getByRole("dialog", { name });

async function closeDialog(page, name) {
  await page.keyboard.press("Escape");
  await dialog(page, name).waitFor({ state: "detached" });
}

/* Opens a secondary action through the More menu. */
async function fromMore(page, label) {
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("button", { name: label }).click();
}

export const tests = [
  {
    name: "phone: at 390 × 844 the edit bar fits, its More menu opens and closes accessibly, touch targets are 44 px",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test", { viewport: PHONE, hasTouch: true });
      track(context);
      const { path } = await newPage(context, site, { title: "Phone", body: "<p>On a phone</p>" });
      await page.goto(path);
      await waitForEditing(page);
      const bar = page.locator(".cms-bar");
      await fits(bar, "the edit bar");
      for (const label of ["Undo your last edit", "Redo", "Publish this page", "Done editing", "More actions"]) {
        assert.equal(await bar.getByRole("button", { name: label }).isVisible(), true, `${label} is on screen`);
      }
      assert.equal(await bar.getByRole("button", { name: "Page history" }).isVisible(), false, "secondary actions are folded");

      const more = bar.getByRole("button", { name: "More actions" });
      assert.equal(await more.getAttribute("aria-expanded"), "false");
      await more.click();
      assert.equal(await more.getAttribute("aria-expanded"), "true");
      const menu = bar.getByRole("group", { name: "More actions" });
      await fits(menu, "the More menu");
      assert.equal(await menu.getByRole("button", { name: "Page history" }).evaluate((el) => el === document.activeElement), true, "focus moves into the menu");
      assert.deepEqual(await seriousViolations(page), []);
      await page.keyboard.press("Escape");
      assert.equal(await more.getAttribute("aria-expanded"), "false");
      assert.equal(await menu.isVisible(), false);
      assert.equal(await more.evaluate((el) => el === document.activeElement), true, "Escape gives focus back to More");

      const toolbar = page.locator(".cms-toolbar");
      await page.locator(".ProseMirror p").first().click();
      await fits(toolbar, "the rich-text toolbar");
    },
  },
  {
    name: "phone: the history, inquiries, settings, publish, link and image description dialogs fit a 390 px screen",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test", { viewport: PHONE, hasTouch: true });
      track(context);
      // A title longer than a phone is wide, as the link dialog's page picker lists it.
      const { path } = await newPage(context, site, { title: "Phone dialogs, on a page whose title runs on well past the width of a phone", body: "<p>Photo: </p>" });
      await page.goto(path);
      await waitForEditing(page);

      await fromMore(page, "Page history");
      await dialog(page, "Page history").getByRole("list").getByRole("button").first().waitFor();
      await fits(dialog(page, "Page history"), "the history panel");
      await closeDialog(page, "Page history");
      assert.equal(await page.getByRole("button", { name: "More actions" }).evaluate((el) => el === document.activeElement), true, "a dialog opened from the menu gives focus back to More");

      await fromMore(page, "Inquiries");
      await dialog(page, "Inquiries").getByRole("button", { name: "Close" }).waitFor();
      await fits(dialog(page, "Inquiries"), "the inquiries panel");
      await closeDialog(page, "Inquiries");

      await fromMore(page, "Open page settings");
      await dialog(page, "Site settings").getByRole("textbox").first().waitFor();
      await fits(dialog(page, "Site settings"), "the settings dialog");
      await closeDialog(page, "Site settings");

      await page.getByRole("button", { name: "Publish this page" }).click();
      await dialog(page, "Publish").getByLabel("Date and time").waitFor();
      await fits(dialog(page, "Publish"), "the publish dialog");
      await closeDialog(page, "Publish");

      await page.getByText("Photo:").click();
      await page.keyboard.press("End");
      await page.getByRole("button", { name: "Link", exact: true }).click();
      await dialog(page, "Link").getByLabel("Address").waitFor();
      await fits(dialog(page, "Link"), "the link dialog");
      await closeDialog(page, "Link");

      await page.getByRole("button", { name: "Insert image" }).click();
      await fits(dialog(page, "Insert image"), "the image dialog");
      await dialog(page, "Insert image").locator("input[type=file]").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: tinyPng() });
      await fits(dialog(page, "Image description"), "the image description dialog");
    },
  },
  {
    name: "phone: between a phone and a wide screen the edit bar never runs off the window: what does not fit goes behind More",
    async run({ browser, site, track }) {
      for (const width of [700, 1000, 1280]) {
        const viewport = { width, height: 800 };
        const { context, page } = await openAs(browser, site, "publisher@example.test", { viewport });
        track(context);
        await page.goto("/");
        await waitForEditing(page);
        const bar = page.locator(".cms-bar");
        assert.deepEqual(await bar.evaluate(misfits, { ...viewport, touch: 0 }), [], `the edit bar does not fit a ${width} px window`);
        // Every action is still reachable, inline or in the menu, and the open menu fits too.
        const more = page.getByRole("button", { name: "More actions" });
        if (await more.isVisible()) {
          await more.click();
          assert.deepEqual(await bar.evaluate(misfits, { ...viewport, touch: 0 }), [], `the open More menu does not fit a ${width} px window`);
        }
        for (const name of ["Page history", "Preview as visitors will see it", "Pages: find a page", "Open page settings"]) {
          assert.ok(await page.getByRole("button", { name }).isVisible(), `${name} is reachable at ${width} px`);
        }
        await context.close();
      }
    },
  },
];
