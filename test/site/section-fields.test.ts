import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import type { siteCollections } from "../../src/site/cms";
import { connect, editor, newestDraft, newPage, until } from "../objects/room-client";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

/*
 * The demo catalog's call to action has typed fields: a `url` (href) and a `select` (style). The
 * page marks them for their form controls, the visitor's page renders them by the same rules, and
 * every write path (REST, inline save, the room, the service) judges them as a collection's typed
 * fields are judged.
 */
let cookie = "";

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  cookie = await signIn("pub@demo.test");
});

const CTA = { type: "cta", label: "Book now", href: "/courses/pottery-basics", style: "secondary" };

const json = { origin: SITE, "content-type": "application/json" };
const violations = async (res: Response) => ((await res.json()) as { violations?: { path: string; code?: string }[] }).violations?.map((v) => `${v.path}:${v.code}`);

async function publishedPage(slug: string, sections: unknown[]): Promise<void> {
  await env.DB.prepare("INSERT INTO pages (slug, title, sections, published_version_id) VALUES (?1, 'CTA', ?2, 999)").bind(slug, JSON.stringify(sections)).run();
}

describe("a call to action on the page", () => {
  it("shows visitors a button-styled link with the style as a class, and no markers", async () => {
    const html = await (await exports.default.fetch(`${SITE}/`)).text();
    expect(html).toContain('<section class="cta cta-primary"><p><a class="button" href="/courses/pottery-basics">See the courses</a></p></section>');
    expect(html).not.toContain("data-cms-");
  });

  it("marks the link and the style for editors with their type, declaration and stored value", async () => {
    const html = await (await exports.default.fetch(`${SITE}/`, { headers: { cookie } })).text();
    expect(html).toContain('<section class="cta cta-primary" data-cms-entry="sections.3" data-cms-kind="Call to action">');
    expect(html).toContain('<span class="button" data-cms-field="pages:1:sections.3.label" data-cms-placeholder="Button text" data-cms-required>See the courses</span>');
    expect(html).toContain(
      '<span data-cms-field="pages:1:sections.3.href" data-cms-type="url" data-cms-def="{&quot;type&quot;:&quot;url&quot;,&quot;required&quot;:true,&quot;label&quot;:&quot;Link&quot;,&quot;placeholder&quot;:&quot;Where the button goes&quot;}" data-cms-value="&quot;/courses/pottery-basics&quot;" data-cms-placeholder="Where the button goes" data-cms-required>/courses/pottery-basics</span>',
    );
    expect(html).toContain(
      '<span data-cms-field="pages:1:sections.3.style" data-cms-type="select" data-cms-def="{&quot;type&quot;:&quot;select&quot;,&quot;options&quot;:[{&quot;value&quot;:&quot;primary&quot;,&quot;label&quot;:&quot;Primary&quot;},{&quot;value&quot;:&quot;secondary&quot;,&quot;label&quot;:&quot;Secondary&quot;}],&quot;label&quot;:&quot;Style&quot;}" data-cms-value="&quot;primary&quot;" data-cms-placeholder="Style">Primary</span>',
    );
  });

  it("gives the sections editor a call-to-action template whose typed fields carry the same markers", async () => {
    const html = await (await exports.default.fetch(`${SITE}/`, { headers: { cookie } })).text();
    const template = html.match(/<template data-cms-template="cta"[^>]*>([\s\S]*?)<\/template>/);
    expect(template?.[0]).toContain('data-cms-label="Call to action"');
    expect(template?.[0]).toContain('data-cms-texts="label"');
    expect(template?.[1]).toContain('data-cms-field="pages:1:sections.0.href" data-cms-type="url" data-cms-def="{&quot;type&quot;:&quot;url&quot;,&quot;required&quot;:true,&quot;label&quot;:&quot;Link&quot;,&quot;placeholder&quot;:&quot;Where the button goes&quot;}" data-cms-value="null" data-cms-placeholder="Where the button goes" data-cms-required');
    expect(template?.[1]).toContain('data-cms-field="pages:1:sections.0.style" data-cms-type="select"');
  });

  it("renders stored content by the same rules: no link for an address the URL rule refuses, no class for an undeclared style, text escaped", async () => {
    await publishedPage("cta-hostile", [{ type: "cta", label: "<b>Go</b>", href: "javascript:alert(1)", style: "loud\" onclick=\"x" }]);
    const html = await (await exports.default.fetch(`${SITE}/cta-hostile`)).text();
    expect(html).toContain('<section class="cta"><p><span class="button">&lt;b&gt;Go&lt;/b&gt;</span></p></section>');
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("loud");
  });
});

