// Journey (issue 33, item 6): an editor writes new lines at the end of a long page, on a laptop and
// on a phone. Each line being typed stays visible above the edit bar, which is fixed to the bottom
// of the window.
import assert from "node:assert/strict";
import { newPage, openAs, waitForEditing } from "../browser.mjs";

const LINES = 12;

/* The caret's rectangle and the bar's top, in the window's coordinates. */
function caretAndBar() {
  const selection = document.getSelection();
  const node = selection.focusNode;
  const range = document.createRange();
  range.setStart(node, selection.focusOffset);
  const rects = range.getClientRects();
  let caret = rects[rects.length - 1];
  if (!caret || caret.height === 0) {
    const at = node.childNodes[selection.focusOffset] ?? node.childNodes[selection.focusOffset - 1];
    caret = (at instanceof Element ? at : node instanceof Element ? node : node.parentElement).getBoundingClientRect();
  }
  return { top: caret.top, bottom: caret.bottom, barTop: document.querySelector(".cms-bar").getBoundingClientRect().top };
}

/* Whether the caret is after the last character of the page's body text. */
function caretAtTheEnd() {
  const selection = document.getSelection();
  if (!selection || !selection.focusNode || !document.querySelector(".body")?.contains(selection.focusNode)) return false;
  const rest = document.createRange();
  rest.selectNodeContents(document.querySelector(".body"));
  rest.setStart(selection.focusNode, selection.focusOffset);
  return rest.toString() === "";
}

async function typeAtTheEnd({ browser, site, track }, viewport) {
  const { context, page } = await openAs(browser, site, "editor@example.test", { viewport, hasTouch: viewport.width < 600 });
  track(context);
  const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i + 1} of a long page, long enough to scroll.</p>`).join("");
  const { path } = await newPage(context, site, { title: "Long page", body: paragraphs });
  await page.goto(path);
  await waitForEditing(page);
  const last = page.locator(".body p").last();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  // This journey is about the line being typed staying above the bar, so it starts from the end of
  // the text. In full runs at 1280 px the caret sometimes went back to where the click put it after
  // Ctrl+End had moved it (an open question noted on the issue), so the end is checked only once
  // the selection has been still for a few frames, and Ctrl+End pressed again when it moved.
  const settled = () => page.evaluate(() => new Promise((resolve) => {
    let frames = 0;
    const tick = () => (++frames === 5 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }));
  let atTheEnd = false;
  for (let tries = 0; tries < 4 && !atTheEnd; tries++) {
    await page.keyboard.press("ControlOrMeta+End");
    await settled();
    atTheEnd = await page.evaluate(caretAtTheEnd);
  }
  assert.ok(atTheEnd, "the caret is at the end of the page's text before typing");
  const hidden = [];
  for (let line = 1; line <= LINES; line++) {
    await page.keyboard.press("Enter");
    await page.keyboard.type(`New line ${line}`);
    // The caret settles a frame after the keystroke; give it a few before measuring.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
    const seen = await page.evaluate(caretAndBar);
    if (seen.bottom > seen.barTop) hidden.push(`line ${line}: caret ${Math.round(seen.top)}–${Math.round(seen.bottom)}, bar at ${Math.round(seen.barTop)}`);
  }
  assert.deepEqual(hidden, [], `at ${viewport.width}×${viewport.height} the line being typed went behind the bar`);
  assert.match(await page.locator(".body").textContent(), new RegExp(`New line ${LINES}$`));
}

export const tests = [
  {
    name: "journey caret: typing 12 new lines at the end of a long page at 1280×800 keeps the caret above the edit bar",
    run: (ctx) => typeAtTheEnd(ctx, { width: 1280, height: 800 }),
  },
  {
    name: "journey caret: typing 12 new lines at the end of a long page at 390×844 keeps the caret above the edit bar",
    run: (ctx) => typeAtTheEnd(ctx, { width: 390, height: 844 }),
  },
];
