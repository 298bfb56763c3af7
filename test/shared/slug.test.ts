import { describe, expect, it } from "vitest";
import { isSlug, slugFrom, uniqueSlug } from "../../src/shared/slug";

describe("slugFrom", () => {
  it.each([
    ["About us", "about-us"],
    ["Café & Bar: Opening hours", "cafe-bar-opening-hours"],
    ["  --Spring 2026!--  ", "spring-2026"],
    ["Über straße", "uber-stra-e"],
    ["???", "page"],
    ["", "page"],
    [`${"a".repeat(119)} b`, "a".repeat(119)],
  ])("%j → %j, a well-formed slug", (title, slug) => {
    expect(slugFrom(title)).toBe(slug);
    expect(isSlug(slugFrom(title))).toBe(true);
  });
});

describe("uniqueSlug", () => {
  it.each([
    ["team", [], "team"],
    ["team", ["team"], "team-2"],
    ["team", ["team", "team-2", "team-3"], "team-4"],
    ["a".repeat(120), ["a".repeat(120)], `${"a".repeat(118)}-2`],
    ["login", [], "login-2"],
    ["media", ["media-2"], "media-3"],
  ])("%j among %j → %j", (base, taken, slug) => {
    expect(uniqueSlug(base, new Set(taken))).toBe(slug);
    expect(isSlug(uniqueSlug(base, new Set(taken)))).toBe(true);
  });
});

describe("isSlug", () => {
  it.each([["home", true], ["a-b-1", true], ["A", false], ["-a", false], ["a b", false], ["a/b", false], ["a".repeat(121), false], [1, false], [null, false]])("%j → %j", (value, ok) => {
    expect(isSlug(value)).toBe(ok);
  });
});