describe("a call to action's typed fields through every write path", () => {
  it("REST: refuses an unsafe link and an undeclared style (422, nothing written), and coerces a bare domain", async () => {
    const page = await newPage({ sections: [] });
    const bad = await exports.default.fetch(`${SITE}/api/cms/pages/${page}/versions`, {
      method: "POST",
      headers: { cookie, ...json },
      body: JSON.stringify({ sections: [{ ...CTA, href: "javascript:alert(1)", style: "loud" }] }),
    });
    expect(bad.status).toBe(422);
    expect(await violations(bad)).toEqual(["sections.0.href:unsafe_url", "sections.0.style:not_an_option"]);
    expect(await newestDraft(page)).toBeNull();
  });

  it("inline save: refuses an unsafe link and an undeclared style (422), and saves a bare domain as its https address", async () => {
    const save = (field: string, value: unknown) =>
      exports.default.fetch(`${SITE}/api/cms/save`, { method: "POST", headers: { cookie, ...json }, body: JSON.stringify({ field: `pages:1:sections.3.${field}`, value }) });
    const unsafe = await save("href", "javascript:alert(1)");
    expect(unsafe.status).toBe(422);
    expect((await violations(unsafe))?.[0]).toMatch(/^sections\.3\.href.*:unsafe_url$/);
    const loud = await save("style", "loud");
    expect(loud.status).toBe(422);
    expect((await violations(loud))?.[0]).toMatch(/^sections\.3\.style.*:not_an_option$/);
    expect((await save("href", "example.com/book")).status).toBe(204);
    expect((await save("style", "secondary")).status).toBe(204);
    expect(((await newestDraft(1))?.sections as Record<string, unknown>[])[3]).toMatchObject({ type: "cta", href: "https://example.com/book", style: "secondary" });
  });

  it("the service binding: refuses an undeclared style with 422 naming the path", async () => {
    type SiteService = CmsServiceApi<typeof siteCollections>;
    const service = (exports as unknown as { CmsService: Pick<SiteService, "saveDraft"> }).CmsService;
    const page = await newPage({ sections: [] });
    const result = await service.saveDraft(editor("svc"), "pages", page, { sections: [{ ...CTA, style: "loud" }] } as never);
    expect(result).toMatchObject({ ok: false, status: 422, details: { violations: [{ path: "sections.0.style", code: "not_an_option" }] } });
  });
});

describe("a call to action's typed fields in the live room", () => {
  const entry = (values: Record<string, unknown>) => {
    const map = new Y.Map<unknown>();
    for (const [key, value] of Object.entries(values)) map.set(key, key === "label" ? new Y.Text(String(value)) : value);
    return map;
  };

  it.each([
    ["href", "javascript:alert(1)", "must be an http(s), mailto, tel or relative URL"],
    ["href", 42, "must be an http(s), mailto, tel or relative URL"],
    ["href", "//evil.test/x", "must be an http(s), mailto, tel or relative URL"],
    ["href", `/${"x".repeat(2048)}`, "is longer than 2048 characters"],
    ["style", "loud", 'must be one of "primary", "secondary"'],
  ])("closes a stock Yjs client setting %s = %j in an entry (4422) naming the field and the rule, and keeps the value out", async (key, value, rule) => {
    const page = await newPage({ sections: [{ ...CTA, id: "cta1" }] });
    const bad = await connect(page, editor("bad"));
    const map = bad.doc.getArray<Y.Map<unknown>>("sections").get(0);
    map.set(key, value);
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    expect(bad.closed?.reason).toBe(`sections: an entry's ${key} ${rule}`);
    const check = await connect(page, editor("check"));
    expect(check.doc.getArray<Y.Map<unknown>>("sections").get(0).get(key)).toBe(CTA[key as keyof typeof CTA]);
    check.close();
  });

  it("takes a new call to action with a link and a style, and saves them as a draft", async () => {
    const page = await newPage({ sections: [] });
    const peer = await connect(page, editor("peer"));
    peer.doc.getArray<Y.Map<unknown>>("sections").insert(0, [entry({ ...CTA, id: "cta1", href: "mailto:hello@example.com" })]);
    await until(async () => (await newestDraft(page)) !== null);
    expect(((await newestDraft(page))?.sections as unknown[])[0]).toEqual({ ...CTA, id: "cta1", href: "mailto:hello@example.com" });
    expect(peer.closed).toBeNull();
    peer.close();
  });
});
