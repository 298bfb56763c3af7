// Inquiries in the edit bar (issue 23, item 7): visitors' contact messages reach an editor's
// Inquiries panel newest first with the form's fields, paged; the editor marks one read and
// deletes one (asked again first), and the server keeps what the panel shows.
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.mjs";
import { api, openAs, resetContactLimit, waitForEditing } from "./browser.mjs";

/* A visitor (no cookies) sends the home page's contact form the way a person does. */
async function sendContact({ browser, track }, site, messages) {
  await resetContactLimit(site);
  const context = track(await browser.newContext({ baseURL: site.origin }));
  const pages = [];
  for (const message of messages) {
    const page = await context.newPage();
    await page.goto("/");
    pages.push(page);
  }
  // The form discards a submit sooner than 3 seconds after it was shown (a bot's speed).
  await pages[0].waitForTimeout(3_200);
  for (const [i, { name, email, text }] of messages.entries()) {
    const page = pages[i];
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Message").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Thank you, your message was sent.").waitFor();
  }
}

export const tests = [
  {
    name: "inquiries: a visitor's contact messages reach the editor's panel newest first, paged; marked read and deleted",
    async run(ctx) {
      const { browser, site, track } = ctx;
      const stamp = Date.now().toString(36);
      const sent = ["Ann", "Bo", "Cy"].map((who) => ({ name: `${who} ${stamp}`, email: `${who.toLowerCase()}@example.test`, text: `Hello from ${who}.\nSecond line.` }));
      await sendContact(ctx, site, sent);

      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const chunks = [];
      page.on("request", (request) => {
        if (/\/cms-client\/chunks\/inquiries-/.test(request.url())) chunks.push(request.url());
      });
      await page.goto("/about?inquiries-limit=2");
      await waitForEditing(page);
      assert.deepEqual(chunks, [], "the panel's chunk loads only when asked for");
      await page.getByRole("button", { name: "Inquiries" }).click();
      const dialog = page.getByRole("dialog", { name: "Inquiries" });
      const messages = dialog.getByRole("list", { name: "Messages, newest first" }).getByRole("listitem");
      await messages.first().waitFor();
      assert.equal(chunks.length, 1, "the panel is a chunk of its own");
      assert.equal(await messages.count(), 2, "a page of two");
      const cy = messages.filter({ hasText: sent[2].name });
      assert.match(await messages.first().textContent(), new RegExp(sent[2].name), "newest first");
      assert.deepEqual(await cy.locator("dt").allTextContents(), ["name", "email", "message"]);
      assert.deepEqual(await cy.locator("dd").allTextContents(), [sent[2].name, sent[2].email, sent[2].text]);
      assert.match(await cy.getByRole("heading").textContent(), /\(unread\)$/);
      assert.deepEqual(await seriousViolations(page), []);

      await dialog.getByRole("button", { name: "Show older messages" }).click();
      await messages.filter({ hasText: sent[0].name }).waitFor();
      assert.deepEqual(
        (await messages.getByRole("heading").allTextContents()).slice(0, 3).map((t) => t.split(" · ")[0]),
        [sent[2].name, sent[1].name, sent[0].name],
      );

      await cy.getByRole("button", { name: "Mark read" }).click();
      await cy.getByRole("button", { name: "Mark unread" }).waitFor();
      assert.match(await cy.getByRole("heading").textContent(), /\(read\)$/);
      const bo = messages.filter({ hasText: sent[1].name });
      await bo.getByRole("button", { name: "Delete" }).click();
      await bo.getByRole("button", { name: "Keep" }).click();
      assert.equal(await bo.getByRole("button", { name: "Delete", exact: true }).isVisible(), true, "Keep deletes nothing");
      await bo.getByRole("button", { name: "Delete", exact: true }).click();
      await bo.getByRole("button", { name: "Delete for good" }).click();
      await dialog.getByText(`Message from ${sent[1].name} deleted.`).waitFor();
      assert.equal(await bo.count(), 0);

      const { items } = await api(context, site, "GET", "/api/cms/inquiries?limit=100");
      const ours = items.filter((item) => item.name.endsWith(stamp));
      assert.deepEqual(ours.map((item) => item.name), [sent[2].name, sent[0].name], "the deleted message is gone");
      assert.ok(ours[0].readAt, "Cy is read on the server");
      assert.equal(ours[1].readAt, null, "Ann is still unread");

      // Opened again, the panel shows the server's state.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Inquiries" }).click();
      await messages.first().waitFor();
      assert.match(await messages.first().getByRole("heading").textContent(), new RegExp(`${sent[2].name} .*\\(read\\)$`));
    },
  },
];
