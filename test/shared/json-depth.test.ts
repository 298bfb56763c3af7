import { describe, expect, it } from "vitest";
import { isTooDeep, jsonTextDepth, MAX_JSON_DEPTH } from "../../src/shared/json-depth";

describe("jsonTextDepth", () => {
  it.each([
    ["1", 0],
    ["{}", 1],
    ['{"a":[1,[2]]}', 3],
    ['["[[[[", "\\"[[["]', 1],
    ['{"a\\\\":[{"b":"]]]"}]}', 3],
  ])("%s is %i deep", (text, depth) => {
    expect(jsonTextDepth(text)).toBe(depth);
  });

  it("stops counting as soon as it passes the limit", () => {
    expect(jsonTextDepth("[".repeat(100_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
});

describe("isTooDeep", () => {
  it("counts arrays and objects, not scalars", () => {
    expect(isTooDeep({ a: [[1]] }, 3)).toBe(false);
    expect(isTooDeep({ a: [[1]] }, 2)).toBe(true);
    expect(isTooDeep("text", 0)).toBe(false);
  });

  it("walks 100,000 levels without overflowing the stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(isTooDeep(deep)).toBe(true);
  });

  it("answers true for a cycle (a structured clone can hold one) and for a graph sharing children", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(isTooDeep(cycle)).toBe(true);
    let shared: unknown = 1;
    for (let i = 0; i < 40; i++) shared = [shared, shared];
    expect(isTooDeep(shared)).toBe(true);
  });
});
