// Journey (issue 35): an admin opens the Team panel from the edit bar and invites a colleague as an
// editor of the blog; the colleague opens the link in a browser of their own, sets a password, lands
// signed in, edits a blog page and is offered no editing of any other page. While they type, the
// admin narrows their scope, and their page says so at once. An admin makes a translator (a scope
// by language) from the panel. The Team panel passes axe, on a desktop and on a phone.
import assert from "node:assert/strict";
import { seriousViolations } from "../axe.mjs";
import { api, barAction, newPage, openAs, request, resetStatuses, waitForEditing, waitForStatus } from "../browser.mjs";

const TEAM = "Team: accounts and invites";
const PHONE = { width: 390, height: 844 };

export const tests = [
  {
    name: "journey team: an admin invites a colleague to the blog, who sets a password in a fresh browser, edits only blog pages, and is told at once when the admin narrows their scope as they type",
    async run({ browser, site, track }) {
      const admin = await openAs(browser, site, "admin@example.test");
      track(admin.context);
      const stamp = Date.now().toString(36);
      // The reference site's addresses are one segment, so the blog is the pages whose slug starts "blog-".
      const path = `/blog-${stamp}`;
      const { id } = await newPage(admin.context, site, { slug: path.slice(1), title: `Blog ${stamp}`, body: "<p>First post</p>" });
      // A published page of the demo, outside the blog.
      const elsewhere = { id: 2, path: "/about" };
      await admin.page.goto(path);
      await waitForEditing(admin.page);
      await barAction(admin.page, TEAM);
      const panel = admin.page.getByRole("dialog", { name: "Team" });
      await panel.getByRole("table", { name: "Accounts" }).getByRole("rowheader", { name: "Ada Admin" }).waitFor();
      assert.deepEqual(await seriousViolations(admin.page, ".cms-team"), [], "the Team panel has no serious accessibility violation");

      const email = `colleague-${stamp}@example.test`;
      const invite = panel.getByRole("form", { name: "Invite a colleague" });
      await invite.getByLabel("Email").fill(email);
      await invite.getByLabel("Name").fill("Kim Colleague");
      await invite.getByLabel("Role").selectOption("editor");
      await invite.getByLabel("Page address prefixes").fill("/blog-");
      await invite.getByRole("button", { name: "Create invite" }).click();
      const link = invite.getByLabel("Invite link");
      await link.waitFor();
      const url = await link.inputValue();
      assert.match(url, /\/invite\/[A-Za-z0-9_-]{43}$/);
      await panel.getByText(`Kim Colleague (${email}), editor`).waitFor();
      assert.deepEqual(await seriousViolations(admin.page, ".cms-team"), [], "with the link shown too");

      // The colleague has never signed in here: a visitor's context of their own, no cookie.
      const { context: colleague, page } = await openAs(browser, site);
      track(colleague);
      await page.goto(url);
      await page.getByRole("heading", { name: /^Join / }).waitFor();
      await page.getByLabel("New password").fill("short");
      await page.getByLabel("Repeat the password").fill("short");
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      // The browser refuses a too-short password itself (minlength): nothing was sent.
      assert.equal(new URL(page.url()).pathname, new URL(url).pathname);
      await page.getByLabel("New password").fill("qwerty123456");
      await page.getByLabel("Repeat the password").fill("qwerty123456");
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await page.getByRole("alert").getByText(/most common/).waitFor();
      await page.getByLabel("New password").fill("lantern orchard quietly");
      await page.getByLabel("Repeat the password").fill("lantern orchard quietly");
      await Promise.all([page.waitForURL(`${site.origin}/`), page.getByRole("button", { name: "Set password and sign in" }).click()]);
      const me = await request(colleague, "/api/cms/session");
      assert.deepEqual(await me.json(), { email, name: "Kim Colleague", roles: ["editor"] });

      // Outside the blog the page is a visitor's: no edit bar, no editable field, no room.
      await page.goto(elsewhere.path);
      await page.locator("h1").first().waitFor();
      assert.equal(await page.evaluate(() => typeof window.louise), "undefined", "no editor is mounted outside the scope");
      assert.equal(await page.locator("[data-cms-field], [contenteditable=true]").count(), 0, "no field is marked for editing");
      const refused = await request(colleague, `/api/cms/pages/${elsewhere.id}`, { method: "PATCH", data: { title: "Kim was here" }, headers: { origin: site.origin } });
      assert.equal(refused.status(), 403);
      assert.equal((await refused.json()).code, "out_of_scope");

      await page.goto(path);
      await waitForEditing(page);
      const title = page.locator(`[data-cms-field="pages:${id}:title"]`);
      await title.click();
      await page.keyboard.press("End");
      await resetStatuses(page);
      await page.keyboard.type(" by Kim");
      await waitForStatus(page, "Draft saved");

      // The admin narrows the colleague's scope while they are typing: the change tells the room,
      // which closes their socket (4409) before the change answers, so their page says so at once
      // (no timer of the room's is involved), then the room refuses them under the new scope.
      const { id: colleagueId } = (await api(admin.context, site, "GET", "/api/cms/editors")).editors.find((account) => account.email === email);
      const typing = (async () => {
        for (let i = 0; i < 20; i++) await page.keyboard.type("!", { delay: 60 });
      })();
      await api(admin.context, site, "PATCH", `/api/cms/editors/${colleagueId}`, { scopes: { paths: ["/news-"] } });
      await waitForStatus(page, "Your access to this page changed: reconnecting…", 2_500);
      await typing;
      await waitForStatus(page, "This page is outside your access: changes here are not saved");

      // Back in the admin's panel, the colleague is an account now, with the narrowed scope.
      await panel.getByRole("button", { name: "Close" }).click();
      await barAction(admin.page, TEAM);
      const row = admin.page.getByRole("dialog", { name: "Team" }).getByRole("row").filter({ hasText: email });
      await row.waitFor();
      assert.match(await row.textContent(), /pages under \/news-/);
    },
  },
  {
    name: "journey team: an admin invites a translator into German, then widens and narrows them again from the Team panel, and the API holds each scope",
    async run({ browser, site, track }) {
      const admin = await openAs(browser, site, "admin@example.test");
      track(admin.context);
      const { path } = await newPage(admin.context, site, { title: "Team languages", body: "<p>x</p>" });
      await admin.page.goto(path);
      await waitForEditing(admin.page);
      await barAction(admin.page, TEAM);
      const panel = admin.page.getByRole("dialog", { name: "Team" });
      await panel.getByRole("rowheader", { name: "Ada Admin" }).waitFor();

      const email = `translator-${Date.now().toString(36)}@example.test`;
      const invite = panel.getByRole("form", { name: "Invite a colleague" });
      const inviteLanguages = invite.getByRole("group", { name: "Languages" });
      assert.deepEqual(await inviteLanguages.getByRole("checkbox").evaluateAll((boxes) => boxes.map((box) => box.labels[0].textContent)), ["English (en)", "German (de)"]);
      await invite.getByLabel("Email").fill(email);
      await invite.getByLabel("Name").fill("Tom Translator");
      await inviteLanguages.getByRole("checkbox", { name: "German (de)" }).check();
      assert.deepEqual(await seriousViolations(admin.page, ".cms-team"), [], "the Team panel with its Languages has no serious accessibility violation");
      await invite.getByRole("button", { name: "Create invite" }).click();
      const link = invite.getByLabel("Invite link");
      await link.waitFor();
      const token = new URL(await link.inputValue()).pathname.split("/").pop();
      const { context: translator } = await openAs(browser, site);
      track(translator);
      const joined = await request(translator, "/invite", {
        method: "POST",
        form: { token, password: "lantern orchard quietly", confirm: "lantern orchard quietly" },
        headers: { origin: site.origin },
        maxRedirects: 0,
      });
      assert.equal(joined.status(), 303);
      const scopeOf = async () => (await api(admin.context, site, "GET", "/api/cms/editors")).editors.find((account) => account.email === email).scopes;
      assert.deepEqual(await scopeOf(), { locales: ["de"] }, "the invite carried the checked language");

      const row = () => panel.getByRole("row").filter({ hasText: email });
      const change = async () => {
        await row().getByRole("button", { name: "Change role and scope of Tom Translator" }).click();
        return panel.getByRole("form", { name: "Change Tom Translator" });
      };
      await panel.getByRole("button", { name: "Close" }).click();
      await barAction(admin.page, TEAM);
      await row().getByText("German only").waitFor();

      // None checked is every language: the admin widens the translator to the whole site.
      let form = await change();
      const german = form.getByRole("checkbox", { name: "German (de)" });
      assert.equal(await german.isChecked(), true, "the form shows the scope's language checked");
      await german.uncheck();
      await form.getByRole("button", { name: "Save Tom Translator" }).click();
      await row().getByText("everything").waitFor();
      assert.deepEqual(await scopeOf(), {});

      // And narrows them to German again.
      form = await change();
      await form.getByRole("checkbox", { name: "German (de)" }).check();
      assert.deepEqual(await seriousViolations(admin.page, ".cms-team"), [], "with a member's Languages shown too");
      await form.getByRole("button", { name: "Save Tom Translator" }).click();
      await row().getByText("German only").waitFor();
      assert.deepEqual(await scopeOf(), { locales: ["de"] });

      // A scope of no language, set over the API: the form shows it, and saving it unchanged keeps it.
      const { id } = (await api(admin.context, site, "GET", "/api/cms/editors")).editors.find((account) => account.email === email);
      await api(admin.context, site, "PATCH", `/api/cms/editors/${id}`, { scopes: { locales: [] } });
      await panel.getByRole("button", { name: "Close" }).click();
      await barAction(admin.page, TEAM);
      await row().getByText("no languages").waitFor();
      form = await change();
      const none = form.getByRole("checkbox", { name: "No language (this account touches no page)" });
      assert.equal(await none.isChecked(), true, "the form shows a scope of no language as such");
      assert.equal(await form.getByRole("checkbox", { name: "German (de)" }).isChecked(), false);
      assert.deepEqual(await seriousViolations(admin.page, ".cms-team"), [], "with No language shown too");
      await form.getByRole("button", { name: "Save Tom Translator" }).click();
      // Saved, the list is read again and the form goes.
      await form.waitFor({ state: "detached" });
      await row().getByText("no languages").waitFor();
      assert.deepEqual(await scopeOf(), { locales: [] }, "saving the form unchanged keeps no language");
      form = await change();
      await form.getByRole("checkbox", { name: "No language (this account touches no page)" }).uncheck();
      await form.getByRole("button", { name: "Save Tom Translator" }).click();
      await row().getByText("everything").waitFor();
      assert.deepEqual(await scopeOf(), {});

      // No collection and no address, set over the API: the form shows each, and saving it unchanged keeps them.
      await api(admin.context, site, "PATCH", `/api/cms/editors/${id}`, { scopes: { collections: [], paths: [] } });
      await panel.getByRole("button", { name: "Close" }).click();
      await barAction(admin.page, TEAM);
      await row().getByText("no collections; no page addresses").waitFor();
      form = await change();
      const noCollection = form.getByRole("checkbox", { name: "No collection (this account touches nothing)" });
      assert.equal(await noCollection.isChecked(), true, "the form shows a scope of no collection as such");
      assert.equal(await form.getByRole("checkbox", { name: "No address (this account touches no page)" }).isChecked(), true, "and one of no address");
      assert.deepEqual(await seriousViolations(admin.page, ".cms-team"), [], "with the None boxes shown too");
      await form.getByRole("button", { name: "Save Tom Translator" }).click();
      await form.waitFor({ state: "detached" });
      await row().getByText("no collections; no page addresses").waitFor();
      assert.deepEqual(await scopeOf(), { collections: [], paths: [] }, "saving the form unchanged keeps no collection and no address");
      // Typing a collection unchecks its None box: the account is narrowed to it.
      form = await change();
      await form.getByLabel("Collections", { exact: true }).fill("pages");
      assert.equal(await form.getByRole("checkbox", { name: "No collection (this account touches nothing)" }).isChecked(), false);
      await form.getByRole("button", { name: "Save Tom Translator" }).click();
      await row().getByText("only pages; no page addresses").waitFor();
      assert.deepEqual(await scopeOf(), { collections: ["pages"], paths: [] });
    },
  },
  {
    name: "journey team: on a phone the Team panel fits the screen and has no serious accessibility violation",
    async run({ browser, site, track }) {
      const admin = await openAs(browser, site, "admin@example.test", { viewport: PHONE, hasTouch: true, isMobile: true });
      track(admin.context);
      const { path } = await newPage(admin.context, site, { title: "Phone team", body: "<p>x</p>" });
      await admin.page.goto(path);
      await waitForEditing(admin.page);
      await barAction(admin.page, TEAM);
      const panel = admin.page.getByRole("dialog", { name: "Team" });
      await panel.getByRole("rowheader", { name: "Ada Admin" }).waitFor();
      const misfits = await panel.evaluate((root, width) => {
        const out = [];
        const box = root.getBoundingClientRect();
        if (box.left < 0 || box.right > width) out.push(`the panel spans ${box.left}–${box.right}`);
        if (root.scrollWidth > root.clientWidth + 1) out.push(`the panel scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
        for (const el of root.querySelectorAll("button, input, select")) {
          const b = el.getBoundingClientRect();
          if (b.width === 0 && b.height === 0) continue;
          if (b.left < 0 || b.right > width) out.push(`${el.tagName} "${el.textContent || el.getAttribute("name")}" off-screen`);
        }
        return out;
      }, PHONE.width);
      assert.deepEqual(misfits, []);
      assert.deepEqual(await seriousViolations(admin.page, ".cms-team"), []);
    },
  },
];
