// Comments on the page (issue 36, item 1, the browser): threads anchored to words in a rich field
// and in a section heading stay on their words (grown) while another editor types before and
// inside them, in every browser; replies, resolve and the bar's count are live; deleted words are
// said; the phone sheet opens from the bar; axe finds nothing serious with the panel open. The
// README's pictures of comments are taken here.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seriousViolations } from "./axe.mjs";
import { sendContact } from "./bar-counts.e2e.mjs";
import { api, barAction, converge, newPage, openAs, seenInBar, twoEditors, waitForEditing } from "./browser.mjs";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "../../docs/images");
const clean = (violations) => assert.deepEqual(violations, [], `axe found:\n    ${violations.join("\n    ")}`);
const BODY = "The price is ten euros for two.";
const HEADING = "Opening hours for spring";

/** A fresh page with a rich body and a hero section, created by the publisher. */
async function reviewPage({ browser, site, track }) {
  const setup = await openAs(browser, site, "publisher@example.test");
  track(setup.context);
  const page = await newPage(setup.context, site, { title: "Garden menu", body: `<p>${BODY}</p>`, sections: [{ type: "hero", heading: HEADING, text: "Come early" }] });
  return { ...page, setup };
}

const rich = (page) => page.locator(".ProseMirror").first();
const heading = (page, id) => page.locator(`[data-cms-field="pages:${id}:sections.0.heading"]`);

/*
 * Selects characters `from`..`to` of an element's text (a collapsed caret when they are equal),
 * counting only the page's own text: other editors' carets drawn inside a rich field are skipped.
 */
async function select(page, locator, from, to = from) {
  await locator.click();
  await locator.evaluate(
    (element, [start, end]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (node.parentElement?.closest(".ProseMirror-yjs-cursor") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
      let seen = 0;
      let anchor = null;
      let focus = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent.length;
        if (!anchor && start <= seen + length) anchor = [node, start - seen];
        if (!focus && end <= seen + length) focus = [node, end - seen];
        seen += length;
      }
      document.getSelection().setBaseAndExtent(anchor[0], anchor[1], focus[0], focus[1]);
    },
    [from, to],
  );
}

/** The words highlighted on the page: plain fields' (CSS highlights) and rich fields' (decorations), sorted. */
const highlighted = (page) =>
  page.evaluate(() => {
    const plain = ["cms-comment", "cms-comment-active"].flatMap((name) => [...(CSS.highlights.get(name) ?? [])].map((range) => range.toString()));
    const marks = new Map();
    for (const element of document.querySelectorAll(".ProseMirror .cms-comment-mark")) {
      const copy = element.cloneNode(true);
      for (const cursor of copy.querySelectorAll(".ProseMirror-yjs-cursor")) cursor.remove();
      marks.set(element.dataset.cmsThread, (marks.get(element.dataset.cmsThread) ?? "") + copy.textContent.replace(/\u2060/g, ""));
    }
    return [...plain, ...marks.values()].sort().join(" | ");
  });

/** Writes a comment on what is selected, through the floating button or (with `shortcut`) Ctrl+Alt+M. */
async function comment(page, text, { shortcut = false } = {}) {
  if (shortcut) await page.keyboard.press("Control+Alt+M");
  else await page.getByRole("button", { name: "Comment on the selected words" }).click();
  const form = page.getByRole("form", { name: "New comment" });
  await form.getByRole("textbox", { name: "Comment" }).fill(text);
  await form.getByRole("button", { name: "Comment", exact: true }).click();
  await form.waitFor({ state: "detached" });
}

const countName = (open) => (open > 0 ? `Comments, ${open} open` : "Comments");
/*
 * Waits for the bar's count where the editor sees it: on the button, or in the More menu when the
 * bar folded it there (a bar with more actions than fit, such as unread inquiries and the Language
 * action); a folded action is display:none, so a role query alone never finds it.
 */
const countShown = (page, open) => seenInBar(page, countName(open));
const card = (page, words) => page.getByRole("complementary", { name: "Comments" }).getByRole("article", { name: new RegExp(`on “${words}”`) });

const shot = (page, name) => {
  mkdirSync(OUT, { recursive: true });
  return page.screenshot({ path: join(OUT, name), animations: "disabled", caret: "hide" });
};

/*
 * A whole-section comment, a reply with a mention, resolve and the resolved toggle, at `width`:
 * 1280 px keeps the bar's actions in a row (and takes the README's picture), 1100 px folds them
 * into More, where the count must still be read.
 */
