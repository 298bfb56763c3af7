import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { applyBlobSettingsPatch } from "../../src/cores/settings";
import { blobSettingsRoute } from "../../src/routes/blob-settings-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { siteBlobSettingsConfig } from "../../src/site/settings-config";
import { ADMIN, asAdmin, asEditor, asPublisher, EDITOR, headerResolver, PUBLISHER, request, type RequestOptions } from "../helpers/http";

const route = blobSettingsRoute({ ...siteBlobSettingsConfig, resolveEditor: headerResolver });
const call = (method: string, options: RequestOptions = {}) => runEditorRoute(route, request(method, "/api/cms/settings", options), env);
const stored = async () => {
  const row = await env.DB.prepare("SELECT data FROM site_settings_blob WHERE id = 1").first<{ data: string }>();
  return row ? JSON.parse(row.data) : null;
};

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM site_settings_blob").run();
});

describe("blobSettingsRoute", () => {
  it("answers GET with { settings } through read", async () => {
    const res = await call("GET", { headers: asEditor() });
    expect(await res.json()).toEqual({ settings: { theme: "light" } });
  });

  it("merges allowed keys through their sanitizers and reports ignored and changed keys", async () => {
    const res = await call("PATCH", { body: { announcement: "  Sale today  ", theme: "dark", admin: true }, headers: asAdmin() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ settings: { theme: "dark", announcement: "Sale today" }, ignored: ["admin"], changed: ["announcement", "theme"] });
    expect(await stored()).toEqual({ announcement: "Sale today", theme: "dark" });
    const again = await call("POST", { body: { theme: "dark", footerNote: "Bye" }, headers: asAdmin() });
    expect(await again.json()).toMatchObject({ changed: ["footerNote"] });
    expect(await stored()).toEqual({ announcement: "Sale today", theme: "dark", footerNote: "Bye" });
  });

  it("refuses a value its sanitizer rejects with 422 and writes nothing", async () => {
    const res = await call("PATCH", { body: { theme: "neon", announcement: "x" }, headers: asAdmin() });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: [{ path: "theme" }] });
    expect(await stored()).toBeNull();
  });

  it("refuses an editor and a publisher (403 forbidden_admin), on the route and the core, and writes nothing", async () => {
    for (const [headers, session] of [[asEditor(), EDITOR], [asPublisher(), PUBLISHER]] as const) {
      const res = await call("PATCH", { body: { announcement: "Defaced" }, headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "forbidden_admin" });
      await expect(applyBlobSettingsPatch(env, siteBlobSettingsConfig, session, { theme: "dark" })).rejects.toMatchObject({ status: 403, code: "forbidden_admin" });
    }
    expect(await stored()).toBeNull();
  });

  it("needs an editor", async () => {
    expect((await call("GET")).status).toBe(401);
    expect((await call("PATCH", { body: { theme: "dark" } })).status).toBe(401);
  });

  it("keeps both of two concurrent patches of different keys", async () => {
    await Promise.all([
      applyBlobSettingsPatch(env, siteBlobSettingsConfig, ADMIN, { announcement: "A" }),
      applyBlobSettingsPatch(env, siteBlobSettingsConfig, ADMIN, { footerNote: "B" }),
      applyBlobSettingsPatch(env, siteBlobSettingsConfig, ADMIN, { theme: "dark" }),
    ]);
    expect(await stored()).toEqual({ announcement: "A", footerNote: "B", theme: "dark" });
  });
});
