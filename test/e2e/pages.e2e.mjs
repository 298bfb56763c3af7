// Pages from the page (issue 22, item 4): a page created from the edit bar, edited, published,
// renamed (its old address redirects once the rename is published) and deleted by the publisher;
// the page list; the site menu changed from the settings and seen by a visitor.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seriousViolations } from "./axe.mjs";
import { api, barAction, newPage, openAs, request, waitForEditing, waitForStatus } from "./browser.mjs";

const IMAGES = join(dirname(fileURLToPath(import.meta.url)), "../../docs/images");
const stamp = () => Date.now().toString(36);

/*
 * Publishes from the bar and waits for this publish's answer: the status line may still say
 * "Published" from an earlier publish of the same page, so the status alone proves nothing.
 */
async function publishNow(page) {
  await page.getByRole("button", { name: "Publish this page" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish" });
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith("/publish"));
  await dialog.getByRole("button", { name: "Publish now" }).click();
  assert.equal((await answered).status(), 200);
  await waitForStatus(page, "Published");
  await dialog.getByRole("button", { name: "Close" }).click();
}

/** The status `path` answers in `context` (a redirect not followed). */
async function statusAt(context, path) {
  return (await request(context, path, { maxRedirects: 0 })).status();
}

/** The editor, the publisher and a visitor, each in a browser context of their own. */
async function threePeople({ browser, site, track }) {
  const [editor, publisher, visitor] = await Promise.all([
    openAs(browser, site, "editor@example.test"),
    openAs(browser, site, "publisher@example.test"),
    openAs(browser, site),
  ]);
  for (const { context } of [editor, publisher, visitor]) track(context);
  return { editor, publisher, visitor };
}

export const tests = [
  {
    name: "pages: a new page from the bar is edited, published, renamed (the old address redirects after publish) and deleted by the publisher only",
    async run(ctx) {
      const { site } = ctx;
      const { editor, publisher, visitor } = await threePeople(ctx);
      const name = `Team ${stamp()}`;
      const slug = name.toLowerCase().replace(" ", "-");

      await editor.page.goto("/about");
      await waitForEditing(editor.page);
      await editor.page.getByRole("button", { name: "Create a new page" }).click();
      const create = editor.page.getByRole("dialog", { name: "New page" });
      await create.getByLabel("Title").fill(name);
      assert.equal(await create.getByLabel("Address (after /)").inputValue(), slug);
      await Promise.all([editor.page.waitForURL(`**/${slug}`), create.getByRole("button", { name: "Create page" }).click()]);
      await waitForEditing(editor.page);
      // A draft: the editor sees it in edit mode, a visitor gets 404.
      assert.equal(await statusAt(visitor.context, `/${slug}`), 404);
      const title = editor.page.locator("h1[data-cms-field]");
      assert.equal((await title.textContent())?.trim(), name);
      await title.click();
      await editor.page.keyboard.press("End");
      await editor.page.keyboard.type(" and friends");
      await waitForStatus(editor.page, "Draft saved");

      await publisher.page.goto(`/${slug}`);
      await waitForEditing(publisher.page);
      await publishNow(publisher.page);
      await visitor.page.goto(`/${slug}`);
      assert.equal((await visitor.page.locator("h1").textContent())?.trim(), `${name} and friends`);

      // Renamed by the editor: a draft, so both addresses answer as before until a publish.
      await editor.page.getByRole("button", { name: "Page address and deletion" }).click();
      const settings = editor.page.getByRole("dialog", { name: "Page settings" });
      assert.equal(await settings.getByRole("button", { name: "Delete page" }).count(), 0);
      await settings.getByLabel("Address (after /)").fill("Not OK");
      await settings.getByRole("button", { name: "Save address" }).click();
      await settings.getByText("Use lower-case letters").waitFor();
      await settings.getByLabel("Address (after /)").fill(`${slug}-crew`);
      await settings.getByRole("button", { name: "Save address" }).click();
      await settings.getByText(`Saved: /${slug}-crew once published.`).waitFor();
      await settings.getByRole("button", { name: "Close" }).click();
      assert.equal(await statusAt(visitor.context, `/${slug}`), 200);
      assert.equal(await statusAt(visitor.context, `/${slug}-crew`), 404);

      await publishNow(publisher.page);
      const moved = await request(visitor.context, `/${slug}`, { maxRedirects: 0 });
      assert.equal(moved.status(), 308);
      assert.equal(moved.headers().location, `/${slug}-crew`);
      await visitor.page.goto(`/${slug}`);
      assert.ok(visitor.page.url().endsWith(`/${slug}-crew`), visitor.page.url());

      // The editor cannot delete, even asking the API directly; the publisher can, after confirming.
      const { items } = await api(editor.context, site, "GET", "/api/cms/pages/list?limit=200");
      const id = items.find((entry) => entry.live.slug === `${slug}-crew`).id;
      const refused = await request(editor.context, `/api/cms/pages/${id}`, { method: "DELETE", headers: { origin: site.origin } });
      assert.equal(refused.status(), 403);
      await publisher.page.goto(`/${slug}-crew`);
      await waitForEditing(publisher.page);
      await publisher.page.getByRole("button", { name: "Page address and deletion" }).click();
      const doomed = publisher.page.getByRole("dialog", { name: "Page settings" });
      await doomed.getByRole("button", { name: "Delete page" }).click();
      await Promise.all([publisher.page.waitForURL(`${site.origin}/`), doomed.getByRole("button", { name: "Yes, delete this page" }).click()]);
      assert.equal(await statusAt(visitor.context, `/${slug}-crew`), 404);
    },
  },
  {
    name: "pages: the page list finds any page by a filter, marking draft-only, scheduled and published, and opens it",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const word = `findme${stamp()}`;
      await newPage(context, site, { title: `${word} draft` });
      const live = await newPage(context, site, { title: `${word} live` });
      await api(context, site, "POST", `/api/cms/pages/${live.id}/publish`, {});
      const later = await newPage(context, site, { title: `${word} later` });
      await api(context, site, "POST", `/api/cms/pages/${later.id}/publish`, { at: new Date(Date.now() + 86_400_000).toISOString() });

      await page.goto("/about");
      await waitForEditing(page);
      await page.getByRole("button", { name: "Pages: find a page" }).click();
      const panel = page.getByRole("dialog", { name: "Pages" });
      await panel.getByLabel("Filter pages").fill(word);
      await panel.getByText(/^3 of \d+ pages$/).waitFor();
      const item = (title) => panel.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
      assert.match(await item(`${word} draft`).textContent(), /Draft only/);
      assert.match(await item(`${word} live`).textContent(), /Published/);
      assert.match(await item(`${word} later`).textContent(), /Draft only · Scheduled for/);
      await panel.getByLabel("Filter pages").fill(`${word} live`);
      // Whole text only: a title another test typed ("… 1795553682711 offline …") holds "1 of" too.
      await panel.getByText(/^1 of \d+ pages$/).waitFor();
      await Promise.all([page.waitForURL(`**${live.path}`), panel.getByRole("link", { name: `${word} live` }).click()]);
      await waitForEditing(page);
    },
  },
  {
    name: "pages: the menu is changed in the settings by an admin, and a visitor sees it; an editor sees it read-only",
    async run(ctx) {
      const { site } = ctx;
      const { editor, visitor } = await threePeople(ctx);
      // Settings and the menu are an admin's to change.
      const publisher = await openAs(ctx.browser, site, "admin@example.test");
      ctx.track(publisher.context);
      const team = `Crew ${stamp()}`;
      const { id } = await newPage(publisher.context, site, { title: team });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/publish`, {});
      try {
        await publisher.page.goto("/about");
        await waitForEditing(publisher.page);
        await publisher.page.getByRole("button", { name: "Open page settings" }).click();
        const dialog = publisher.page.getByRole("dialog", { name: "Site settings" });
        const menu = dialog.getByRole("group", { name: "Menu" });
        await menu.waitFor();
        const removers = menu.getByRole("button", { name: /^Remove from the menu/ });
        while ((await removers.count()) > 0) await removers.first().click();
        for (const title of [team, "About us"]) {
          await menu.getByLabel("Page to add to the menu").selectOption({ label: title });
          await menu.getByRole("button", { name: "Add to menu" }).click();
        }
        await menu.getByLabel(`Menu label for ${team}`).fill("Our crew");
        await menu.getByRole("button", { name: "Move up: About us" }).click();
        await Promise.all([publisher.page.waitForEvent("load"), dialog.getByRole("button", { name: "Save settings" }).click()]);

        await visitor.page.goto("/");
        const links = await visitor.page.getByRole("navigation", { name: "Site" }).getByRole("link").allTextContents();
        assert.deepEqual(links, ["About us", "Our crew", "Sign in"]);

        await editor.page.goto("/about");
        await waitForEditing(editor.page);
        await editor.page.getByRole("button", { name: "Open page settings" }).click();
        const readOnly = editor.page.getByRole("dialog", { name: "Site settings" }).getByRole("group", { name: "Menu" });
        assert.equal(await readOnly.getByLabel("Menu label for About us").getAttribute("readonly"), "");
        assert.equal(await readOnly.getByRole("button", { name: "Add to menu" }).count(), 0);
      } finally {
        // Other tests follow the default menu's links.
        await api(publisher.context, site, "PATCH", "/api/cms/settings", { menu: null });
      }
    },
  },
  {
    name: "pages: the New page, Pages, Page and menu dialogs have no serious or critical axe violation",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "admin@example.test");
      track(context);
      await page.goto("/about");
      await waitForEditing(page);
      const check = async (button, name, ready) => {
        await page.getByRole("button", { name: button }).click();
        const dialog = page.getByRole("dialog", { name });
        await ready(dialog).waitFor();
        const violations = await seriousViolations(page);
        assert.deepEqual(violations, [], `${name}: axe found:\n    ${violations.join("\n    ")}`);
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
      };
      await check("Create a new page", "New page", (d) => d.getByLabel("Title"));
      // Other tests type into the about page's title; its name starts the same (a badge's starts "DE: ").
      await check("Pages: find a page", "Pages", (d) => d.getByRole("link", { name: /^About us/ }).first());
      await check("Page address and deletion", "Page settings", (d) => d.getByRole("button", { name: "Delete page" }));
      await check("Open page settings", "Site settings", (d) => d.getByLabel("Page to add to the menu"));
    },
  },
  {
    name: "screenshots: the page list",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test", { viewport: { width: 1100, height: 720 } });
      track(context);
      const made = [];
      for (const title of ["Opening hours", "Our team", "Spring menu"]) made.push(await newPage(context, site, { title }));
      await api(context, site, "POST", `/api/cms/pages/${made[0].id}/publish`, {});
      await api(context, site, "POST", `/api/cms/pages/${made[2].id}/publish`, { at: new Date(Date.now() + 86_400_000).toISOString() });
      await page.goto("/about");
      await waitForEditing(page);
      await barAction(page, "Pages: find a page");
      await page.getByRole("dialog", { name: "Pages" }).getByRole("link", { name: "Spring menu" }).waitFor();
      mkdirSync(IMAGES, { recursive: true });
      await page.screenshot({ path: join(IMAGES, "page-list.png"), animations: "disabled", caret: "hide" });
    },
  },
];
