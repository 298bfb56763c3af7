import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { admin, editor } from "../objects/room-client";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

/* The site menu: the `menu` setting, written like every setting (admins only), and the demo layout's nav. */
const headers = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
let ed = "";
let pub = "";
let ada = "";

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  ed = await signIn("ed@demo.test");
  pub = await signIn("pub@demo.test");
  ada = await signIn("ada@demo.test");
});

const patch = (cookie: string, menu: unknown) =>
  exports.default.fetch(`${SITE}/api/cms/settings`, { method: "PATCH", headers: headers(cookie), body: JSON.stringify({ menu }) });

async function nav(path = "/about"): Promise<string[]> {
  const page = await (await exports.default.fetch(`${SITE}${path}`)).text();
  const navHtml = /<nav aria-label="Site">(.*?)<\/nav>/s.exec(page)?.[1] ?? "";
  return [...navHtml.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => `${m[2]} ${m[1]}`);
}

describe("the site menu", () => {
  it("without a menu setting, shows the home page and the published pages", async () => {
    expect(await nav()).toEqual(["Home /", "About us /about", "Sign in /login"]);
  });

  it("shows the chosen pages in the chosen order under their labels; a page not published is left out until it is", async () => {
    const created = await exports.default.fetch(`${SITE}/api/cms/pages`, { method: "POST", headers: headers(ed), body: JSON.stringify({ slug: "team", title: "Team" }) });
    const { id } = (await created.json()) as { id: number };
    const saved = await patch(ada, [{ pageId: 2, label: "Who we are" }, { pageId: id, label: "Our team" }, { pageId: 1, label: "Start" }]);
    expect(saved.status).toBe(200);
    expect(await nav()).toEqual(["Who we are /about", "Start /", "Sign in /login"]);
    expect((await exports.default.fetch(`${SITE}/api/cms/pages/${id}/publish`, { method: "POST", headers: headers(pub), body: "{}" })).status).toBe(200);
    expect(await nav()).toEqual(["Who we are /about", "Our team /team", "Start /", "Sign in /login"]);
  });

  it("is changed by admins only: an editor's or a publisher's change is 403 forbidden_admin and the menu stays", async () => {
    const before = await nav();
    for (const cookie of [ed, pub]) {
      const denied = await patch(cookie, [{ pageId: 1, label: "Defaced" }]);
      expect(denied.status).toBe(403);
      expect(await denied.json()).toMatchObject({ code: "forbidden_admin" });
    }
    expect(await nav()).toEqual(before);
    const service = (exports as unknown as Record<string, { patchSettings: (...args: unknown[]) => Promise<unknown> }>).CmsService!;
    expect(await service.patchSettings(editor("svc"), { menu: [] })).toMatchObject({ ok: false, status: 403 });
    expect(await service.patchSettings(editor("svc-pub", true), { menu: [] })).toMatchObject({ ok: false, status: 403, code: "forbidden_admin" });
    expect(await service.patchSettings(admin("svc-admin"), { menu: [{ pageId: 1 }] })).toMatchObject({ ok: false, status: 422 });
  });

  it.each([
    ["not a list", "home"],
    ["an entry without a label", [{ pageId: 1 }]],
    ["a blank label", [{ pageId: 1, label: "  " }]],
    ["a label too long", [{ pageId: 1, label: "x".repeat(61) }]],
    ["a page id that is not one", [{ pageId: "1", label: "Home" }]],
    ["an unknown member", [{ pageId: 1, label: "Home", href: "javascript:alert(1)" }]],
    ["too many entries", Array.from({ length: 21 }, () => ({ pageId: 1, label: "Home" }))],
  ])("refuses %s with a 422 JSON answer and writes nothing", async (_case, menu) => {
    const before = await nav();
    const response = await patch(ada, menu);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: expect.any(String), violations: [expect.objectContaining({ path: expect.stringMatching(/^menu/) })] });
    expect(await nav()).toEqual(before);
  });

  it("a null menu goes back to the default", async () => {
    expect((await patch(ada, null)).status).toBe(200);
    expect((await nav())[0]).toBe("Home /");
  });
});
