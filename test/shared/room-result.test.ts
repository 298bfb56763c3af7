import { describe, expect, it } from "vitest";
import { HttpError, LouiseValidationError } from "../../src/shared/errors";
import { roomResult, unwrapRoomResult } from "../../src/shared/room-result";

/* What crosses the room's RPC is the plain result; the error rebuilt on the caller's side answers the same. */
const across = <T>(value: T): T => structuredClone(value);

describe("errors across the room's RPC", () => {
  it("keep status, code, details and headers, with the room's answer as cause", async () => {
    const result = across(await roomResult(async () => {
      throw new HttpError(429, "slow down", { code: "rate_limited", details: { retryAfter: 5 }, headers: { "retry-after": "5" } });
    }));
    let caught: unknown;
    try {
      unwrapRoomResult(result);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpError);
    const error = caught as HttpError;
    expect(error.cause).toEqual(result);
    const response = error.toResponse();
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: "slow down", code: "rate_limited", retryAfter: 5 });
  });

  it("rebuild a 422 as a LouiseValidationError with its violations", async () => {
    const violations = [{ path: "title", message: "too long", code: "too_long" }];
    const result = across(await roomResult(async () => {
      throw new LouiseValidationError(violations);
    }));
    expect(() => unwrapRoomResult(result)).toThrow(LouiseValidationError);
    try {
      unwrapRoomResult(result);
    } catch (error) {
      expect((error as LouiseValidationError).violations).toEqual(violations);
    }
  });
});
