import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("migrations", () => {
  it("create the foundation tables", async () => {
    const rows = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('pages','pages_versions','editors') ORDER BY name").all<{ name: string }>();
    expect(rows.results.map((r) => r.name)).toEqual(["editors", "pages", "pages_versions"]);
  });
});
