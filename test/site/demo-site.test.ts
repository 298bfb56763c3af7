import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

beforeAll(async () => {
  await seedDemo();
  await seedDemo(); // the seed is idempotent
  await seedDemoEditors();
});

describe("the demo site", () => {
  it("serves the home page at / to visitors, without markers or editor script", async () => {
    const res = await exports.default.fetch(`${SITE}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Welcome to the demo site");
    expect(html).not.toContain("data-cms-field");
    expect(html).not.toContain("<script");
  });

  it("serves other pages by slug and 404s unknown ones", async () => {
    expect(await (await exports.default.fetch(`${SITE}/about`)).text()).toContain("About us");
    expect((await exports.default.fetch(`${SITE}/no-such-page`)).status).toBe(404);
  });

  it("hides an unpublished page from visitors but shows it to an editor", async () => {
    await env.DB.prepare("INSERT INTO pages (slug, title) VALUES ('secret-plans', 'Secret plans')").run();
    expect((await exports.default.fetch(`${SITE}/secret-plans`)).status).toBe(404);
    const cookie = await signIn("ed@demo.test");
    expect((await exports.default.fetch(`${SITE}/secret-plans`, { headers: { cookie } })).status).toBe(200);
  });

  it("shows a signed-in editor edit mode with data-cms-field markers", async () => {
    const cookie = await signIn("ed@demo.test");
    const res = await exports.default.fetch(`${SITE}/`, { headers: { cookie } });
    const html = await res.text();
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(html).toContain('data-cms-field="pages:1:title"');
    expect(html).toContain('data-cms-field="pages:1:body" data-cms-type="richtext"');
    expect(html).toContain('data-cms-field="pages:1:sections.1.items.0.title"');
  });

  it("builds the home page from three section kinds: a hero with an image slot, features with items, a quote (issue 22)", async () => {
    const visitor = await (await exports.default.fetch(`${SITE}/`)).text();
    for (const kind of ["hero", "features", "quote"]) expect(visitor).toContain(`<section class="${kind}">`);
    expect(visitor).toContain("We changed the whole front page during the meeting, together.");
    expect(visitor).not.toContain("image-slot");
    const cookie = await signIn("ed@demo.test");
    const html = await (await exports.default.fetch(`${SITE}/`, { headers: { cookie } })).text();
    expect(html).toContain('<img class="image-slot" alt="" data-cms-field="pages:1:sections.0.image" data-cms-type="image">');
    expect(html).toContain('<section class="quote" data-cms-entry="sections.2" data-cms-kind="Quote">');
    expect(html).toContain('data-cms-field="pages:1:sections.2.text"');
    expect(html).toContain('data-cms-field="pages:1:sections.2.author"');
    expect(html).toContain('<li data-cms-entry="sections.1.items.0"><strong data-cms-field="pages:1:sections.1.items.0.title" data-cms-placeholder="Point" data-cms-required>');
  });

  it("tells each section slot, in edit mode only, its declared placeholder or label and whether it is required (issue 33)", async () => {
    const visitor = await (await exports.default.fetch(`${SITE}/`)).text();
    expect(visitor).not.toContain("data-cms-placeholder");
    const cookie = await signIn("ed@demo.test");
    const html = await (await exports.default.fetch(`${SITE}/`, { headers: { cookie } })).text();
    expect(html).toContain('data-cms-field="pages:1:sections.0.heading" data-cms-placeholder="Heading" data-cms-required>');
    expect(html).toContain('data-cms-field="pages:1:sections.2.author" data-cms-placeholder="Who said it">');
    expect(html).toMatch(/data-cms-field="pages:1:sections\.0\.href" data-cms-type="url" data-cms-def="[^"]*" data-cms-value="null" data-cms-placeholder="Where the button goes" data-cms-required>/);
  });

  it("gives the sections editor, in edit mode only, the list and one template per catalog kind and per nested list (issue 22)", async () => {
    const visitor = await (await exports.default.fetch(`${SITE}/`)).text();
    expect(visitor).not.toContain("<template");
    expect(visitor).not.toContain("data-cms-list");
    const cookie = await signIn("ed@demo.test");
    const html = await (await exports.default.fetch(`${SITE}/`, { headers: { cookie } })).text();
    expect(html).toContain('<div class="sections" data-cms-list="sections">');
    expect(html).toContain('<ul data-cms-list="items">');
    expect(html).toContain(
      '<template data-cms-template="hero" data-cms-label="Hero" data-cms-description="A large heading with a line of text and a picture" data-cms-texts="heading text" data-cms-lists=""><section class="hero" data-cms-entry="sections.0" data-cms-kind="Hero">',
    );
    expect(html).toContain('<template data-cms-template="features" data-cms-label="Features" data-cms-description="A heading over a list of short points" data-cms-texts="heading" data-cms-lists="items">');
    expect(html).toContain('<template data-cms-template="quote" data-cms-label="Quote"');
    expect(html).toContain('<template data-cms-item-template="items" data-cms-texts="title text" data-cms-lists=""><li data-cms-entry="sections.0.items.0">');
  });

  it("serves the sign-in page", async () => {
    const html = await (await exports.default.fetch(`${SITE}/login`)).text();
    expect(html).toContain('action="/api/cms/session"');
  });

  it("tells a sign-in on a site without editor accounts how to add the first, not that the password was wrong", async () => {
    const html = await (await exports.default.fetch(`${SITE}/login?error=no_editors`)).text();
    expect(html).toContain("This site has no editor account yet");
    expect(html).toContain("npx cms-toolkit add-editor");
    expect(html).not.toContain("did not match");
  });

  it("answers the pages API through sign-in: 401 without a cookie, 200 with one", async () => {
    expect((await exports.default.fetch(`${SITE}/api/cms/pages/1`)).status).toBe(401);
    const cookie = await signIn("ed@demo.test");
    const res = await exports.default.fetch(`${SITE}/api/cms/pages/1`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1, slug: "home", publishedVersionId: 1 });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await exports.default.fetch(`${SITE}/api/cms/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "no CMS endpoint at /api/cms/nothing-here", code: "not_found" });
  });
});

