import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDurableObjectLimiter } from "../../src/cores/rate-limit";

const T0 = Date.UTC(2026, 0, 1, 12);
let counter = 0;

function limiter(clock: { now: number }, limit = 3) {
  const prefix = `test-${++counter}:`;
  return { prefix, limiter: createDurableObjectLimiter({ namespace: env.RATE_LIMIT, prefix, limit, windowSeconds: 60, now: () => clock.now }) };
}

describe("RateLimitObject through createDurableObjectLimiter", () => {
  it("consumes up to the budget, then refuses with the wait until the oldest hit leaves", async () => {
    const clock = { now: T0 };
    const { limiter: l } = limiter(clock);
    expect(await l.consume("k")).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: null });
    clock.now += 10_000;
    await l.consume("k");
    await l.consume("k");
    expect(await l.consume("k")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 50 });
    expect(await l.peek("k")).toMatchObject({ allowed: false });
    clock.now = T0 + 60_000;
    expect(await l.consume("k")).toMatchObject({ allowed: true });
  });

  it("release gives back the newest hit, reset forgets all, keys are apart", async () => {
    const clock = { now: T0 };
    const { limiter: l } = limiter(clock, 2);
    await l.consume("a");
    await l.consume("a");
    expect((await l.peek("a")).allowed).toBe(false);
    expect((await l.peek("b")).allowed).toBe(true);
    await l.release("a");
    expect(await l.peek("a")).toMatchObject({ allowed: true, remaining: 1 });
    await l.record("a");
    await l.reset("a");
    expect(await l.peek("a")).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("100 parallel consumes with a budget of 3 admit exactly 3", async () => {
    const clock = { now: T0 };
    const { limiter: l } = limiter(clock);
    const decisions = await Promise.all(Array.from({ length: 100 }, () => l.consume("burst")));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
  });

  it("its alarm deletes an idle key's storage, and the key starts afresh", async () => {
    const clock = { now: T0 };
    const { prefix, limiter: l } = limiter(clock, 1);
    await l.consume("idle");
    const stub = env.RATE_LIMIT.get(env.RATE_LIMIT.idFromName(`${prefix}idle`));
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).not.toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runInDurableObject(stub, (_o, state) => state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'hits'").toArray())).toEqual([]);
    expect(await l.consume("idle")).toMatchObject({ allowed: true });
  });
});