async function wholeSection(ctx, width) {
  const { id, path, setup } = await reviewPage(ctx);
  await api(setup.context, ctx.site, "POST", `/api/cms/pages/${id}/comments`, { field: "body", from: BODY.indexOf("ten"), to: BODY.indexOf("ten") + 9, text: "Should this say 12?" });
  // An unread inquiry of its own: with it and the Language action the bar folds at 1100 px.
  if (width < 1280) await sendContact(ctx);
  const { page, context } = await openAs(ctx.browser, ctx.site, "editor@example.test", { viewport: { width, height: 900 } });
  ctx.track(context);
  await page.goto(path);
  await waitForEditing(page);
  await page.locator("[data-cms-entry]").first().getByRole("button", { name: "Comment on section" }).click();
  const form = page.getByRole("form", { name: "New comment" });
  await form.getByText("On the whole section").waitFor();
  await form.getByRole("textbox", { name: "Comment" }).fill("Could this section have a photo?");
  await form.getByRole("button", { name: "Comment", exact: true }).click();
  await countShown(page, 2);
  if (width < 1280) assert.match(await page.locator(".cms-bar").getAttribute("class"), /cms-folded/, "the bar folded its actions into More");
  const panel = page.getByRole("complementary", { name: "Comments" });
  await card(page, "ten euros").getByRole("textbox", { name: "Reply" }).fill("Twelve from April, @Pat");
  await page.getByRole("option", { name: "Pat Publisher" }).click();
  await card(page, "ten euros").getByRole("button", { name: "Reply" }).click();
  await card(page, "ten euros").getByText("Twelve from April, @Pat Publisher").waitFor();
  clean(await seriousViolations(page));
  // The margin leaves room below its last thread, so it scrolls clear of the edit bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  if (width === 1280) await shot(page, "review-comments.png");
  await card(page, "ten euros").getByRole("button", { name: "Resolve thread" }).click();
  await countShown(page, 1);
  await card(page, "ten euros").waitFor({ state: "detached" });
  await panel.getByRole("checkbox", { name: "Show resolved" }).check();
  await card(page, "ten euros").getByText(/^Resolved by Eddie Editor/).waitFor();
}

export const tests = [
  {
    name: "comments: three editors see threads on words in a rich field and a section heading stay on their words while one types before and inside them, replies, resolves and deletes live",
    async run(ctx) {
      const { id, path } = await reviewPage(ctx);
      const { a, b } = await twoEditors(ctx, path);
      const third = await openAs(ctx.browser, ctx.site, "admin@example.test");
      ctx.track(third.context);
      const c = third.page;
      await c.goto(path);
      await waitForEditing(c);

      await select(a, rich(a), BODY.indexOf("price"), BODY.indexOf("price") + 5);
      await comment(a, "Is this price right?");
      await select(a, heading(a, id), HEADING.indexOf("hours"), HEADING.indexOf("hours") + 5);
      await comment(a, "Check the hours", { shortcut: true });
      for (const page of [a, b, c]) await countShown(page, 2);
      await converge([a, b, c], highlighted, "hours | price");

      // B types before the words and inside them, in both fields.
      await select(b, rich(b), 0);
      await b.keyboard.type("Now ");
      await select(b, rich(b), "Now The pri".length);
      await b.keyboard.type("c");
      await select(b, heading(b, id), 0);
      await b.keyboard.type("Our ");
      await select(b, heading(b, id), "Our Opening ho".length);
      await b.keyboard.type("u");
      await converge([a, b, c], highlighted, "houurs | pricce");

      await barAction(b, countName(2));
      await card(b, "pricce").getByRole("textbox", { name: "Reply" }).fill("Yes, checked with the kitchen");
      await card(b, "pricce").getByRole("button", { name: "Reply" }).click();
      // A's panel has been open since A wrote the comments.
      await card(a, "pricce").getByText("Yes, checked with the kitchen").waitFor();
      await card(a, "pricce").getByRole("button", { name: "Resolve thread" }).click();
      for (const page of [a, b, c]) await countShown(page, 1);
      await converge([a, b, c], highlighted, "houurs");
      await card(b, "pricce").waitFor({ state: "detached" });

      await select(b, heading(b, id), "Our Opening ".length, "Our Opening houurs".length);
      await b.keyboard.press("Backspace");
      for (const page of [a, b]) await page.getByRole("complementary", { name: "Comments" }).getByText("The text this comment was on was deleted").waitFor();
      await converge([a, b, c], highlighted, "");

      await a.keyboard.press("Escape");
      await a.getByRole("complementary", { name: "Comments" }).waitFor({ state: "hidden" });
    },
  },
  {
    name: "comments: a section's whole-section comment, the resolved toggle, and axe with the margin open on a desktop",
    run: (ctx) => wholeSection(ctx, 1280),
  },
  {
    name: "comments: at 1100 px, where the bar folds into More (unread inquiries, the Language action), a whole-section comment still reaches the Comments count",
    run: (ctx) => wholeSection(ctx, 1100),
  },
  {
    name: "comments: on a 390 px phone the sheet opens from the bar's More menu and shows the thread, with no serious axe violation",
    async run(ctx) {
      const { id, path, setup } = await reviewPage(ctx);
      await api(setup.context, ctx.site, "POST", `/api/cms/pages/${id}/comments`, { field: "title", from: "Garden ".length, to: "Garden menu".length, text: "Menu or card?" });
      const { page, context } = await openAs(ctx.browser, ctx.site, "editor@example.test", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      ctx.track(context);
      await page.goto(path);
      await waitForEditing(page);
      await converge([page], highlighted, "menu");
      await barAction(page, "Comments, 1 open");
      const sheet = page.getByRole("complementary", { name: "Comments" });
      await card(page, "menu").getByText("Menu or card?").waitFor();
      const box = await sheet.boundingBox();
      assert.ok(box && box.width >= 380 && box.y + box.height >= 840, `a sheet across the bottom of the screen: ${JSON.stringify(box)}`);
      clean(await seriousViolations(page));
      await shot(page, "review-comments-phone.png");
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "hidden" });

      const visitor = await openAs(ctx.browser, ctx.site);
      ctx.track(visitor.context);
      await visitor.page.goto(path);
      assert.equal(await visitor.page.locator(".cms-comments, .cms-comment-mark, .cms-comment-float").count(), 0, "nothing of comments on a visitor's page");
    },
  },
];
