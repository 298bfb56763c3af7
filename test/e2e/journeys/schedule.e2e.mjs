// An editor's day (issue 33, items 7 and 8): a publisher schedules a page whose call to action has
// no link yet. Scheduling is refused at once, in words ("Call to action (section 1): Link is
// required"), nothing is scheduled, and "Go to" lands in the link's own input, where the fix is
// typed; then the schedule is accepted.
import assert from "node:assert/strict";
import { api, newPage, openAs, waitForEditing } from "../browser.mjs";

export const tests = [
  {
    name: "journey schedule: an invalid page is refused in words, and Go to reaches the link field",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const cta = { type: "cta", label: "Join us", href: "/join", style: "primary" };
      const { id, path } = await newPage(context, site, { title: "Open day", sections: [cta] });
      // The draft an editor left: the call to action's link cleared (drafts may leave it empty).
      const [section] = (await api(context, site, "GET", `/api/cms/pages/${id}`)).sections;
      await api(context, site, "POST", `/api/cms/pages/${id}/versions`, { sections: [{ ...section, href: "" }] });
      await page.goto(path);
      await waitForEditing(page);

      await page.getByRole("button", { name: "Publish this page" }).click();
      const dialog = page.getByRole("dialog", { name: "Publish" });
      await dialog.locator("input[name=publish-at]").fill("2099-05-01T09:30");
      await dialog.getByRole("button", { name: "Schedule" }).click();
      const list = dialog.getByRole("list", { name: "What to fix before publishing" });
      await list.waitFor();
      const lines = (await list.getByRole("listitem").allTextContents()).map((line) => line.replace(/\s*Go to$/, ""));
      assert.deepEqual(lines, ["Call to action (section 1): Link is required"]);
      await dialog.getByText("Not scheduled: Call to action (section 1): Link is required").waitFor();
      assert.equal(await dialog.getByText(/Scheduled to go live/).count(), 0, "nothing was scheduled");

      await list.getByRole("button", { name: "Go to Call to action (section 1): Link is required" }).click();
      await dialog.waitFor({ state: "detached" });
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        const box = element?.getBoundingClientRect();
        return {
          tag: element?.tagName,
          visible: Boolean(box && box.width > 0 && box.height > 0 && element.checkVisibility()),
          editable: element instanceof HTMLInputElement && !element.disabled && !element.readOnly,
          marker: element?.closest(".cms-value-field")?.previousElementSibling?.getAttribute("data-cms-field") ?? null,
        };
      });
      assert.deepEqual(focused, { tag: "INPUT", visible: true, editable: true, marker: `pages:${id}:sections.0.href` });

      await page.keyboard.type("/join");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.getByRole("button", { name: "Publish this page" }).click();
      await dialog.locator("input[name=publish-at]").fill("2099-05-01T09:30");
      await dialog.getByRole("button", { name: "Schedule" }).click();
      await dialog.getByText(/^Scheduled: goes live /).waitFor();
      await dialog.getByText(/Scheduled to go live/).waitFor();
    },
  },
];
