import { describe, expect, it } from "vitest";
import { scopeSummary } from "../../src/client/team/scope-summary";
import { parseTeam } from "../../src/client/team/team-list";

describe("the Team panel's scope summary", () => {
  it("says everything for an unscoped account, and names each part of a scope", () => {
    expect(scopeSummary({})).toBe("everything");
    expect(scopeSummary({ paths: ["/blog/"] })).toBe("pages under /blog/");
    expect(scopeSummary({ collections: ["pages"], paths: ["/blog/", "/news/"], readOnlyFields: { pages: ["slug", "title"] } })).toBe(
      "only pages; pages under /blog/, /news/; read-only pages.slug, pages.title",
    );
    expect(scopeSummary({ collections: [] })).toBe("no collections");
  });
});

describe("parseTeam", () => {
  it("keeps well-formed accounts and invites and drops the rest", () => {
    const parsed = parseTeam({
      editors: [
        { id: 1, name: "Ada", email: "ada@example.test", role: "admin", scopes: {}, lastActiveAt: null },
        { id: 2, name: "Bad", email: "bad@example.test", role: "owner" },
      ],
      invites: [{ email: "kim@example.test", name: "Kim", role: "editor", expiresAt: "2026-12-05T12:00:00.000Z" }, { email: 3 }],
    });
    expect(parsed.members).toEqual([{ id: 1, name: "Ada", email: "ada@example.test", role: "admin", scopes: {}, lastActiveAt: null }]);
    expect(parsed.invites).toEqual([{ email: "kim@example.test", name: "Kim", role: "editor", expiresAt: "2026-12-05T12:00:00.000Z" }]);
    expect(parseTeam(null)).toEqual({ members: [], invites: [] });
  });
});
