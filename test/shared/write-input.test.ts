import { describe, expect, it } from "vitest";
import { isHttpError } from "../../src/shared/errors";
import { isPositiveId, LIST_BOUNDS, pageCursor, pageLimit, positiveId, SEARCH_BOUNDS, versionEtag, writeBase } from "../../src/shared/write-input";

/* One rule each for every entry point's inputs, as tables. */
function statusOf(run: () => unknown): number | unknown {
  try {
    return run();
  } catch (error) {
    return isHttpError(error) ? `${error.status} ${error.code}` : error;
  }
}

describe("write inputs", () => {
  it.each([
    ["12", true], [12, true], ["0", false], [0, false], ["012", false], ["-3", false], [1.5, false], ["1e3", false],
    [Number.MAX_SAFE_INTEGER, true], ["9007199254740993", false], [null, false], [undefined, false], [{}, false],
  ])("the positive-id rule: %j → %s", (value, ok) => {
    expect(isPositiveId(value)).toBe(ok);
    expect(statusOf(() => positiveId(value, "versionId"))).toBe(ok ? Number(value) : "400 invalid_version_id");
  });

  it.each([
    [null, undefined, undefined],
    ['"v12"', undefined, 12],
    ['W/"v12"', undefined, 12],
    [null, 7, 7],
    ['"v7"', 7, 7],
    ['"v7"', 8, "400 conflicting_base"],
    ["*", undefined, "400 invalid_if_match"],
    ['"v1", "v2"', undefined, "400 invalid_if_match"],
    ['"12"', undefined, "400 invalid_if_match"],
    [null, "7", "400 invalid_base_version_id"],
  ])("the base of If-Match %j and baseVersionId %j is %j", (ifMatch, body, expected) => {
    expect(statusOf(() => writeBase(ifMatch, body))).toEqual(expected);
  });

  it("ETags round-trip as bases", () => {
    expect(writeBase(versionEtag(40), undefined)).toBe(40);
  });

  it.each([
    [undefined, LIST_BOUNDS, 20], ["500", LIST_BOUNDS, 100], ["-4", LIST_BOUNDS, 1], [3, SEARCH_BOUNDS, 3], [500, SEARCH_BOUNDS, 50],
    ["abc", LIST_BOUNDS, "400 invalid_limit"], [2.5, SEARCH_BOUNDS, "400 invalid_limit"],
  ])("limit %j within %j is %j", (value, bounds, expected) => {
    expect(statusOf(() => pageLimit(value, bounds))).toEqual(expected);
  });

  it.each([[null, null], ["40", 40], [40, 40], ["x", "400 invalid_cursor"], [-1, "400 invalid_cursor"]])("cursor %j is %j", (value, expected) => {
    expect(statusOf(() => pageCursor(value))).toEqual(expected);
  });
});
