// The README's pictures (issue 17, item 7): every run of the suite retakes them into docs/images/,
// so they show the editor as it is. `npm run screenshots` runs only these.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { api, barAction, newPage, openAs, waitForEditing } from "./browser.mjs";
import { tinyPng } from "./png.mjs";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "../../docs/images");
const VIEWPORT = { width: 1100, height: 720 };

async function editorsOnDemoPage({ browser, site, track }) {
  const a = await openAs(browser, site, "editor@example.test", { viewport: VIEWPORT });
  const b = await openAs(browser, site, "publisher@example.test", { viewport: VIEWPORT });
  track(a.context);
  track(b.context);
  const { id, path } = await newPage(b.context, site, {
    title: "Spring opening hours",
    body: "<p>From March we open <strong>an hour earlier</strong> on weekdays.</p><p>The kitchen closes at nine.</p>",
  });
  return { a, b, id, path };
}

const shot = (page, name) => {
  mkdirSync(OUT, { recursive: true });
  return page.screenshot({ path: join(OUT, name), animations: "disabled", caret: "hide" });
};

export const tests = [
  {
    name: "screenshots: edit mode with two editors",
    async run(ctx) {
      const { a, b, path } = await editorsOnDemoPage(ctx);
      await Promise.all([a.page.goto(path), b.page.goto(path)]);
      await Promise.all([waitForEditing(a.page), waitForEditing(b.page)]);
      await b.page.locator(".ProseMirror p").nth(1).click();
      await b.page.keyboard.press("End");
      await b.page.keyboard.type(" On Sundays at eight.");
      await a.page.locator("h1[data-cms-field]").click();
      await a.page.keyboard.press("End");
      await a.page.keyboard.type(" 2026");
      await b.page.locator(".cms-presence-field span", { hasText: "Eddie Editor" }).waitFor();
      await b.page.locator(".cms-presence-caret").waitFor();
      await a.page.locator(".ProseMirror-yjs-cursor").waitFor();
      await shot(b.page, "edit-mode-two-editors.png");
    },
  },
  {
    name: "screenshots: the history panel comparing a version",
    async run(ctx) {
      const { a, b, id, path } = await editorsOnDemoPage(ctx);
      await api(a.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Winter opening hours", body: "<p>We open at <strong>ten</strong> on weekdays.</p><p>The kitchen closes at nine.</p>" });
      await api(b.context, ctx.site, "POST", `/api/cms/pages/${id}/publish`, {});
      await api(a.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Spring opening hours", body: "<p>From March we open <strong>an hour earlier</strong> on weekdays.</p><p>The kitchen closes at nine.</p>" });
      await b.page.goto(path);
      await waitForEditing(b.page);
      await barAction(b.page, "Page history");
      const dialog = b.page.getByRole("dialog", { name: "Page history" });
      await dialog.getByRole("list").getByRole("button").nth(1).click();
      await dialog.getByRole("button", { name: /^Restore version/ }).waitFor();
      await shot(b.page, "history-panel.png");
    },
  },
  {
    name: "screenshots: the publish dialog with a date and time",
    async run(ctx) {
      const { b, id, path } = await editorsOnDemoPage(ctx);
      await api(b.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { title: "Spring opening hours" });
      await api(b.context, ctx.site, "POST", `/api/cms/pages/${id}/publish`, {});
      await b.page.goto(path);
      await waitForEditing(b.page);
      await b.page.getByRole("button", { name: "Publish this page" }).click();
      const dialog = b.page.getByRole("dialog", { name: "Publish" });
      await dialog.getByLabel("Date and time").fill("2027-03-01T08:00");
      await dialog.getByRole("button", { name: "Schedule" }).click();
      await dialog.getByText(/^Scheduled: goes live/).waitFor();
      await dialog.getByText(/Scheduled to go live/).waitFor();
      await shot(b.page, "schedule-dialog.png");
    },
  },
  {
    name: "screenshots: the link dialog editing a link, with the page picker",
    async run(ctx) {
      const { b, id, path } = await editorsOnDemoPage(ctx);
      await api(b.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, {
        body: '<p>From March we open <a href="https://example.com/hours">an hour earlier</a> on weekdays.</p><h2>Getting here</h2><ul><li><p>Tram 4 to the market</p></li><li><p>Parking behind the hall</p></li></ul>',
      });
      await b.page.goto(path);
      await waitForEditing(b.page);
      const field = b.page.locator(`[data-cms-field="pages:${id}:body"]`);
      // Before the editor mounts, the link is a plain one and a click would follow it.
      await field.getByRole("toolbar").waitFor();
      await field.getByRole("link", { name: "an hour earlier" }).click();
      await field.getByRole("button", { name: "Link", exact: true }).click();
      const dialog = b.page.getByRole("dialog", { name: "Link" });
      await dialog.getByLabel("Or link to a page of this site").locator("option", { hasText: "About us" }).waitFor({ state: "attached" });
      await dialog.getByLabel("Address").fill("javascript:alert(1)");
      await dialog.getByRole("button", { name: "Save link" }).click();
      await dialog.getByText("That address cannot be used").waitFor();
      await shot(b.page, "link-dialog.png");
    },
  },
  {
    name: "screenshots: the image description dialog at insert",
    async run(ctx) {
      const { b, id, path } = await editorsOnDemoPage(ctx);
      await b.page.goto(path);
      await waitForEditing(b.page);
      const field = b.page.locator(`[data-cms-field="pages:${id}:body"]`);
      await field.locator(".ProseMirror p").first().click();
      await b.page.keyboard.press("End");
      await field.getByRole("button", { name: "Insert image" }).click();
      await b.page.getByRole("dialog", { name: "Insert image" }).locator("input[type=file]").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: tinyPng() });
      const dialog = b.page.getByRole("dialog", { name: "Image description" });
      await dialog.getByLabel(/^Description/).fill("The café's front door on a spring morning");
      await shot(b.page, "image-alt-dialog.png");
    },
  },
  {
    name: "screenshots: the edit bar on a phone, with its More menu open",
    async run({ browser, site, track }) {
      const phone = await openAs(browser, site, "publisher@example.test", { viewport: { width: 390, height: 844 }, hasTouch: true });
      track(phone.context);
      const { path } = await newPage(phone.context, site, {
        title: "Spring opening hours",
        body: "<p>From March we open <strong>an hour earlier</strong> on weekdays.</p><p>The kitchen closes at nine.</p>",
      });
      await phone.page.goto(path);
      await waitForEditing(phone.page);
      await phone.page.locator(".ProseMirror p").first().click();
      await phone.page.getByRole("button", { name: "More actions" }).click();
      await phone.page.getByRole("group", { name: "More actions" }).waitFor();
      await shot(phone.page, "phone-edit-bar.png");
    },
  },
];
