// Suggest mode (issue 36, item 2): an editor's edits in Suggesting mode are recorded as
// suggestions, shown inline to everyone and left out of the draft; the author or a publisher
// accepts or rejects them, exactly once even when two publishers click at once.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { api, barAction, converge, newPage, openAs, seenInBar, textWithoutCarets, waitForEditing } from "./browser.mjs";
import { seriousViolations } from "./axe.mjs";

const IMAGES = join(dirname(fileURLToPath(import.meta.url)), "../../docs/images");

const title = (page) => page.locator("h1[data-cms-field]");
export const body = (page) => page.locator(".ProseMirror");
const modeSwitch = (page) => page.locator(".cms-bar").getByRole("switch", { name: "Suggesting" });
export const panelOf = (page) => page.getByRole("dialog", { name: "Suggestions" });

/* Three people on one fresh page: the editor who suggests and two publishers (two contexts of the publisher's account). */
export async function threeOnAPage({ browser, site, track }) {
  const editor = await openAs(browser, site, "editor@example.test");
  const one = await openAs(browser, site, "publisher@example.test");
  const two = await openAs(browser, site, "publisher@example.test");
  for (const { context } of [editor, one, two]) track(context);
  const { id, path } = await newPage(one.context, site, { title: "Opening hours", body: "<p>We open at nine on weekdays.</p>" });
  await api(one.context, site, "POST", `/api/cms/pages/${id}/publish`, {});
  await Promise.all([editor, one, two].map(({ page }) => page.goto(path)));
  await Promise.all([editor, one, two].map(({ page }) => waitForEditing(page)));
  return { editor, one, two, id, path };
}

/* Switches the page to Suggesting (by keyboard: the switch is a button) and waits until it says so. */
export async function startSuggesting(page) {
  await modeSwitch(page).focus();
  await page.keyboard.press("Enter");
  await page.locator('.cms-bar [role=switch][aria-checked="true"]').waitFor();
}

/* Places the caret right after `word` in the element and types or deletes there. */
export async function caretAfter(page, locator, word) {
  await locator.click();
  await page.evaluate(
    ({ selector, word }) => {
      const root = document.querySelector(selector);
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.data.indexOf(word);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at + word.length);
        range.collapse(true);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        return;
      }
      throw new Error(`no ${word}`);
    },
    { selector: await locator.evaluate((element) => (element.matches("h1") ? "h1[data-cms-field]" : ".ProseMirror")), word },
  );
  // The editor takes a DOM selection in on "selectionchange", a task later: a key it handles
  // itself (Enter) must not come first. Typed text is read from the DOM and needs no wait.
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 0)));
}

/* The editor suggests: "new " inserted and "Opening" struck in the title, " sharp" inserted and "weekdays" struck in the body. */
async function suggestFour(page) {
  await startSuggesting(page);
  await caretAfter(page, title(page), "Opening ");
  await page.keyboard.type("new ");
  await caretAfter(page, title(page), "Opening");
  for (let i = 0; i < "Opening".length; i++) await page.keyboard.press("Backspace");
  await caretAfter(page, body(page), "nine");
  await page.keyboard.type(" sharp");
  await caretAfter(page, body(page), "weekdays");
  for (let i = 0; i < "weekdays".length; i++) await page.keyboard.press("Backspace");
}

/* The words each page shows as suggested, without the other editors' carets drawn among them. */
const marks = (page) =>
  page.evaluate(() => {
    const words = (selector) =>
      [...document.querySelectorAll(selector)].map((element) => {
        const copy = element.cloneNode(true);
        for (const caret of copy.querySelectorAll(".ProseMirror-yjs-cursor")) caret.remove();
        return copy.textContent;
      });
    return { inserted: words("ins.cms-suggestion, .ProseMirror ins"), deleted: words("del.cms-suggestion, .ProseMirror del") };
  });

/* The newest version's title and body ("title|body"), the draft the room wrote last. */
export async function newestVersion(context, site, id) {
  const { items } = await api(context, site, "GET", `/api/cms/pages/${id}/versions`);
  const newest = items.reduce((a, b) => (b.id > a.id ? b : a), items[0]);
  const data = typeof newest?.versionData === "string" ? JSON.parse(newest.versionData) : newest?.versionData;
  return data ? `${data.title}|${data.body}` : "";
}

