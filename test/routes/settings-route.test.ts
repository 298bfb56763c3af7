import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { applySettingsPatch } from "../../src/cores/settings";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { settingsRoute } from "../../src/routes/settings-route";
import { siteSettingsConfig } from "../../src/site/settings-config";
import { ADMIN, asAdmin, asEditor, asPublisher, EDITOR, headerResolver, PUBLISHER, request, type RequestOptions } from "../helpers/http";

const route = settingsRoute({ ...siteSettingsConfig, resolveEditor: headerResolver });
const call = (method: string, options: RequestOptions = {}) => runEditorRoute(route, request(method, "/api/cms/settings", options), env);
const patch = (body: unknown) => call("PATCH", { body, headers: asAdmin() });
const stored = () => env.DB.prepare("SELECT * FROM site_settings WHERE id = 1").first<Record<string, unknown>>();

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM site_settings").run();
});

describe("settingsRoute", () => {
  it("refuses an editor and a publisher (403 forbidden_admin) on PATCH, POST and the core, and writes nothing; an admin may", async () => {
    for (const [headers, session] of [[asEditor(), EDITOR], [asPublisher(), PUBLISHER]] as const) {
      for (const method of ["PATCH", "POST"]) {
        const res = await call(method, { body: { siteName: "Defaced" }, headers });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: "forbidden_admin" });
      }
      await expect(applySettingsPatch(env, siteSettingsConfig, session, { siteName: "Defaced" })).rejects.toMatchObject({ status: 403, code: "forbidden_admin" });
    }
    expect(await stored()).toBeNull();
    expect((await call("GET", { headers: asEditor() })).status).toBe(200);
    expect((await call("PATCH", { body: { siteName: "Acme" }, headers: asAdmin() })).status).toBe(200);
  });

  it("reads every configured setting, null before anything is saved", async () => {
    const res = await call("GET", { headers: asEditor() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      settings: { siteName: null, tagline: null, logo: null, favicon: null, shareImage: null, contactEmail: null, accentColor: null, footerNote: null, socialLinks: null, menu: null },
    });
  });

  it("writes base columns and custom keys, and reports ignored keys without writing them", async () => {
    const res = await patch({ siteName: "Acme", accentColor: "#c00", socialLinks: ["https://x.test/acme"], id: 7, custom: { evil: 1 }, updatedAt: "1999" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      settings: { siteName: "Acme", accentColor: "#c00", socialLinks: ["https://x.test/acme"], tagline: null },
      ignored: ["id", "custom", "updatedAt"],
      changed: ["siteName", "accentColor", "socialLinks"],
    });
    const row = await stored();
    expect(row).toMatchObject({ id: 1, site_name: "Acme" });
    expect(JSON.parse(row!.custom as string)).toEqual({ accentColor: "#c00", socialLinks: ["https://x.test/acme"] });
    expect(row!.updated_at).not.toBe("1999");
  });

  it("merges later patches key by key and clears a custom key with null", async () => {
    await patch({ siteName: "Acme", accentColor: "#c00", footerNote: "Hi" });
    await call("POST", { body: { tagline: "Fast sites", footerNote: null }, headers: asAdmin() });
    const { settings } = await (await call("GET", { headers: asEditor() })).json<{ settings: Record<string, unknown> }>();
    expect(settings).toMatchObject({ siteName: "Acme", tagline: "Fast sites", accentColor: "#c00", footerNote: null });
    expect(JSON.parse((await stored())!.custom as string)).toEqual({ accentColor: "#c00" });
  });

  it("accepts an image setting that is a media asset, and clearing it", async () => {
    const logo = `${env.MEDIA_URL}/0b9c3d1e-5f6a-4b7c-8d9e-0f1a2b3c4d5e.png`;
    expect((await patch({ logo })).status).toBe(200);
    expect((await stored())!.logo).toBe(logo);
    expect((await patch({ logo: null })).status).toBe(200);
    expect((await stored())!.logo).toBeNull();
  });

  it.each([
    ["a remote logo", { logo: "https://evil.test/logo.png" }, "logo"],
    ["a favicon walking out of the media path", { favicon: `${env.MEDIA_URL}/../admin.png` }, "favicon"],
    ["a javascript: share image", { shareImage: "javascript:alert(1)" }, "shareImage"],
    ["a non-string image", { logo: { src: "x" } }, "logo"],
    ["a non-string base value", { siteName: 42 }, "siteName"],
    ["an over-long base value", { tagline: "x".repeat(2001) }, "tagline"],
  ])("refuses %s with 422 and writes nothing", async (_name, body, path) => {
    const res = await patch({ ...body, siteName: typeof body === "object" && "siteName" in body ? body.siteName : "Kept out" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: [{ path }] });
    expect(await stored()).toBeNull();
  });

  it("needs an editor (401) and a same-origin write (403)", async () => {
    expect((await call("GET")).status).toBe(401);
    expect((await call("PATCH", { body: { siteName: "x" }, headers: asAdmin(), origin: "https://evil.test" })).status).toBe(403);
    expect(await stored()).toBeNull();
  });
});

describe("applySettingsPatch: the route-free core", () => {
  it("applies the same rules without a route", async () => {
    const result = await applySettingsPatch(env, siteSettingsConfig, ADMIN, { contactEmail: "hi@acme.test", nope: 1 });
    expect(result).toMatchObject({ settings: { contactEmail: "hi@acme.test" }, ignored: ["nope"], changed: ["contactEmail"] });
    await expect(applySettingsPatch(env, siteSettingsConfig, ADMIN, { logo: "https://evil.test/x.png" })).rejects.toMatchObject({ status: 422 });
    await expect(applySettingsPatch(env, siteSettingsConfig, null, { siteName: "x" })).rejects.toMatchObject({ status: 401 });
  });

  it("without mediaBase accepts any safe image URL", async () => {
    const loose = { ...siteSettingsConfig, mediaBase: undefined };
    expect((await applySettingsPatch(env, loose, ADMIN, { logo: "https://cdn.test/logo.png" })).settings.logo).toBe("https://cdn.test/logo.png");
    await expect(applySettingsPatch(env, loose, ADMIN, { logo: "javascript:alert(1)" })).rejects.toMatchObject({ status: 422 });
  });

  it("writes nothing when every key is ignored", async () => {
    expect(await applySettingsPatch(env, siteSettingsConfig, ADMIN, { nope: 1 })).toMatchObject({ ignored: ["nope"], changed: [] });
    expect(await stored()).toBeNull();
  });
});
