// Journeys (issue 37, languages): an editor translates a page into German from the edit bar's
// Language action, types the German words and publishes them, and a visitor reads them at
// /de/<slug>; two translators type at once, one in the English page and one in its German
// translation (separate rooms: nothing crosses), while a third editor changes the shared title on
// the English page and both pages show it live; a translation whose source changed says so,
// shows what changed, and is marked up to date, also when the source changes while the translation is open; "Show source" follows the English page as its
// editor types; a German page without its own body shows the English body visitors read there,
// marked as such, until the editor writes the German one. The Language panel is checked with axe.
// The e2e site shares its pages' title across languages (test/e2e/e2e-worker.ts): a German page's
// title is its English page's, read-only there; every other field is translated.
import assert from "node:assert/strict";
import { api, barAction, converge, newPage, openAs, request, seenInBar, waitForEditing, waitForStatus } from "../browser.mjs";
import { seriousViolations } from "../axe.mjs";

const LANGUAGE = /language and translations$/;
const panelOf = (page) => page.getByRole("dialog", { name: "Language and translations" });
const titleOf = (page, id) => page.locator(`[data-cms-field="pages:${id}:title"]`);
const bodyOf = (page, id) => page.locator(`[data-cms-field="pages:${id}:body"] .ProseMirror`);
/* A record's newest version's fields, as the API holds them. */
async function newestOf(context, site, id) {
  const data = (await api(context, site, "GET", `/api/cms/pages/${id}/versions`)).items[0].versionData;
  return typeof data === "string" ? JSON.parse(data) : data;
}