describe("the demo contact form", () => {
  it("is on the home page, with the honeypot and the timing token, and works without JavaScript", async () => {
    const html = await (await exports.default.fetch(`${SITE}/`)).text();
    expect(html).toContain('action="/api/cms/forms/contact"');
    expect(html).toContain('name="website"');
    const token = /name="cms_form_ts" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toBeTruthy();
  });

  it("stores a no-JavaScript submission as an inquiry and redirects to the thank-you URL", async () => {
    const { issueFormToken } = await import("../../src/cores/forms");
    const token = await issueFormToken(env.CMS_FORM_TIMING_SECRET, "contact", Date.now() - 10_000);
    const body = new URLSearchParams({ name: "Ada", email: "ada@example.test", message: "Hello from a plain form", website: "", cms_form_ts: token });
    const res = await exports.default.fetch(`${SITE}/api/cms/forms/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate", "cf-connecting-ip": "203.0.113.9" },
      body,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("sent=1");
    const row = await env.DB.prepare("SELECT name, email, message FROM inquiries WHERE email = 'ada@example.test'").first();
    expect(row).toEqual({ name: "Ada", email: "ada@example.test", message: "Hello from a plain form" });
  });
});

describe("drafts on the demo site", () => {
  it("mounts versions and search before pages, so their paths reach their own handlers", async () => {
    const cookie = await signIn("ed@demo.test");
    const versions = await exports.default.fetch(`${SITE}/api/cms/pages/1/versions`, { headers: { cookie } });
    expect(versions.status).toBe(200);
    expect(await versions.json()).toMatchObject({ items: expect.any(Array) });
    const search = await exports.default.fetch(`${SITE}/api/cms/pages/search?q=welcome`, { headers: { cookie } });
    expect(search.status).toBe(200);
    expect(await search.json()).toMatchObject({ items: expect.any(Array) });
  });

  it("resumes the newest pending draft in edit mode while visitors keep the live page", async () => {
    const cookie = await signIn("ed@demo.test");
    const save = await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, {
      method: "POST",
      headers: { cookie, origin: SITE, "content-type": "application/json" },
      body: JSON.stringify({ title: "About us (draft)" }),
    });
    expect(save.status).toBe(201);
    const bookmark = save.headers.get("set-cookie");
    expect(bookmark).toContain("cms_d1_bookmark=");
    const editing = await (await exports.default.fetch(`${SITE}/about`, { headers: { cookie: `${cookie}; ${bookmark!.split(";")[0]}` } })).text();
    expect(editing).toContain("About us (draft)");
    const visiting = await (await exports.default.fetch(`${SITE}/about`)).text();
    expect(visiting).toContain("<h1>About us</h1>");
    expect(visiting).not.toContain("(draft)");
  });
});

describe("media on the demo site", () => {
  it("uploads an image, serves it from MEDIA_URL, and falls back to the asset alt on render", async () => {
    const { png } = await import("../fixtures/images");
    const cookie = await signIn("ed@demo.test");
    const upload = await exports.default.fetch(`${SITE}/api/cms/upload`, {
      method: "POST",
      headers: { cookie, origin: SITE, "content-type": "application/octet-stream" },
      body: png(3, 2),
    });
    expect(upload.status).toBeLessThan(300);
    const { key, url } = (await upload.json()) as { key: string; url: string };
    expect(url).toBe(`${env.MEDIA_URL}/${key}`);

    const served = await exports.default.fetch(`${SITE}/media/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");

    await env.DB.prepare("UPDATE media SET alt = 'A tiny test picture' WHERE key = ?1").bind(key).run();
    const sections = JSON.stringify([{ type: "hero", heading: "Look", image: { src: url } }]);
    await env.DB.prepare("INSERT INTO pages (slug, title, sections, published_version_id) VALUES ('gallery', 'Gallery', ?1, 999)").bind(sections).run();
    const html = await (await exports.default.fetch(`${SITE}/gallery`)).text();
    expect(html).toContain(`<img src="${url}" alt="A tiny test picture">`);
    // An editor gets the hero's picture as an image field.
    const editing = await (await exports.default.fetch(`${SITE}/gallery`, { headers: { cookie } })).text();
    expect(editing).toMatch(new RegExp(`<img src="${url}" alt="A tiny test picture" data-cms-field="pages:\\d+:sections\\.0\\.image" data-cms-type="image">`));
  });

  it("saves an inline field as a draft, never onto the live row", async () => {
    const cookie = await signIn("ed@demo.test");
    const res = await exports.default.fetch(`${SITE}/api/cms/save`, {
      method: "POST",
      headers: { cookie, origin: SITE, "content-type": "application/json" },
      body: JSON.stringify({ field: "pages:1:sections.0.heading", value: "Edited inline" }),
    });
    expect(res.status).toBe(204);
    const live = await env.DB.prepare("SELECT sections FROM pages WHERE id = 1").first<{ sections: string }>();
    expect(live!.sections).not.toContain("Edited inline");
    const editing = await (await exports.default.fetch(`${SITE}/`, { headers: { cookie } })).text();
    expect(editing).toContain("Edited inline");
  });
});

describe("publishing through the page room", () => {
  const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });

  it("schedules a publish, shows it on the versions list, and cancels it", async () => {
    const cookie = await signIn("pub@demo.test");
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await exports.default.fetch(`${SITE}/api/cms/pages/2/publish`, { method: "POST", headers: json(cookie), body: JSON.stringify({ at }) });
    expect(scheduled.status).toBe(202);
    const list = (await (await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, { headers: { cookie } })).json()) as { scheduled: { at: string } | null };
    expect(list.scheduled?.at).toBe(at);
    const cancel = await exports.default.fetch(`${SITE}/api/cms/pages/2/publish`, { method: "DELETE", headers: json(cookie) });
    expect(await cancel.json()).toEqual({ cancelled: true });
    const after = (await (await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, { headers: { cookie } })).json()) as { scheduled: unknown };
    expect(after.scheduled).toBeNull();
  });

  it("refuses a schedule time that is not a date with 400, and publishing without the privilege with 403", async () => {
    const pub = await signIn("pub@demo.test");
    const bad = await exports.default.fetch(`${SITE}/api/cms/pages/2/publish`, { method: "POST", headers: json(pub), body: JSON.stringify({ at: "tomorrow-ish" }) });
    expect(bad.status).toBe(400);
    const ed = await signIn("ed@demo.test");
    const forbidden = await exports.default.fetch(`${SITE}/api/cms/pages/2/publish`, { method: "POST", headers: json(ed), body: "{}" });
    expect(forbidden.status).toBe(403);
  });

  it("publishes a REST draft so visitors see it", async () => {
    const cookie = await signIn("pub@demo.test");
    await exports.default.fetch(`${SITE}/api/cms/pages/2/versions`, { method: "POST", headers: json(cookie), body: JSON.stringify({ title: "About the team" }) });
    const published = await exports.default.fetch(`${SITE}/api/cms/pages/2/publish`, { method: "POST", headers: json(cookie), body: "{}" });
    expect(published.status).toBe(200);
    expect(await (await exports.default.fetch(`${SITE}/about`)).text()).toContain("<h1>About the team</h1>");
  });
});

describe("site settings on the demo pages", () => {
  it("shows the site name from the settings singleton in the header, with a default before any is set", async () => {
    await env.DB.prepare("DELETE FROM site_settings").run();
    expect(await (await exports.default.fetch(`${SITE}/about`)).text()).toContain('<p class="brand">cms-toolkit demo</p>');
    const patchAs = async (email: string) =>
      exports.default.fetch(`${SITE}/api/cms/settings`, {
        method: "PATCH",
        headers: { cookie: await signIn(email), origin: SITE, "content-type": "application/json" },
        body: JSON.stringify({ siteName: "Harbour <Books>" }),
      });
    // Every visitor sees the site name at once: only an admin may change it.
    expect((await patchAs("ed@demo.test")).status).toBe(403);
    expect((await patchAs("pub@demo.test")).status).toBe(403);
    expect(await (await exports.default.fetch(`${SITE}/about`)).text()).toContain('<p class="brand">cms-toolkit demo</p>');
    expect((await patchAs("ada@demo.test")).status).toBe(200);
    expect(await (await exports.default.fetch(`${SITE}/about`)).text()).toContain('<p class="brand">Harbour &lt;Books&gt;</p>');
  });
});
