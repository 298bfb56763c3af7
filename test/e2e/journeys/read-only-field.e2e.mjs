// Journeys (issue 35, roles and scopes): a freelancer whose scope makes the page title read-only
// opens the page. The title gets no editor (the server would refuse its change); the body, which
// the scope leaves free, is edited and saved as ever. And a freelancer whose scope an admin
// narrows while the page is open is told so at once and, reconnecting, that the page is now
// outside their access. A freelancer whose scope makes the body read-only sees another editor's
// typing there as it happens, and gets no editor for it.
import assert from "node:assert/strict";
import { converge, newPage, openAs, waitForEditing, waitForStatus } from "../browser.mjs";

const setScope = (site, email, scope) =>
  fetch(`${site.origin}/__e2e/scope?email=${encodeURIComponent(email)}`, { method: "POST", body: JSON.stringify(scope) }).then((res) => assert.equal(res.status, 204));

export const tests = [
  {
    name: "journey scope: a read-only title is not editable on the page, the body is, and its edit is saved",
    async run({ browser, site, track }) {
      await setScope(site, "freelancer@example.test", { readOnlyFields: { pages: ["title"] } });
      try {
        const { context, page } = await openAs(browser, site, "freelancer@example.test");
        track(context);
        await page.goto("/about");
        await waitForEditing(page);
        const title = page.locator('[data-cms-field="pages:2:title"]');
        await title.waitFor();
        assert.equal(await title.evaluate((element) => element.isContentEditable), false, "the read-only title offers no editor");
        const body = page.locator('[data-cms-field="pages:2:body"] .ProseMirror p').first();
        await body.click();
        await page.keyboard.press("End");
        await page.keyboard.type(" Fay was here.");
        await waitForStatus(page, "Draft saved");
        assert.equal(await title.evaluate((element) => element.isContentEditable), false);
      } finally {
        await setScope(site, "freelancer@example.test", {});
      }
    },
  },
  {
    name: "journey scope: a read-only rich body follows another editor's typing live, with no editor and no reload",
    async run({ browser, site, track }) {
      await setScope(site, "freelancer@example.test", { readOnlyFields: { pages: ["body"] } });
      try {
        const writer = await openAs(browser, site, "editor@example.test");
        const reader = await openAs(browser, site, "freelancer@example.test");
        for (const one of [writer, reader]) track(one.context);
        const { id, path } = await newPage(writer.context, site, { title: "Opening hours", body: "<p>Open daily.</p>" });
        await Promise.all([writer.page.goto(path), reader.page.goto(path)]);
        await Promise.all([waitForEditing(writer.page), waitForEditing(reader.page)]);
        const readOnly = reader.page.locator(`[data-cms-field="pages:${id}:body"]`);
        assert.equal(await readOnly.locator(".ProseMirror").count(), 0, "the read-only body gets no editor");
        const body = writer.page.locator(`[data-cms-field="pages:${id}:body"] .ProseMirror`);
        await body.locator("p").first().click();
        await writer.page.keyboard.press("End");
        await writer.page.keyboard.type(" Closed on ");
        await writer.page.keyboard.press("ControlOrMeta+b");
        await writer.page.keyboard.type("Sundays");
        await converge([reader.page], () => readOnly.innerHTML(), "<p>Open daily. Closed on <strong>Sundays</strong></p>");
        assert.equal(await readOnly.evaluate((element) => element.isContentEditable), false, "still no editor");
      } finally {
        await setScope(site, "freelancer@example.test", {});
      }
    },
  },
  {
    name: "journey scope: a freelancer whose scope is narrowed while the page is open is told their access changed, then that the page is outside it",
    async run({ browser, site, track }) {
      await setScope(site, "freelancer@example.test", {});
      try {
        const { context, page } = await openAs(browser, site, "freelancer@example.test");
        track(context);
        await page.goto("/about");
        await waitForEditing(page);
        assert.equal(await page.evaluate(() => window.louise.mode()), "live", "the page is edited live in its room");
        await setScope(site, "freelancer@example.test", { paths: ["/blog-"] });
        await waitForStatus(page, "Your access to this page changed: reconnecting…");
        await waitForStatus(page, "This page is outside your access: changes here are not saved");
      } finally {
        await setScope(site, "freelancer@example.test", {});
      }
    },
  },
];
