// Journey (issue 33, item 12): a visitor sends the contact form; the editor sees on the bar's
// Inquiries button how many messages are unread, and the count goes down once one is marked read.
import assert from "node:assert/strict";
import { api, newPage, openAs, resetContactLimit, waitForEditing } from "../browser.mjs";

async function sendContact({ browser, site, track }, name) {
  await resetContactLimit(site);
  const context = track(await browser.newContext({ baseURL: site.origin }));
  const page = await context.newPage();
  await page.goto("/");
  // The form discards a submit sooner than 3 seconds after it was shown (a bot's speed).
  await page.waitForTimeout(3_200);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill("reader@example.test");
  await page.getByLabel("Message").fill("Is the studio open on Sundays?");
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByText("Thank you, your message was sent.").waitFor();
}

export const tests = [
  {
    name: "journey inbox: the bar's Inquiries button shows the unread count, and it goes down when a message is read",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const name = `Sunday ${Date.now().toString(36)}`;
      const [{ context, page }] = await Promise.all([openAs(browser, site, "editor@example.test"), sendContact(ctx, name)]);
      track(context);
      const { unread } = await api(context, site, "GET", "/api/cms/inquiries?limit=1");
      assert.ok(unread >= 1, "the list says how many are unread");

      await page.goto("/about");
      await waitForEditing(page);
      const inquiries = page.locator(".cms-bar").getByRole("button", { name: /^Inquiries/ });
      await page.waitForFunction((n) => [...document.querySelectorAll(".cms-bar button")].some((b) => b.getAttribute("aria-label") === `Inquiries, ${n} unread`), unread);
      assert.equal(await inquiries.locator(".cms-count").evaluate((badge) => getComputedStyle(badge, "::after").content), `"${unread}"`, "the count is shown on the button");
      assert.equal(await inquiries.locator(".cms-count").isVisible(), true);

      await inquiries.click();
      const dialog = page.getByRole("dialog", { name: "Inquiries" });
      const message = dialog.getByRole("listitem").filter({ hasText: name });
      await message.getByRole("button", { name: /^Mark read/ }).click();
      await dialog.getByText(/marked read\.$/).waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      const fewer = unread - 1;
      await page.waitForFunction((n) => [...document.querySelectorAll(".cms-bar button")].some((b) => b.getAttribute("aria-label") === (n > 0 ? `Inquiries, ${n} unread` : "Inquiries")), fewer);

      // Two kinds of count: More's badge and name sum them, its description says each with its own noun.
      // The commented page is made while the visitor's form waits out its 3 seconds.
      const commented = async () => {
        const made = await newPage(context, site, { title: "Counted page", body: "<p>Two kinds of count</p>" });
        await api(context, site, "POST", `/api/cms/pages/${made.id}/comments`, { field: "title", from: 0, to: 7, text: "Which counts?" });
        return made;
      };
      const [{ path }] = await Promise.all([commented(), sendContact(ctx, `${name} again`)]);
      await page.goto(path);
      await waitForEditing(page);
      const more = page.locator(".cms-bar .cms-more");
      await page.waitForFunction(() => /Inquiries: \d+ unread; Comments: 1 open|Comments: 1 open; Inquiries: \d+ unread/.test(document.querySelector(".cms-bar .cms-more")?.title ?? ""));
      const named = Number(/Inquiries: (\d+) unread/.exec(await more.getAttribute("title"))[1]);
      assert.equal(await more.locator(".cms-count").getAttribute("data-count"), String(named + 1), "the badge is the sum");
      assert.equal(await more.getAttribute("aria-label"), `More actions, ${named + 1} waiting`);
      // The name never holds an action's own: each action is still one button by its name.
      assert.equal(await page.locator(".cms-bar").getByRole("button", { name: "Inquiries", includeHidden: true }).count(), 1);
    },
  },
];
