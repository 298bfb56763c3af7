// Publishing in the page (issue 17, item 5): the edit bar's Publish opens a dialog; publishers
// publish now (what is pending is saved first), schedule, cancel the schedule and unpublish;
// editors without the privilege see the state and are told to ask a publisher.
import assert from "node:assert/strict";
import { api, newPage, openAs, waitForEditing, waitForStatus } from "./browser.mjs";

const ABOUT = "/about";
const titleOf = (page, id) => page.locator(`h1[data-cms-field="pages:${id}:title"]`);
const publishButton = (page) => page.getByRole("button", { name: "Publish this page" });
const dialogOf = (page) => page.getByRole("dialog", { name: "Publish" });

export const tests = [
  {
    name: "publish: an editor without the privilege sees the state and 'ask a publisher', and no publishing controls",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      await page.goto(ABOUT);
      await waitForEditing(page);
      await publishButton(page).click();
      const dialog = dialogOf(page);
      await dialog.getByText("ask a publisher to publish them").waitFor();
      await dialog.getByText(/^Published: visitors see version \d+\./).waitFor();
      for (const name of ["Publish now", "Schedule", "Unpublish"]) assert.equal(await dialog.getByRole("button", { name }).count(), 0, name);
    },
  },
  {
    name: "publish: the publisher's edit goes live, and the other editor in the room is told",
    async run({ browser, site, track }) {
      const editor = await openAs(browser, site, "editor@example.test");
      const publisher = await openAs(browser, site, "publisher@example.test");
      const visitor = await openAs(browser, site);
      for (const { context } of [editor, publisher, visitor]) track(context);
      // A page of its own: the seeded about page's title is what other tests look for.
      const { id, path } = await newPage(publisher.context, site, { title: "Our story", body: "<p>Since 1999.</p>" });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "Our story" });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/publish`, {});
      await Promise.all([editor.page.goto(path), publisher.page.goto(path)]);
      await Promise.all([waitForEditing(editor.page), waitForEditing(publisher.page)]);

      const fresh = `Our story, published ${Date.now().toString(36)}`;
      await titleOf(publisher.page, id).click();
      await publisher.page.keyboard.press("ControlOrMeta+a");
      await publisher.page.keyboard.type(fresh);
      // Published at once, before the idle debounce: Publish must save what is pending first.
      await publishButton(publisher.page).click();
      await dialogOf(publisher.page).getByRole("button", { name: "Publish now" }).click();
      await waitForStatus(publisher.page, "Published");
      await waitForStatus(editor.page, "Published");

      await visitor.page.goto(path);
      assert.equal((await visitor.page.locator("h1").textContent())?.trim(), fresh);
    },
  },
  {
    name: "publish: schedule at a date and time, everyone sees it, cancel it, then unpublish",
    async run({ browser, site, track }) {
      const publisher = await openAs(browser, site, "publisher@example.test");
      const editor = await openAs(browser, site, "editor@example.test");
      const visitor = await openAs(browser, site);
      for (const { context } of [publisher, editor, visitor]) track(context);
      const { id, path } = await newPage(publisher.context, site, { title: "Scheduled page", body: "<p>Soon</p>" });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "Scheduled page" });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/publish`, {});
      const page = publisher.page;
      await page.goto(path);
      await waitForEditing(page);

      await publishButton(page).click();
      const dialog = dialogOf(page);
      await dialog.getByText(/^Published: visitors see version/).waitFor();
      await dialog.getByRole("button", { name: "Schedule" }).click();
      await dialog.getByText("Choose a date and time").waitFor();
      await dialog.getByLabel("Date and time").fill("2099-05-01T09:30");
      await dialog.getByRole("button", { name: "Schedule" }).click();
      await dialog.getByText(/^Scheduled: goes live .*2099/).waitFor();
      await dialog.getByText(/Scheduled to go live .*2099.* \(set by Pat Publisher\)\./).waitFor();
      const versions = await api(publisher.context, site, "GET", `/api/cms/pages/${id}/versions`);
      assert.equal(new Date(versions.scheduled.at).getTime(), new Date("2099-05-01T09:30").getTime(), "the local time the publisher chose");

      await editor.page.goto(path);
      await waitForEditing(editor.page);
      await publishButton(editor.page).click();
      await dialogOf(editor.page).getByText(/Scheduled to go live .*2099/).waitFor();

      await dialog.getByRole("button", { name: "Cancel the schedule" }).click();
      await dialog.getByText("Schedule cancelled").waitFor();
      await dialog.getByText(/Scheduled to go live/).waitFor({ state: "detached" });
      assert.equal((await api(publisher.context, site, "GET", `/api/cms/pages/${id}/versions`)).scheduled, null);

      await dialog.getByRole("button", { name: "Unpublish" }).click();
      await dialog.getByText(/^Unpublished/).waitFor();
      await dialog.getByText("Not published: visitors do not see this page.").waitFor();
      assert.equal((await visitor.page.goto(path)).status(), 404);
    },
  },
  {
    name: "publish: editors in the room are told when a publish is scheduled, cancelled and when the page is unpublished",
    async run({ browser, site, track }) {
      const publisher = await openAs(browser, site, "publisher@example.test");
      const editor = await openAs(browser, site, "editor@example.test");
      for (const { context } of [publisher, editor]) track(context);
      const { id, path } = await newPage(publisher.context, site, { title: "Told", body: "<p>Told</p>" });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "Told" });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/publish`, {});
      await Promise.all([publisher.page.goto(path), editor.page.goto(path)]);
      await Promise.all([waitForEditing(publisher.page), waitForEditing(editor.page)]);
      assert.equal(await editor.page.evaluate(() => window.louise.mode()), "live");
      await publishButton(publisher.page).click();
      const dialog = dialogOf(publisher.page);
      await dialog.getByLabel("Date and time").fill("2099-05-01T09:30");
      await dialog.getByRole("button", { name: "Schedule" }).click();
      await editor.page.waitForFunction(() => /^Scheduled to go live .*2099/.test(document.querySelector(".cms-bar [role=status]").textContent));
      await dialog.getByRole("button", { name: "Cancel the schedule" }).click();
      await waitForStatus(editor.page, "Schedule cancelled");
      await dialog.getByRole("button", { name: "Unpublish" }).click();
      await waitForStatus(editor.page, "Unpublished");
    },
  },
  {
    name: "publish: editors are told in words when a scheduled publish does not go live, and why",
    async run({ browser, site, track }) {
      const publisher = await openAs(browser, site, "publisher@example.test");
      const editor = await openAs(browser, site, "editor@example.test");
      for (const { context } of [publisher, editor]) track(context);
      const { id, path } = await newPage(publisher.context, site, { title: "Overtaken", body: "<p>Overtaken</p>" });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "The scheduled one" });
      await editor.page.goto(path);
      await waitForEditing(editor.page);
      assert.equal(await editor.page.evaluate(() => window.louise.mode()), "live");
      // Scheduled a few seconds out, then overtaken by a newer version published now: when it is due, it is cancelled.
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/publish`, { at: new Date(Date.now() + 3_000).toISOString() });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "The newer one" });
      await api(publisher.context, site, "POST", `/api/cms/pages/${id}/publish`, {});
      await editor.page.waitForFunction(
        () => /^The publish scheduled for .+ did not go live: a newer version \(\d+\) was published after version \d+ was scheduled$/.test(document.querySelector(".cms-bar [role=status]").textContent),
        null,
        { timeout: 20_000 },
      );
    },
  },
];