export const tests = [
  {
    name: "suggest: insertions and deletions in a plain and a rich field show to everyone, marked, and stay out of the draft",
    async run(ctx) {
      const { editor, one, id } = await threeOnAPage(ctx);
      await suggestFour(editor.page);
      const expected = { inserted: ["new ", " sharp"], deleted: ["Opening", "weekdays"] };
      await converge([editor.page, one.page], async (page) => JSON.stringify(await marks(page)), JSON.stringify(expected), 15_000);
      await seenInBar(one.page, "Suggestions, 4 open");
      const { suggestions } = await api(one.context, ctx.site, "GET", `/api/cms/pages/${id}/suggestions`);
      assert.deepEqual(suggestions.map((s) => s.kind).sort(), ["delete", "delete", "insert", "insert"]);
      assert.ok(suggestions.every((s) => s.authorName === "Eddie Editor"), JSON.stringify(suggestions));
      // The draft the room writes (here for a write from outside, which it merges and stores whole) reads them as not made.
      await api(one.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Opening hours" });
      assert.equal(await newestVersion(one.context, ctx.site, id), "Opening hours|<p>We open at nine on weekdays.</p>");
    },
  },
  {
    name: "suggest: open suggestions leave the published page as it was; two publishers settling at once apply each once",
    async run(ctx) {
      const { editor, one, two, id, path } = await threeOnAPage(ctx);
      await suggestFour(editor.page);
      const everyone = [editor.page, one.page, two.page];
      await converge(everyone, async (page) => (await marks(page)).inserted.length + (await marks(page)).deleted.length, 4, 15_000);

      // Published with four suggestions open (and a draft to publish): visitors see the page as it was.
      await api(one.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Opening hours" });
      await api(one.context, ctx.site, "POST", `/api/cms/pages/${id}/publish`, {});
      const visitor = await (await fetch(new URL(path, ctx.site.origin))).text();
      assert.match(visitor, /<h1[^>]*>Opening hours<\/h1>/);
      assert.ok(visitor.includes("We open at nine on weekdays.") && !visitor.includes("sharp") && !visitor.includes("cms:"), visitor);

      const settles = [];
      for (const page of [one.page, two.page]) {
        page.on("response", (response) => {
          if (/\/suggestions\/[^/]+\/(accept|reject)$/.test(new URL(response.url()).pathname)) settles.push(`${response.url().split("/").pop()} ${response.status()}`);
        });
        await barAction(page, "Suggestions");
        await panelOf(page).locator("li", { hasText: "sharp" }).waitFor();
      }
      const both = (words, action) => Promise.all([one.page, two.page].map((page) => panelOf(page).locator("li", { hasText: words }).getByRole("button", { name: new RegExp(`^${action}`) }).click()));
      await both("new", "Accept");
      await converge([one.page, two.page], async (page) => panelOf(page).locator("li", { hasText: "new" }).count(), 0, 15_000);
      // The publisher whose click came second is told so in words.
      const told = await Promise.all([one.page, two.page].map((page) => panelOf(page).getByText("Already settled by someone else.").count()));
      assert.equal(told[0] + told[1], 1, `told: ${told}`);
      await both("sharp", "Reject");
      await converge(everyone, (page) => textWithoutCarets(title(page)), "Opening new hours", 15_000);
      await converge(everyone, (page) => textWithoutCarets(body(page)), "We open at nine on weekdays.", 15_000);
      // The pages show the room's change as it syncs, which can come before the answers to the clicks.
      await converge([one.page], async () => settles.length, 4, 15_000);
      assert.deepEqual(settles.sort(), ["accept 200", "accept 409", "reject 200", "reject 409"].sort(), settles.join(", "));

      // The draft holds the accepted words once and the rejected ones nowhere; the deletions still open leave their words in.
      await converge([one.page], () => newestVersion(one.context, ctx.site, id), "Opening new hours|<p>We open at nine on weekdays.</p>", 20_000);
      await api(one.context, ctx.site, "POST", `/api/cms/pages/${id}/publish`, {});
      const row = await api(one.context, ctx.site, "GET", `/api/cms/pages/${id}`);
      assert.equal(row.title, "Opening new hours");
      assert.equal(row.body, "<p>We open at nine on weekdays.</p>");
    },
  },
  {
    name: "suggest: the Suggestions panel and the inline marks have no serious or critical axe violation (and the README's picture)",
    async run(ctx) {
      const { editor, one } = await threeOnAPage(ctx);
      await suggestFour(editor.page);
      // And a new paragraph (Enter), drawn with its mark at the paragraph's edge.
      await caretAfter(editor.page, body(editor.page), "sharp");
      await editor.page.keyboard.press("Enter");
      await converge([one.page], async (page) => (await marks(page)).inserted.length, 2, 15_000);
      await one.page.locator(".ProseMirror p.cms-block-split").waitFor();
      await barAction(one.page, "Suggestions");
      const panel = panelOf(one.page);
      await panel.getByRole("button", { name: "Accept all" }).waitFor();
      await panel.locator("li").nth(4).waitFor();
      const violations = await seriousViolations(one.page);
      assert.deepEqual(violations, [], `axe found:\n    ${violations.join("\n    ")}`);
      mkdirSync(IMAGES, { recursive: true });
      await one.page.screenshot({ path: join(IMAGES, "review-suggestions.png"), animations: "disabled", caret: "hide" });
    },
  },
  {
    name: "suggest: with suggestByDefault an editor without the publish right starts in Suggesting mode, a publisher in Editing",
    async run({ browser, site, track }) {
      const editor = await openAs(browser, site, "editor@example.test");
      const publisher = await openAs(browser, site, "publisher@example.test");
      for (const { context } of [editor, publisher]) track(context);
      const { path } = await newPage(publisher.context, site, { title: "Review first" });
      await Promise.all([editor.page.goto(`${path}?suggest`), publisher.page.goto(`${path}?suggest`)]);
      await Promise.all([waitForEditing(editor.page), waitForEditing(publisher.page)]);
      assert.equal(await modeSwitch(editor.page).getAttribute("aria-checked"), "true");
      assert.equal(await modeSwitch(publisher.page).getAttribute("aria-checked"), "false");
    },
  },
];
