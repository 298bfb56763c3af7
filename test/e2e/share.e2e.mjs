// Preview and share (issue 23, item 4): Preview shows the draft as visitors will see it, a
// publisher's share link shows the draft to a browser without an account (noindex) until it is
// revoked or expires, Done shows what visitors see and Edit comes back without a reload, and the
// Publish dialog says whether the draft differs from what visitors see.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seriousViolations } from "./axe.mjs";
import { api, barAction, newPage, openAs, waitForEditing, waitForStatus } from "./browser.mjs";

const IMAGES = join(dirname(fileURLToPath(import.meta.url)), "../../docs/images");
const PUBLISHER = "publisher@example.test";
const titleOf = (page, id) => page.locator(`h1[data-cms-field="pages:${id}:title"]`);
const unique = (text) => `${text} ${Date.now().toString(36)}`;
const clean = (violations) => assert.deepEqual(violations, [], `axe found:\n    ${violations.join("\n    ")}`);

/** A published page (title `published`) open in edit mode for the publisher. */
async function publisherOnPublishedPage({ browser, site, track }, options = {}) {
  const { context, page } = await openAs(browser, site, PUBLISHER, options);
  track(context);
  const published = unique("Opening hours");
  const { id, path } = await newPage(context, site, { title: published, body: "<p>We open at nine.</p>" });
  await api(context, site, "POST", `/api/cms/pages/${id}/versions`, { title: published });
  await api(context, site, "POST", `/api/cms/pages/${id}/publish`, {});
  await page.goto(path);
  await waitForEditing(page);
  return { context, page, id, path, published };
}

