import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createMediaKey } from "../../src/cores/media";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

const PRIVATE = "private, no-store";
let ed = "";

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  ed = await signIn("ed@demo.test");
});

const call = (path: string, init: { method?: string; body?: unknown; cookie?: string | null } = {}) =>
  exports.default.fetch(`${SITE}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.cookie === null ? {} : { cookie: init.cookie ?? ed }),
      ...(init.method && init.method !== "GET" ? { origin: SITE, "content-type": "application/json" } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

describe("no API answer that can carry a draft is cached", () => {
  it.each([
    ["a record", () => call("/api/cms/pages/2")],
    ["the list", () => call("/api/cms/pages?limit=5")],
    ["the versions", () => call("/api/cms/pages/2/versions")],
    ["a saved draft", () => call("/api/cms/pages/2/versions", { method: "POST", body: { title: "Draft only" } })],
    ["an inline save", () => call("/api/cms/save", { method: "POST", body: { field: "pages:2:title", value: "Inline draft" } })],
    ["the session", () => call("/api/cms/session")],
    ["the settings", () => call("/api/cms/settings")],
    ["a search", () => call("/api/cms/pages/search?q=about")],
    ["the media list", () => call("/api/cms/media")],
    ["a 404", () => call("/api/cms/pages/99999")],
    ["a 404 for a path no route has", () => call("/api/cms/no-such-thing")],
    ["a 404 for a path no route has, signed out", () => call("/api/cms/no/such/thing", { cookie: null })],
    ["a 401", () => call("/api/cms/pages/2", { cookie: null })],
    ["a 422", () => call("/api/cms/pages/2/versions", { method: "POST", body: { title: 7 } })],
    ["a 405", () => call("/api/cms/pages/2/versions", { method: "PUT", body: {} })],
  ])("%s answers Cache-Control: private, no-store", async (_name, run) => {
    const res = await run();
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("cache-control")).toBe(PRIVATE);
    await res.arrayBuffer();
  });

  it("public media files keep their own long-lived public policy", async () => {
    const key = createMediaKey("png");
    await env.MEDIA.put(key, new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), { httpMetadata: { contentType: "image/png" } });
    const res = await call(`/media/${key}`, { cookie: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await res.arrayBuffer();
  });
});

describe("HTML that differs by session", () => {
  it("varies on Cookie, for the visitor's page and the editor's edit mode", async () => {
    const visitor = await call("/about", { cookie: null });
    expect(visitor.headers.get("vary")).toMatch(/\bCookie\b/i);
    expect(visitor.headers.get("cache-control")).toContain("public");
    const editing = await call("/about");
    expect(editing.headers.get("vary")).toMatch(/\bCookie\b/i);
    expect(editing.headers.get("cache-control")).toBe(PRIVATE);
    await visitor.text();
    await editing.text();
  });
});
