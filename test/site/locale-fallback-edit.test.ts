import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

/*
 * What the edit-mode page of a translation hands the client of its empty fields (issue 37,
 * fallback): the text visitors read there instead and the locale it comes from, in the
 * `languages` option of `mountLouise`; never anything a visitor would not see.
 */
const api = (path: string, cookie: string, init: RequestInit = {}) =>
  exports.default.fetch(`${SITE}${path}`, { ...init, headers: { cookie, origin: SITE, "content-type": "application/json", ...(init.headers as Record<string, string>) } });
const send = (method: string, path: string, cookie: string, body?: unknown) => api(path, cookie, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

let ada = "";
let counter = 0;

/* An English page with `body` (published unless told not), and its German translation with `german` written over the copy. */
async function family(body: string, german: Record<string, unknown>, published = true): Promise<{ slug: string; de: number }> {
  const slug = `fallback-edit-${++counter}`;
  const made = await send("POST", "/api/cms/pages", ada, { slug, title: "Our services", body });
  expect(made.status).toBe(201);
  const en = ((await made.json()) as { id: number }).id;
  if (published) expect((await send("POST", `/api/cms/pages/${en}/publish`, ada, {})).status).toBe(200);
  const translation = await send("PATCH", `/api/cms/pages/${en}?locale=de`, ada, german);
  expect(translation.status).toBe(201);
  return { slug, de: ((await translation.json()) as { id: number }).id };
}

/* The `languages` option the edit-mode page at `path` passes to `mountLouise`. */
async function languagesOption(path: string): Promise<Record<string, unknown>> {
  const response = await api(path, ada);
  expect(response.status).toBe(200);
  const found = /, languages: (\{.*?\})(?:, editor:|\s*\}\);)/.exec(await response.text());
  expect(found).not.toBeNull();
  return JSON.parse(found![1]!.replace(/\\u003c/g, "<")) as Record<string, unknown>;
}

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  ada = await signIn("ada@demo.test");
});

describe("a translation's empty fields in edit mode", () => {
  it("come with the English text visitors see there, and the locale it is from", async () => {
    const { slug, de } = await family("<p>We build sites.</p>", { title: "Unsere Leistungen", body: "" });
    const languages = await languagesOption(`/de/${slug}`);
    expect(languages).toMatchObject({ locale: "de", sourceId: expect.any(Number) });
    expect(languages.fallbacks).toEqual({ body: { locale: "en", value: "<p>We build sites.</p>" } });
    // The page itself still shows the translation's own (empty) body, which the editor edits.
    const page = await (await api(`/de/${slug}`, ada)).text();
    expect(page).toContain(`<div class="body" data-cms-field="pages:${de}:body" data-cms-type="richtext"></div>`);
  });

  it("come with nothing for a field the translation fills, on the source, or when visitors see no English text either", async () => {
    const filled = await family("<p>We build sites.</p>", { title: "Unsere Leistungen", body: "<p>Wir bauen Websites.</p>" });
    expect(await languagesOption(`/de/${filled.slug}`)).not.toHaveProperty("fallbacks");
    expect(await languagesOption(`/${filled.slug}`)).not.toHaveProperty("fallbacks");
    const unpublished = await family("<p>Draft words.</p>", { title: "Entwurf", body: "" }, false);
    expect(await languagesOption(`/de/${unpublished.slug}`)).not.toHaveProperty("fallbacks");
  });
});
