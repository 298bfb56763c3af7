import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSlidingWindowLimiter } from "../../../src/cores/rate-limit";

let n = 0;
const T0 = Date.UTC(2026, 0, 1);

/** A limiter of 3 per 60 s on the real KV binding, with a clock the test moves. */
function limiter(limit = 3) {
  const clock = { at: T0 };
  const l = createSlidingWindowLimiter({ kv: env.KV, prefix: `test-rl-${++n}:`, limit, windowSeconds: 60, now: () => clock.at });
  return { l, clock };
}

describe("createSlidingWindowLimiter", () => {
  it("admits exactly the budget, then refuses with the seconds until the oldest hit leaves", async () => {
    const { l, clock } = limiter();
    const seen = [];
    for (const at of [0, 10_000, 20_000, 30_000]) {
      clock.at = T0 + at;
      seen.push(await l.consume("k"));
    }
    expect(seen).toEqual([
      { allowed: true, remaining: 2, retryAfterSeconds: null },
      { allowed: true, remaining: 1, retryAfterSeconds: null },
      { allowed: true, remaining: 0, retryAfterSeconds: null },
      { allowed: false, remaining: 0, retryAfterSeconds: 30 },
    ]);
  });

  it("frees one slot at the exact instant the oldest hit is windowSeconds old, not a millisecond before", async () => {
    const { l, clock } = limiter();
    for (const at of [0, 1_000, 2_000]) {
      clock.at = T0 + at;
      await l.consume("k");
    }
    clock.at = T0 + 59_999;
    expect(await l.consume("k")).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.at = T0 + 60_000;
    expect(await l.consume("k")).toMatchObject({ allowed: true, remaining: 0 });
    expect(await l.consume("k")).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it("never admits twice the budget around a boundary (where a fixed window would)", async () => {
    const { l, clock } = limiter();
    // A fixed minute window would reset at T0 + 60 s: 3 just before it and 3 just after it.
    clock.at = T0 + 59_000;
    const before = [];
    for (let i = 0; i < 3; i++) before.push((await l.consume("k")).allowed);
    clock.at = T0 + 61_000;
    const after = [];
    for (let i = 0; i < 3; i++) after.push((await l.consume("k")).allowed);
    expect(before).toEqual([true, true, true]);
    expect(after).toEqual([false, false, false]);
    clock.at = T0 + 119_000;
    expect((await l.consume("k")).allowed).toBe(true);
  });

  it("does not record refused hits, so hammering does not extend the wait", async () => {
    const { l, clock } = limiter(1);
    await l.consume("k");
    for (let s = 1; s < 60; s += 10) {
      clock.at = T0 + s * 1000;
      expect((await l.consume("k")).allowed).toBe(false);
    }
    clock.at = T0 + 60_000;
    expect((await l.consume("k")).allowed).toBe(true);
  });

  it("peek reads without recording; record counts unconditionally; reset forgets", async () => {
    const { l } = limiter(2);
    expect(await l.peek("k")).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: null });
    expect(await l.peek("k")).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: null });
    await l.record("k");
    await l.record("k");
    expect(await l.peek("k")).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    await l.reset("k");
    expect(await l.peek("k")).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("keeps keys and prefixes apart", async () => {
    const { l } = limiter(1);
    const other = createSlidingWindowLimiter({ kv: env.KV, prefix: `test-rl-other-${++n}:`, limit: 1, windowSeconds: 60, now: () => T0 });
    await l.consume("a");
    expect((await l.consume("a")).allowed).toBe(false);
    expect((await l.consume("b")).allowed).toBe(true);
    expect((await other.consume("a")).allowed).toBe(true);
  });

  it.each([
    [{ limit: 0, windowSeconds: 60 }],
    [{ limit: 1.5, windowSeconds: 60 }],
    [{ limit: 3, windowSeconds: 0 }],
  ])("refuses a nonsensical budget %j", (rule) => {
    expect(() => createSlidingWindowLimiter({ kv: env.KV, prefix: "x:", ...rule })).toThrow(TypeError);
  });
});