/* Replaces a plain field's text by typing, as an editor would. */
async function retype(page, locator, text) {
  await locator.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/* A page's German translation made through the API, as another translator's Translate would. */
async function germanOf(context, site, id, fields) {
  const made = await api(context, site, "POST", `/api/cms/pages/${id}/versions?locale=de`, fields);
  return made.id;
}

export const tests = [
  {
    name: "languages: an editor translates a page into German with the Language action, types, publishes, and a visitor reads it at /de/<slug>",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const { path } = await newPage(context, site, { title: "Our services", body: "<p>We build sites.</p>" });
      await page.goto(path);
      await waitForEditing(page);
      await barAction(page, LANGUAGE);
      const panel = panelOf(page);
      await panel.getByText("This page is in English, the site's main language.").waitFor();
      await panel.getByText("(not translated yet)").waitFor();
      assert.deepEqual(await seriousViolations(page, ".cms-languages"), [], "the Language panel passes axe");
      await Promise.all([page.waitForURL(`**/de${path}`, { timeout: 15_000 }), panel.getByRole("button", { name: "Translate into German" }).click()]);

      await waitForEditing(page);
      assert.equal(await page.evaluate(() => window.louise.mode()), "live", "the translation is edited live in its own room");
      const german = Number(await page.locator("h1[data-cms-field]").evaluate((el) => el.dataset.cmsField.split(":")[1]));
      assert.equal(await bodyOf(page, german).textContent(), "We build sites.", "the translation starts from the source's words");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "de");
      await retype(page, bodyOf(page, german), "Wir bauen Websites.");
      await waitForStatus(page, "Draft saved");

      await barAction(page, LANGUAGE);
      await panel.getByText("This page is the German translation of the English page.").waitFor();
      await panel.getByText("(source, not published)").waitFor();
      await panel.getByText("· this page").waitFor();
      await panel.getByRole("button", { name: "Close" }).click();

      await page.getByRole("button", { name: "Publish this page" }).click();
      await page.getByRole("dialog", { name: "Publish" }).getByRole("button", { name: "Publish now" }).click();
      await waitForStatus(page, "Published");

      const visitor = await openAs(browser, site);
      track(visitor.context);
      const seen = await visitor.page.goto(`/de${path}`);
      assert.equal(seen?.status(), 200);
      assert.equal(await visitor.page.locator(".body").textContent(), "Wir bauen Websites.");
      assert.equal(await visitor.page.locator("[data-cms-field]").count(), 0, "visitors get no markers");
    },
  },
  {
    name: "languages: two translators type at once in the English page and its German translation while a third editor changes the shared title on the English page: nothing crosses, both pages show the new title live, and one language publishes alone",
    async run({ browser, site, track }) {
      const a = await openAs(browser, site, "editor@example.test");
      const b = await openAs(browser, site, "publisher@example.test");
      const c = await openAs(browser, site, "admin@example.test");
      for (const one of [a, b, c]) track(one.context);
      const { id, path } = await newPage(a.context, site, { title: "Team", body: "<p>Who we are.</p>" });
      const germanId = await germanOf(b.context, site, id, { body: "<p>Wer wir sind.</p>" });
      await Promise.all([a.page.goto(path), b.page.goto(`/de${path}`), c.page.goto(path)]);
      await Promise.all([a, b, c].map((one) => waitForEditing(one.page)));
      for (const one of [a, b, c]) assert.equal(await one.page.evaluate(() => window.louise.mode()), "live");
      assert.equal(await titleOf(b.page, germanId).evaluate((title) => title.isContentEditable), false, "the shared title offers no editor in German");
      const note = b.page.getByRole("link", { name: "Edited in English" });
      await note.waitFor();
      assert.equal(await note.getAttribute("href"), path, "the note leads to the English page");

      await bodyOf(a.page, id).click();
      await a.page.keyboard.press("ControlOrMeta+End");
      await bodyOf(b.page, germanId).click();
      await b.page.keyboard.press("ControlOrMeta+End");
      await titleOf(c.page, id).click();
      await c.page.keyboard.press("End");
      await Promise.all([
        a.page.keyboard.type(" We like fast sites.", { delay: 60 }),
        b.page.keyboard.type(" Wir mögen schnelle Websites.", { delay: 60 }),
        c.page.keyboard.type(" and friends", { delay: 60 }),
      ]);
      // The English room has C's title at once; the German room takes it once the English draft is written, and its page shows it without a reload.
      await converge([a.page, c.page], (page) => titleOf(page, id).textContent(), "Team and friends");
      await converge([b.page], (page) => titleOf(page, germanId).textContent(), "Team and friends", 30_000);
      // C's page shows A's caret with its name inside the body, so the body is read on A's page.
      await converge([a.page], (page) => bodyOf(page, id).textContent(), "Who we are. We like fast sites.");
      await converge([b.page], (page) => bodyOf(page, germanId).textContent(), "Wer wir sind. Wir mögen schnelle Websites.");
      assert.equal(await titleOf(b.page, germanId).evaluate((title) => title.isContentEditable), false, "the new title is still read-only in German");
      await Promise.all([waitForStatus(a.page, "Draft saved"), waitForStatus(b.page, "Draft saved"), waitForStatus(c.page, "Draft saved")]);

      // Each page again, from the server (which has each room write its draft first): neither room took the other's words.
      await Promise.all([a.page.reload(), b.page.reload()]);
      await Promise.all([waitForEditing(a.page), waitForEditing(b.page)]);
      assert.equal(await titleOf(b.page, germanId).textContent(), "Team and friends", "reloaded, the German page shows the English title");
      assert.equal(await bodyOf(a.page, id).textContent(), "Who we are. We like fast sites.");
      assert.equal(await bodyOf(b.page, germanId).textContent(), "Wer wir sind. Wir mögen schnelle Websites.");
      const english = await newestOf(a.context, site, id);
      const german = await newestOf(a.context, site, germanId);
      assert.equal(english.title, "Team and friends");
      assert.equal(english.body, "<p>Who we are. We like fast sites.</p>");
      assert.match(german.body, /^<p>Wer wir sind\. Wir m(ö|&ouml;|&#246;)gen schnelle Websites\.<\/p>$/, "the German draft holds the German words only");

      // The German page is published; the English one stays a draft.
      await b.page.getByRole("button", { name: "Publish this page" }).click();
      await b.page.getByRole("dialog", { name: "Publish" }).getByRole("button", { name: "Publish now" }).click();
      await waitForStatus(b.page, "Published");
      const listed = await api(a.context, site, "GET", `/api/cms/pages/${id}/translations`);
      assert.deepEqual(
        listed.translations.map((entry) => [entry.locale, entry.published]),
        [
          ["en", false],
          ["de", true],
        ],
      );
    },
  },
  {
    name: "languages: a translation whose source changed says so, shows the source's changed words, and is marked up to date",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const { id, path } = await newPage(context, site, { title: "Prices", body: "<p>Fair prices.</p>" });
      await germanOf(context, site, id, { body: "<p>Faire Preise.</p>" });
      await api(context, site, "POST", `/api/cms/pages/${id}/versions`, { body: "<p>Fair prices for 2027.</p>" });
      await page.goto(`/de${path}`);
      await waitForEditing(page);
      await waitForStatus(page, "The English page changed since this translation: DE in the edit bar shows what changed");
      await barAction(page, /^DE: language and translations, 1 outdated$/);
      const panel = panelOf(page);
      await panel.getByText("The English page changed since this translation").waitFor();
      const change = panel.locator(".cms-diff").filter({ hasText: "body" });
      await change.locator("ins").filter({ hasText: "2027" }).first().waitFor();
      assert.deepEqual(await seriousViolations(page, ".cms-languages"), [], "the panel with an outdated translation passes axe");
      await panel.getByRole("button", { name: "Mark as up to date" }).click();
      await panel.getByText("Marked up to date with the English page.").waitFor();
      await panel.getByText("(up to date, not published)").waitFor();
      const listed = await api(context, site, "GET", `/api/cms/pages/${id}/translations`);
      assert.equal(listed.translations.find((entry) => entry.locale === "de").status, "up-to-date");
    },
  },
  {
    name: "languages: a translator's open page learns that the English page changed while an editor types there, without a reload, and again after marking it up to date",
    async run({ browser, site, track }) {
      const writer = await openAs(browser, site, "editor@example.test");
      const translator = await openAs(browser, site, "publisher@example.test");
      for (const one of [writer, translator]) track(one.context);
      const { id, path } = await newPage(writer.context, site, { title: "Hours", body: "<p>Open daily.</p>" });
      const germanId = await germanOf(translator.context, site, id, { body: "<p>Täglich geöffnet.</p>" });
      await Promise.all([writer.page.goto(path), translator.page.goto(`/de${path}`)]);
      await Promise.all([waitForEditing(writer.page), waitForEditing(translator.page)]);
      await bodyOf(translator.page, germanId).waitFor();
      await seenInBar(translator.page, "DE: language and translations");
      const notice = "The English page changed since this translation: DE in the edit bar shows what changed";

      await bodyOf(writer.page, id).click();
      await writer.page.keyboard.press("ControlOrMeta+End");
      await writer.page.keyboard.type(" Closed on Sundays.", { delay: 40 });
      await waitForStatus(writer.page, "Draft saved");
      await waitForStatus(translator.page, notice);
      await barAction(translator.page, /^DE: language and translations, 1 outdated$/);
      const panel = panelOf(translator.page);
      await panel.locator(".cms-diff").filter({ hasText: "body" }).locator("ins").filter({ hasText: "Sundays" }).first().waitFor();
      await panel.getByRole("button", { name: "Mark as up to date" }).click();
      await panel.getByText("Marked up to date with the English page.").waitFor();
      await panel.getByRole("button", { name: "Close" }).click();
      await seenInBar(translator.page, "DE: language and translations");

      await writer.page.keyboard.type(" Holidays too.", { delay: 40 });
      await waitForStatus(writer.page, "Draft saved");
      await seenInBar(translator.page, "DE: language and translations, 1 outdated");
    },
  },
  {
    name: "languages: the Translations panel lists each page in each language, linking to the German about page, and passes axe",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      await page.goto("/about");
      await waitForEditing(page);
      await barAction(page, LANGUAGE);
      await panelOf(page).getByRole("button", { name: "Translations of every page" }).click();
      const grid = page.getByRole("dialog", { name: "Translations of every page" });
      await grid.getByRole("columnheader", { name: "German" }).waitFor();
      // Other tests of the suite type into the about page's title, so only its start is known.
      const about = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^About us/ }) });
      assert.equal(await about.getByRole("link", { name: /^About us.* in German: / }).getAttribute("href"), "/de/ueber-uns");
      assert.equal(await about.getByRole("link", { name: /^About us.* in English: source, / }).getAttribute("href"), "/about");
      assert.deepEqual(await seriousViolations(page, ".cms-translations"), [], "the Translations panel passes axe");
    },
  },
  {
    name: "languages: an account scoped to some addresses sees the pages outside them as outside its access in the Translations panel, not as failures",
    async run({ browser, site, track }) {
      const admin = await openAs(browser, site, "admin@example.test");
      track(admin.context);
      const stamp = Date.now().toString(36);
      const prefix = `/lf-${stamp}`;
      // newPage answers the address of the slug it would pick; this page has its own.
      await newPage(admin.context, site, { slug: prefix.slice(1), title: `Scoped ${stamp}`, body: "<p>x</p>" });
      const email = `scoped-${stamp}@example.test`;
      const password = "lantern orchard quietly";
      const { url } = await api(admin.context, site, "POST", "/api/cms/editors", { email, name: "Sam Scoped", role: "editor", scopes: { paths: [prefix] } });
      const { context, page } = await openAs(browser, site);
      track(context);
      const joined = await request(context, "/invite", { method: "POST", form: { token: new URL(url).pathname.split("/").pop(), password, confirm: password }, headers: { origin: site.origin }, maxRedirects: 0 });
      assert.equal(joined.status(), 303);
      const signedIn = await request(context, "/api/cms/session", { method: "POST", data: { email, password }, headers: { origin: site.origin } });
      assert.equal(signedIn.status(), 204);
      await page.goto(prefix);
      await waitForEditing(page);
      await barAction(page, LANGUAGE);
      await panelOf(page).getByRole("button", { name: "Translations of every page" }).click();
      const grid = page.getByRole("dialog", { name: "Translations of every page" });
      // The rows of a listed page arrive together: once one is there, all are.
      await grid.locator("tbody tr").first().waitFor();
      assert.equal(await grid.getByText(/^Could not read its translations/).count(), 0, "no page outside the scope reads as a failure");
      const outsideRows = await grid.locator("tbody tr").evaluateAll((rows) => rows.filter((row) => [...row.querySelectorAll("td")].every((cell) => cell.dataset.status === "outside" && cell.textContent === "outside your access")).length);
      assert.ok(outsideRows > 0, "a page outside the scope is outside its access in every language");
      assert.deepEqual(await seriousViolations(page, ".cms-translations"), [], "the panel with outside rows passes axe");
    },
  },
  {
    name: "languages: a translation's shared field is read-only, noted as edited in English, and the note leads to the English page",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const { id, path } = await newPage(context, site, { title: "Contact", body: "<p>Write to us.</p>" });
      const germanId = await germanOf(context, site, id, { body: "<p>Schreiben Sie uns.</p>" });
      await page.goto(`/de${path}`);
      await waitForEditing(page);
      const title = titleOf(page, germanId);
      assert.equal(await title.evaluate((element) => element.isContentEditable), false, "the shared title offers no editor");
      const note = page.getByRole("link", { name: "Edited in English" });
      await note.waitFor();
      assert.equal(await note.getAttribute("href"), path);
      assert.deepEqual(await seriousViolations(page, "main"), [], "the page with its note passes axe");
      await Promise.all([page.waitForURL((url) => url.pathname === path), note.click()]);
      await waitForEditing(page);
      assert.equal(await titleOf(page, id).evaluate((element) => element.isContentEditable), true, "the source's title is edited there");
    },
  },
  {
    name: "languages: Show source puts the English page's current text under each German field, muted and not editable, until it is turned off or Done",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "editor@example.test");
      track(context);
      const { id, path } = await newPage(context, site, { title: "Opening hours", body: "<p>Open daily.</p>" });
      const germanId = await germanOf(context, site, id, { body: "<p>Täglich geöffnet.</p>" });
      // The source's newest draft, written after the translation was made, is the text shown.
      await api(context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "Opening hours in 2027", body: "<p>Open daily.</p><p>Closed on Sundays.</p>" });
      await page.goto(`/de${path}`);
      await waitForEditing(page);
      await barAction(page, /language and translations/);
      const panel = panelOf(page);
      const toggle = panel.getByRole("checkbox", { name: "Show source" });
      await toggle.check();
      await panel.getByText("The English text is shown under 1 field.").waitFor();
      assert.deepEqual(await seriousViolations(page, ".cms-languages"), [], "the panel with its toggle passes axe");
      await panel.getByRole("button", { name: "Close" }).click();

      const bodySource = page.getByRole("note", { name: "English source of body" });
      assert.equal(await bodySource.innerText(), "English\nOpen daily.\nClosed on Sundays.");
      assert.equal(await page.locator(`[data-cms-field="pages:${germanId}:body"]`).evaluate((body) => body.nextElementSibling?.getAttribute("aria-label")), "English source of body", "the source sits under its field");
      assert.equal(await bodySource.evaluate((block) => block.isContentEditable), false, "the source's text cannot be edited");
      assert.equal(await bodyOf(page, germanId).textContent(), "Täglich geöffnet.", "the translation's own text is untouched");
      assert.equal(await page.getByRole("note", { name: "English source of title" }).count(), 0, "the shared title shows the English one already");
      assert.equal(await titleOf(page, germanId).textContent(), "Opening hours in 2027");
      assert.deepEqual(await seriousViolations(page, "main"), [], "the page with the source's text passes axe");

      // Turned off while the panel still loads its list: the list's arrival keeps what the toggle said.
      let arrive;
      const listHeld = new Promise((resolve) => (arrive = resolve));
      const translations = /\/api\/cms\/pages\/\d+\/translations$/;
      await page.route(translations, async (route) => (await listHeld, route.continue()));
      await barAction(page, /language and translations/);
      assert.equal(await toggle.isChecked(), true, "the toggle says the source is shown");
      await toggle.uncheck();
      await panel.getByText("The English text is hidden.").waitFor();
      arrive();
      await panel.getByRole("button", { name: "Open the English page" }).waitFor();
      await page.unroute(translations);
      assert.equal(await panel.getByText("The English text is hidden.").count(), 1, "the list's arrival leaves the toggle's words");
      assert.equal(await page.locator(".cms-source-text").count(), 0, "turned off, the source's text goes");
      await toggle.check();
      await panel.getByText(/^The English text is shown under/).waitFor();
      await panel.getByRole("button", { name: "Close" }).click();
      await page.getByRole("button", { name: "Done editing" }).click();
      await page.getByRole("button", { name: "Edit", exact: true }).waitFor();
      assert.equal(await page.locator(".cms-source-text").count(), 0, "Done takes the source's text away");
    },
  },
  {
    name: "languages: Show source follows the English page while its editor types there, without a reload of the German page",
    async run({ browser, site, track }) {
      const en = await openAs(browser, site, "editor@example.test");
      const de = await openAs(browser, site, "publisher@example.test");
      track(en.context);
      track(de.context);
      const { id, path } = await newPage(en.context, site, { title: "Menu", body: "<p>Soup of the day.</p>" });
      const germanId = await germanOf(de.context, site, id, { body: "<p>Tagessuppe.</p>" });
      await Promise.all([en.page.goto(path), de.page.goto(`/de${path}`)]);
      await Promise.all([waitForEditing(en.page), waitForEditing(de.page)]);
      await barAction(de.page, LANGUAGE);
      const panel = panelOf(de.page);
      await panel.getByRole("checkbox", { name: "Show source" }).check();
      await panel.getByText("The English text is shown under 1 field.").waitFor();
      await panel.getByRole("button", { name: "Close" }).click();
      const bodySource = de.page.getByRole("note", { name: "English source of body" });
      assert.equal(await bodySource.innerText(), "English\nSoup of the day.");
      await de.page.evaluate(() => (window.__notReloaded = true));

      await bodyOf(en.page, id).click();
      await en.page.keyboard.press("ControlOrMeta+End");
      await en.page.keyboard.type(" And bread.", { delay: 40 });
      // Once the English room writes its draft, the German room hears of it and the note reads the English page again.
      await converge([de.page], () => bodySource.innerText(), "English\nSoup of the day. And bread.", 30_000);
      assert.equal(await de.page.evaluate(() => window.__notReloaded), true, "the German page was not reloaded");
      assert.equal(await bodyOf(de.page, germanId).textContent(), "Tagessuppe.", "the German words are untouched");
      assert.equal(await de.page.locator(".cms-source-text").count(), 1, "one note, read again, not a second one");
    },
  },
  {
    name: "languages: a German page with an empty body shows the English body visitors read there, marked, until the German body is typed",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const { id, path } = await newPage(context, site, { title: "Workshops", body: "<p>We teach weekly.</p>" });
      await api(context, site, "POST", `/api/cms/pages/${id}/versions`, { title: "Workshops" });
      await api(context, site, "POST", `/api/cms/pages/${id}/publish`, {});
      const germanId = await germanOf(context, site, id, { body: "<p></p>" });
      await api(context, site, "POST", `/api/cms/pages/${germanId}/publish`, {});

      const visitor = await openAs(browser, site);
      track(visitor.context);
      await visitor.page.goto(`/de${path}`);
      assert.equal(await visitor.page.locator(".body").textContent(), "We teach weekly.", "visitors read the English body");

      await page.goto(`/de${path}`);
      await waitForEditing(page);
      const body = page.locator(`[data-cms-field="pages:${germanId}:body"]`);
      const mark = page.getByRole("note", { name: "body: shown from English until translated" });
      assert.equal(await mark.innerText(), "Shown from English until translated\nWe teach weekly.");
      assert.equal(await body.evaluate((field) => field.nextElementSibling?.getAttribute("aria-label")), "body: shown from English until translated", "the mark sits under its field");
      assert.equal(await mark.evaluate((block) => block.isContentEditable), false, "the mark cannot be edited");
      assert.equal((await body.textContent()).includes("We teach"), false, "the English text is not the field's value");
      assert.equal(await page.getByRole("note", { name: /^title: / }).count(), 0, "a field the translation fills has no mark");
      assert.deepEqual(await seriousViolations(page, "main"), [], "the page with the mark passes axe");

      await body.locator(".ProseMirror").click();
      await page.keyboard.type("Wir unterrichten wöchentlich.");
      await mark.waitFor({ state: "detached" });
      await waitForStatus(page, "Draft saved");
      // Again from the server, which has the room write its draft first: German words, no mark.
      await page.reload();
      await waitForEditing(page);
      assert.equal(await body.locator(".ProseMirror").textContent(), "Wir unterrichten wöchentlich.");
      assert.equal(await page.locator(".cms-fallback-text").count(), 0, "a field with words has no mark");
      const draft = (await api(context, site, "GET", `/api/cms/pages/${germanId}/versions`)).items[0].versionData;
      const saved = (typeof draft === "string" ? JSON.parse(draft) : draft).body;
      assert.match(saved, /^<p>Wir unterrichten w(ö|&ouml;|&#246;)chentlich\.<\/p>$/, "the draft holds the German words only");
    },
  },
  {
    name: "languages: the Pages panel shows each page's translations as locale badges that say their status and link to them, and a missing one as not translated yet",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      // A page of its own, published in both languages: other tests of the suite edit the seeded ones.
      const word = `garden${Date.now().toString(36)}`;
      const { id, path } = await newPage(context, site, { title: `Garden ${word}`, body: "<p>Green.</p>" });
      await api(context, site, "POST", `/api/cms/pages/${id}/versions`, { title: `Garden ${word}` });
      await api(context, site, "POST", `/api/cms/pages/${id}/publish`, {});
      const germanId = await germanOf(context, site, id, { body: "<p>Grün.</p>" });
      await api(context, site, "POST", `/api/cms/pages/${germanId}/publish`, {});
      // And one with no German translation at all.
      await newPage(context, site, { title: `Pond ${word}`, body: "<p>Wet.</p>" });
      await page.goto(path);
      await waitForEditing(page);
      await barAction(page, "Pages: find a page");
      const pages = page.getByRole("dialog", { name: "Pages" });
      await pages.getByLabel("Filter pages").fill(word);
      const german = pages.getByRole("link", { name: `DE: Garden ${word} in German, up to date, published` });
      assert.equal(await german.getAttribute("href"), `/de${path}`);
      assert.equal(await german.textContent(), "DE");
      assert.equal(await pages.getByRole("link", { name: /in English/ }).count(), 0, "the source is the page's own link, not a badge");
      const missing = pages.getByRole("img", { name: `DE: Pond ${word} in German, not translated yet` });
      assert.equal(await missing.textContent(), "DE");
      assert.equal(await missing.getAttribute("data-status"), "missing");
      assert.equal(await pages.getByRole("link", { name: /^DE: Pond / }).count(), 0, "a missing translation is no link");
      assert.equal(await pages.getByRole("img", { name: new RegExp(`^DE: Garden ${word}`) }).count(), 0, "the German page's badge is its link only");
      assert.deepEqual(await seriousViolations(page, ".cms-page-list"), [], "the list with its badges, a missing one too, passes axe");
      await Promise.all([page.waitForURL((url) => url.pathname === `/de${path}`), german.click()]);
      await waitForEditing(page);
    },
  },
];
