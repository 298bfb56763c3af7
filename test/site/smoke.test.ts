import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("reference worker", () => {
  it("has the foundation tables migrated", async () => {
    const rows = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('pages','pages_versions','editors') ORDER BY name").all<{ name: string }>();
    expect(rows.results.map((r) => r.name)).toEqual(["editors", "pages", "pages_versions"]);
  });

  it("answers unknown paths with a JSON 404", async () => {
    const res = await exports.default.fetch("http://example.test/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "not found" });
  });
});
