// The folded edit bar's More menu on short screens (a phone held sideways, a short laptop window):
// the menu opens upwards from the bar, so on a short screen its first actions used to sit above
// the top of the window, out of reach (at 844 × 390 it ran from −91 px). Every action must come
// into view, by touch or pointer and by keyboard focus, and the first and the last must work.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { newPage, openAs, waitForEditing } from "./browser.mjs";

const SIZES = [
  { width: 844, height: 390, phone: true },
  { width: 667, height: 375, phone: true },
  { width: 390, height: 844, phone: true },
  { width: 1100, height: 500, phone: false },
];

/* Whether the element is inside the window and what a tap at its centre would reach. */
function onScreen(element) {
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const inside = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  return inside && hit !== null && element.contains(hit) ? "" : `at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)} in ${window.innerWidth}×${window.innerHeight}`;
}

/* The publisher's bar (the most actions: Share and Activity too) on a fresh page, at `size`. */
async function barAt({ browser, site, track }, size) {
  const { width, height, phone } = size;
  const { context, page } = await openAs(browser, site, "publisher@example.test", { viewport: { width, height }, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  track(context);
  const { path } = await newPage(context, site, { title: "Short screens", body: "<p>Held sideways</p>" });
  await page.goto(path);
  await waitForEditing(page);
  const bar = page.locator(".cms-bar");
  const more = bar.getByRole("button", { name: /^More actions/ });
  // The switch and counts a live page adds can fold the bar a moment after it opens.
  await more.waitFor({ state: "visible" });
  return { context, page, bar, more, menu: bar.getByRole("group", { name: "More actions" }) };
}

/* Each action of the open menu, by its name (the accessible name says what a count adds). */
const actionsOf = (menu) => menu.locator("button").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));

async function reachable(ctx, size) {
  const where = `${size.width}×${size.height}`;
  const { context, page, bar, more, menu } = await barAt(ctx, size);
  const press = (locator) => (size.phone ? locator.tap() : locator.click());

  await press(more);
  const names = await actionsOf(menu);
  assert.ok(names.length >= 6, `the menu holds the secondary actions at ${where}: ${names.join(", ")}`);
  // By touch or pointer: each action scrolls into view and nothing covers it there.
  for (const name of names) {
    const item = menu.getByRole("button", { name, exact: true });
    await item.scrollIntoViewIfNeeded({ timeout: 2_000 });
    assert.equal(await item.evaluate(onScreen), "", `${name} can be brought on screen at ${where}`);
  }
  if (size.width === 844) assert.deepEqual(await seriousViolations(page, ".cms-bar"), [], "the open More menu passes axe at 844×390");

  // By keyboard: Enter on More focuses the first action, Tab walks to the last, each one in view as it is focused.
  await page.keyboard.press("Escape");
  await more.focus();
  await page.keyboard.press("Enter");
  for (const [index, name] of names.entries()) {
    if (index > 0) await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
    assert.equal(focused, name, `Tab reaches ${name} at ${where}`);
    assert.equal(await menu.getByRole("button", { name, exact: true }).evaluate(onScreen), "", `${name} is in view when focused at ${where}`);
  }
  await page.keyboard.press("Escape");

  // The first and the last action work from the menu (History and Settings, each opening its dialog).
  for (const [name, dialog] of [
    [names[0], "Page history"],
    [names[names.length - 1], "Site settings"],
  ]) {
    await press(more);
    await press(menu.getByRole("button", { name, exact: true }));
    const opened = page.getByRole("dialog", { name: dialog });
    await opened.waitFor();
    await page.keyboard.press("Escape");
    await opened.waitFor({ state: "hidden" });
  }
  assert.equal(await bar.evaluate((el) => el.classList.contains("cms-folded")), true, `the bar is folded at ${where}`);
  await context.close();
}

export const tests = SIZES.map((size) => ({
  name: `more menu: at ${size.width} × ${size.height} every action of the More menu can be brought into view, by touch and by keyboard, and the first and last work`,
  run: (ctx) => reachable(ctx, size),
}));
