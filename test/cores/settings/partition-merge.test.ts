import { describe, expect, it } from "vitest";
import { mergeBlobPatch, partitionSettingsPatch, type BlobSanitizer } from "../../../src/cores/settings";
import { LouiseValidationError } from "../../../src/shared/errors";

const COLUMNS = ["siteName", "tagline", "logo"];
const CUSTOM = ["accent", "footerNote", "tagline"];

describe("partitionSettingsPatch(patch, columns, customKeys)", () => {
  it.each([
    [{}, { base: {}, custom: {}, ignored: [] }],
    [{ siteName: "Acme" }, { base: { siteName: "Acme" }, custom: {}, ignored: [] }],
    [{ accent: "#f00" }, { base: {}, custom: { accent: "#f00" }, ignored: [] }],
    [{ siteName: "A", accent: "#f00", id: 9, custom: {} }, { base: { siteName: "A" }, custom: { accent: "#f00" }, ignored: ["id", "custom"] }],
    [{ tagline: "in both lists: a column wins" }, { base: { tagline: "in both lists: a column wins" }, custom: {}, ignored: [] }],
    [{ logo: null, footerNote: null }, { base: { logo: null }, custom: { footerNote: null }, ignored: [] }],
    [{ siteName: undefined }, { base: {}, custom: {}, ignored: [] }],
    [JSON.parse('{"__proto__": {"x": 1}, "constructor": 1}'), { base: {}, custom: {}, ignored: ["__proto__", "constructor"] }],
  ])("%j", (patch, expected) => {
    expect(partitionSettingsPatch(patch, COLUMNS, CUSTOM)).toEqual(expected);
  });

  it("ignores every key without custom keys", () => {
    expect(partitionSettingsPatch({ accent: "#f00" }, COLUMNS)).toEqual({ base: {}, custom: {}, ignored: ["accent"] });
  });
});

const trimmed: BlobSanitizer = (v) => (typeof v === "string" ? v.trim() : undefined);
const theme: BlobSanitizer = (v, key) => {
  if (v === "light" || v === "dark") return v;
  throw new LouiseValidationError([{ path: key, message: "theme must be light or dark" }]);
};
const ALLOW = { title: trimmed, theme, links: (v: unknown) => (Array.isArray(v) ? v.filter((l) => typeof l === "string") : undefined) };

describe("mergeBlobPatch(blob, patch, allow)", () => {
  it.each([
    ["adds an allowed key", {}, { title: " Hi " }, { blob: { title: "Hi" }, ignored: [], changed: ["title"] }],
    ["ignores keys not in allow", { title: "Hi" }, { admin: true, toString: "x" }, { blob: { title: "Hi" }, ignored: ["admin", "toString"], changed: [] }],
    ["reports no change for an equal value", { title: "Hi" }, { title: "Hi  " }, { blob: { title: "Hi" }, ignored: [], changed: [] }],
    ["removes a key its sanitizer rejects to undefined", { title: "Hi", theme: "dark" }, { title: 5 }, { blob: { theme: "dark" }, ignored: [], changed: ["title"] }],
    ["does not report removing an absent key", {}, { title: 5 }, { blob: {}, ignored: [], changed: [] }],
    ["compares nested values as JSON", { links: ["a"] }, { links: ["a", 3] }, { blob: { links: ["a"] }, ignored: [], changed: [] }],
    ["keeps unrelated keys", { other: 1 }, { theme: "light" }, { blob: { other: 1, theme: "light" }, ignored: [], changed: ["theme"] }],
    ["treats __proto__ as an ignored key", {}, JSON.parse('{"__proto__": {"polluted": true}}'), { blob: {}, ignored: ["__proto__"], changed: [] }],
  ])("%s", (_name, blob, patch, expected) => {
    expect(mergeBlobPatch(blob, patch, ALLOW)).toEqual(expected);
  });

  it("never mutates its inputs", () => {
    const blob = Object.freeze({ title: "Old", links: Object.freeze(["a"]) });
    const patch = Object.freeze({ title: "New", theme: "dark" });
    const result = mergeBlobPatch(blob, patch, ALLOW);
    expect(blob).toEqual({ title: "Old", links: ["a"] });
    expect(result.blob).not.toBe(blob);
    expect(result.blob).toEqual({ title: "New", links: ["a"], theme: "dark" });
  });

  it("lets a sanitizer refuse the whole patch", () => {
    expect(() => mergeBlobPatch({}, { theme: "neon" }, ALLOW)).toThrow(LouiseValidationError);
  });

  it("stores an allowed __proto__ key as data, never as the blob's prototype", () => {
    const { blob } = mergeBlobPatch({}, JSON.parse('{"__proto__": {"polluted": true}}'), { ["__proto__"]: (v: unknown) => v });
    expect(Object.getPrototypeOf(blob)).toBe(Object.prototype);
    expect(Object.hasOwn(blob, "__proto__")).toBe(true);
    expect((blob as Record<string, unknown>).polluted).toBeUndefined();
  });
});
