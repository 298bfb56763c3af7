import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { seedRoute } from "../../src/routes/seed-route";
import { siteSeedSteps } from "../../src/site/settings-config";
import { asAdmin, asEditor, asPublisher, headerResolver, request, type RequestOptions } from "../helpers/http";

const route = seedRoute({ resolveEditor: headerResolver, steps: siteSeedSteps });
const seed = (options: RequestOptions = {}) => runEditorRoute(route, request("POST", "/api/cms/seed", { headers: asAdmin(), ...options }), env);

describe("seedRoute: POST /api/cms/seed", () => {
  it("seeds the settings singleton once; a second call changes nothing and says so", async () => {
    await env.DB.batch([env.DB.prepare("DELETE FROM site_settings"), env.DB.prepare("DELETE FROM site_settings_blob")]);
    const first = await seed();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ changed: true, created: { site_settings: 1, site_settings_blob: 1 }, message: "seeded" });
    expect(await env.DB.prepare("SELECT site_name FROM site_settings WHERE id = 1").first()).toEqual({ site_name: "cms-toolkit demo" });

    await env.DB.prepare("UPDATE site_settings SET site_name = 'Edited' WHERE id = 1").run();
    const second = await seed();
    expect(await second.json()).toEqual({ changed: false, created: { site_settings: 0, site_settings_blob: 0 }, message: "already seeded; nothing changed" });
    expect(await env.DB.prepare("SELECT site_name FROM site_settings WHERE id = 1").first()).toEqual({ site_name: "Edited" });
  });

  it("is admin-only: the settings (the menu among them) are admins' to write", async () => {
    expect((await seed({ headers: {} })).status).toBe(401);
    for (const headers of [asEditor(), asPublisher()]) {
      const refused = await seed({ headers });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "forbidden_admin" });
    }
    expect((await seed({ origin: "https://evil.test" })).status).toBe(403);
  });

  it("allows only POST", async () => {
    expect((await runEditorRoute(route, request("GET", "/api/cms/seed", { headers: asEditor() }), env)).status).toBe(405);
  });
});
