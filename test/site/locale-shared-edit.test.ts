import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { sitePages } from "../../src/site/site-pages";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

/*
 * The edit-mode page of a translation whose collection shares a field (`title` here, as the
 * Chromium tests' site shares it): the shared field is shown as the translation's room holds it,
 * the source's draft, not the translation's own copy, which is as old as its last write. The
 * writes go through the reference site (which shares nothing), the page through `sitePages` told
 * of the shared title.
 */
const send = (method: string, path: string, cookie: string, body?: unknown) =>
  exports.default.fetch(`${SITE}${path}`, { method, headers: { cookie, origin: SITE, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const pages = sitePages({ resolveEditor: siteCms.resolveEditor, languages: siteCms.registry.languages, localized: { shared: ["title"] }, editorTail: () => "" });

let ada = "";

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  ada = await signIn("ada@demo.test");
});

describe("a translation's shared field in edit mode", () => {
  it("shows the source's newest draft, while the translation's own fields stay its own", async () => {
    const slug = `shared-edit-${Date.now().toString(36)}`;
    const made = await send("POST", "/api/cms/pages", ada, { slug, title: "Our services", body: "<p>We build sites.</p>" });
    expect(made.status).toBe(201);
    const en = ((await made.json()) as { id: number }).id;
    const translation = await send("PATCH", `/api/cms/pages/${en}?locale=de`, ada, { body: "<p>Wir bauen Websites.</p>" });
    expect(translation.status).toBe(201);
    const de = ((await translation.json()) as { id: number }).id;
    // The source's title changes after the translation was made: its own copy still says "Our services".
    expect((await send("POST", `/api/cms/pages/${en}/versions`, ada, { title: "Our services in 2027" })).status).toBe(201);

    const page = await pages(new Request(`${SITE}/de/${slug}`, { headers: { cookie: ada } }), env as SiteEnv);
    expect(page?.status).toBe(200);
    const html = await page!.text();
    expect(html).toContain(`<h1 data-cms-field="pages:${de}:title">Our services in 2027</h1>`);
    expect(html).toContain("<p>Wir bauen Websites.</p>");
  });
});