/** Replaces the title in edit mode with `text`. */
async function retitle(page, id, text) {
  await titleOf(page, id).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** A browser context with no cookies at all: someone who was sent the link. */
async function stranger({ browser, site, track }) {
  const context = track(await browser.newContext({ baseURL: site.origin }));
  return context.newPage();
}

async function createLinkInPanel(page) {
  await page.getByRole("button", { name: "Share a link to this draft" }).click();
  const panel = page.getByRole("dialog", { name: "Share a draft" });
  await panel.getByRole("button", { name: "Create link" }).click();
  await panel.getByText(/^Link created/).waitFor();
  const field = panel.getByRole("textbox", { name: /^Share link, expires/ }).first();
  return { panel, url: await field.inputValue() };
}

export const tests = [
  {
    name: "share: Preview shows the draft just typed as visitors will see it, without editor chrome, and Back to editing returns",
    async run(ctx) {
      const { page, id } = await publisherOnPublishedPage(ctx, { viewport: { width: 1100, height: 720 } });
      // A fixed title (the page itself is new), so the screenshot is the same on every run.
      const draft = "Opening hours from March: we open an hour earlier";
      await retitle(page, id, draft);
      // At once: the room has the edit, D1 not yet (it writes when edits settle); Preview must still show it.
      await barAction(page, "Preview as visitors will see it");
      const view = page.locator(".cms-visitor-view");
      await view.locator("h1").waitFor();
      assert.equal((await view.locator("h1").textContent())?.trim(), draft);
      assert.equal(await view.locator("[data-cms-field], [contenteditable], .ProseMirror").count(), 0, "no editable field in the preview");
      assert.equal(await page.locator(".cms-bar").isVisible(), false, "the edit bar is hidden");
      assert.equal(await page.locator(".cms-editing").isVisible(), false, "the editing banner is hidden");
      assert.equal(await titleOf(page, id).isVisible(), false, "the editing page is hidden");
      const back = page.getByRole("button", { name: "Back to editing" });
      assert.ok(await back.isVisible());
      mkdirSync(IMAGES, { recursive: true });
      await page.screenshot({ path: join(IMAGES, "preview.png"), animations: "disabled", caret: "hide" });
      await back.click();
      await page.locator(".cms-bar").waitFor();
      assert.equal(await view.count(), 0);
      assert.equal((await titleOf(page, id).textContent())?.trim(), draft);
      assert.equal(await page.evaluate(() => window.louise.mode()), "live");
    },
  },
  {
    name: "share: a link opened without cookies shows the draft read-only and noindex, and is refused once revoked",
    async run(ctx) {
      const { page, id, path, published } = await publisherOnPublishedPage(ctx);
      const draft = unique("Shared draft title");
      await retitle(page, id, draft);
      await waitForStatus(page, "Draft saved");
      const { panel, url } = await createLinkInPanel(page);
      assert.match(url, new RegExp(`^${ctx.site.origin}/share/[0-9a-f]{32}\\.[0-9a-f]{64}$`));

      const visitor = await stranger(ctx);
      const response = await visitor.goto(url);
      assert.equal(response.status(), 200);
      assert.equal(response.headers()["x-robots-tag"], "noindex");
      assert.equal(response.headers()["cache-control"], "private, no-store");
      assert.equal(response.headers()["referrer-policy"], "no-referrer");
      assert.equal(await visitor.locator('meta[name="robots"]').getAttribute("content"), "noindex");
      assert.equal((await visitor.locator("h1").textContent())?.trim(), draft);
      assert.equal(await visitor.locator("[data-cms-field], [contenteditable], .cms-bar, script").count(), 0, "read-only: no editor");
      // The page itself still shows visitors the published title.
      await visitor.goto(path);
      assert.equal((await visitor.locator("h1").textContent())?.trim(), published);

      await panel.getByRole("button", { name: /^Revoke the link/ }).first().click();
      await panel.getByText("Link revoked: it no longer opens the draft.").waitFor();
      await panel.getByText("No open links.").waitFor();
      const refused = await visitor.goto(url);
      assert.equal(refused.status(), 410);
      await visitor.getByText("This share link was revoked").waitFor();
      assert.equal(await visitor.getByText(draft).count(), 0);
    },
  },
  {
    name: "share: a link past its expiry is refused",
    async run(ctx) {
      const { context, id } = await publisherOnPublishedPage(ctx);
      const link = await api(context, ctx.site, "POST", "/api/cms/share-links", { collection: "pages", id, expiresInSeconds: 5 });
      // Before expiry it opens (asked without a browser, so a loaded machine cannot make it late).
      assert.equal((await fetch(new URL(link.url, ctx.site.origin))).status, 200);
      const visitor = await stranger(ctx);
      // Until the expiry the server gave the link (server and test share a clock): counting five
      // seconds from before the request came short when the request itself was slow.
      await visitor.waitForTimeout(Math.max(0, Date.parse(link.expiresAt) + 100 - Date.now()));
      const refused = await visitor.goto(link.url);
      assert.equal(refused.status(), 410);
      await visitor.getByText("This share link has expired").waitFor();
    },
  },
  {
    name: "share: Done shows what visitors see (the published page, no editor), and Edit brings edit mode back without a reload",
    async run(ctx) {
      const { page, id, path, published } = await publisherOnPublishedPage(ctx);
      // Someone else on the page sees the publisher there until Done.
      const other = await openAs(ctx.browser, ctx.site, "editor@example.test");
      ctx.track(other.context);
      await other.page.goto(path);
      await waitForEditing(other.page);
      await other.page.locator(".cms-people li").first().waitFor();
      const draft = unique("Draft not yet live");
      await retitle(page, id, draft);
      await waitForStatus(page, "Draft saved");
      await page.evaluate(() => (window.__sameDocument = true));
      await page.getByRole("button", { name: "Done editing" }).click();
      const edit = page.getByRole("button", { name: "Edit", exact: true });
      await edit.waitFor();
      assert.equal((await page.locator("h1").textContent())?.trim(), published, "visitors' content, not the draft");
      assert.equal(await page.locator("[data-cms-field], [contenteditable], .ProseMirror, .cms-bar, .cms-editing, .ProseMirror-yjs-cursor").count(), 0);
      assert.equal(await page.locator("main").evaluate((main) => getComputedStyle(main.querySelector("h1")).outlineStyle), "none");
      await other.page.locator(".cms-people li").first().waitFor({ state: "detached" });

      await edit.click();
      // The new edit bar comes with the new mount; then its room connects.
      await page.locator(".cms-bar").waitFor();
      await page.waitForFunction(() => window.louise.mode() === "live");
      assert.equal(await page.evaluate(() => window.__sameDocument), true, "no reload");
      assert.equal((await titleOf(page, id).textContent())?.trim(), draft);
      await page.locator(".cms-editing").waitFor();
      const again = `${draft} again`;
      await retitle(page, id, again);
      await waitForStatus(page, "Draft saved");
      await page.getByRole("button", { name: "Preview as visitors will see it" }).click();
      assert.equal((await page.locator(".cms-visitor-view h1").textContent())?.trim(), again);
    },
  },
  {
    name: "share: the Publish dialog says whether the draft differs from what visitors see",
    async run(ctx) {
      const { context, page, id } = await publisherOnPublishedPage(ctx);
      await page.getByRole("button", { name: "Publish this page" }).click();
      const dialog = page.getByRole("dialog", { name: "Publish" });
      await dialog.getByText(/^Published: visitors see version \d+\. The draft is the same as what visitors see\.$/).waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await api(context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: unique("Changed in a draft") });
      await page.getByRole("button", { name: "Publish this page" }).click();
      await dialog.getByText(/The draft differs from what visitors see \(changed: title\); publishing shows it to them\.$/).waitFor();
      await dialog.getByRole("button", { name: "Publish now" }).click();
      await dialog.getByText("The draft is the same as what visitors see.", { exact: false }).waitFor();
    },
  },
  {
    name: "a11y: the share panel with an open link has no serious or critical axe violation",
    async run(ctx) {
      const { page } = await publisherOnPublishedPage(ctx);
      await createLinkInPanel(page);
      clean(await seriousViolations(page));
    },
  },
  {
    name: "share: an editor without the publish privilege gets Preview but no Share",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      await page.goto("/about");
      await waitForEditing(page);
      await page.getByRole("button", { name: "Preview as visitors will see it" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Share a link to this draft" }).count(), 0);
    },
  },
];
