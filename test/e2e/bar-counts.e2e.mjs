// The edit bar's counts where an editor sees them (issue 37's folded-bar defect): with the
// Language action and unread inquiries the bar folds its secondary actions into More at 1,100 px
// and on a 390 px phone; the Inquiries, Comments and Suggestions counts still say what is waiting
// (in the opened menu, and summed on More), and go up live when another editor comments.
import assert from "node:assert/strict";
import { api, newPage, openAs, resetContactLimit, seenInBar, waitForEditing } from "./browser.mjs";
import { startSuggesting } from "./suggestions.e2e.mjs";

/* A visitor's contact message, so the editor has at least one unread inquiry. */
export async function sendContact({ browser, site, track }) {
  await resetContactLimit(site);
  const context = track(await browser.newContext({ baseURL: site.origin }));
  const page = await context.newPage();
  await page.goto("/");
  // The form discards a submit sooner than 3 seconds after it was shown (a bot's speed).
  await page.waitForTimeout(3_200);
  await page.getByLabel("Name").fill(`Counted ${Date.now().toString(36)}`);
  await page.getByLabel("Email").fill("reader@example.test");
  await page.getByLabel("Message").fill("Open on Sundays?");
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByText("Thank you, your message was sent.").waitFor();
}

/* A page the publisher made, with one comment on its body; `comment` adds another. */
async function commentedPage(ctx) {
  const publisher = await openAs(ctx.browser, ctx.site, "publisher@example.test");
  ctx.track(publisher.context);
  const { id, path } = await newPage(publisher.context, ctx.site, { title: "Counted hours", body: "<p>We open at nine.</p>" });
  const comment = (text) => api(publisher.context, ctx.site, "POST", `/api/cms/pages/${id}/comments`, { field: "body", from: 3, to: 7, text });
  await comment("Which door?");
  return { path, comment };
}

/*
 * An editor with an unread inquiry on a page with one comment, at `viewport`: each count is read
 * where the editor sees it, then another editor's comment and the editor's own suggestion raise it.
 */
async function countsAt(ctx, viewport) {
  // The publisher makes the commented page while the visitor's form waits out its 3 seconds.
  const [{ path, comment }] = await Promise.all([commentedPage(ctx), sendContact(ctx)]);

  const { page, context } = await openAs(ctx.browser, ctx.site, "editor@example.test", { viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  ctx.track(context);
  await page.goto(path);
  await waitForEditing(page);
  const bar = page.locator(".cms-bar");
  assert.equal(await bar.getByRole("button", { name: /language and translations/, includeHidden: true }).count(), 1, "the Language action is in the bar");
  const { unread } = await api(context, ctx.site, "GET", "/api/cms/inquiries?limit=1");
  assert.ok(unread >= 1);
  await seenInBar(page, `Inquiries, ${unread} unread`);
  await seenInBar(page, "Comments, 1 open");
  // The bar folds at these widths: what this test is about.
  assert.match(await bar.getAttribute("class"), /cms-folded/, `folded at ${viewport.width} px`);

  // Live: another editor's comment reaches the count, in the menu and on More.
  await comment("And which floor?");
  await seenInBar(page, "Comments, 2 open");
  await page.waitForFunction((n) => document.querySelector(".cms-bar .cms-more")?.getAttribute("aria-label") === `More actions, ${n} waiting`, unread + 2);

  // The editor's own suggestion counts too (the switch stays in the bar, outside More).
  await startSuggesting(page);
  await page.locator("h1[data-cms-field]").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" daily");
  await seenInBar(page, "Suggestions, 1 open");
  await page.waitForFunction((n) => document.querySelector(".cms-bar .cms-more")?.getAttribute("aria-label") === `More actions, ${n} waiting`, unread + 3);
}

export const tests = [
  {
    name: "bar counts: at 1100 px with the Language action and unread inquiries the bar folds, and Inquiries, Comments and Suggestions show their counts in More, live",
    run: (ctx) => countsAt(ctx, { width: 1100, height: 900 }),
  },
  {
    name: "bar counts: on a 390 px phone Inquiries, Comments and Suggestions show their counts in More, live",
    run: (ctx) => countsAt(ctx, { width: 390, height: 844 }),
  },
];
