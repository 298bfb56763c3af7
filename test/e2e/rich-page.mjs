// Helpers of the rich-text e2e tests: a fresh page open live, its draft and published body, a paste.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { api, newPage, openAs, request, waitForEditing } from "./browser.mjs";

/** A saved clipboard from test/fixtures/paste. */
export const fixture = (name) => readFileSync(new URL(`../fixtures/paste/${name}`, import.meta.url), "utf8");

/** A fresh page opened live by the publisher (who may also publish it). */
export async function richPage({ browser, site, track }, body) {
  const { context, page } = await openAs(browser, site, "publisher@example.test");
  track(context);
  const { id, path } = await newPage(context, site, { title: "Rich", body });
  await page.goto(path);
  await waitForEditing(page);
  assert.equal(await page.evaluate(() => window.louise.mode()), "live");
  const field = page.locator(`[data-cms-field="pages:${id}:body"]`);
  return { context, page, id, path, field, editor: field.locator(".ProseMirror") };
}

/** The newest draft's body in D1, waited for until `test` accepts it. */
export async function draftBody(context, site, id, test, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let body;
  while (Date.now() < deadline) {
    const { items } = await api(context, site, "GET", `/api/cms/pages/${id}/versions?limit=1`);
    body = items[0]?.versionData?.body;
    if (typeof body === "string" && test(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the draft body never matched; last: ${JSON.stringify(body)}`);
}

/** Publishes the page and reads the body a visitor (no cookies) is served. */
export async function publishedBody({ browser, site, track }, context, id, path) {
  await api(context, site, "POST", `/api/cms/pages/${id}/publish`, {});
  const visitor = track(await browser.newContext({ baseURL: site.origin }));
  const html = await (await request(visitor, path)).text();
  return /<div class="body">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? html;
}

/** Dispatches a paste of `html` (and a plain-text fallback) into the focused editor. */
export function pasteHtml(page, html) {
  return page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/html", data);
    transfer.setData("text/plain", "pasted");
    const target = document.activeElement;
    target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, html);
}

