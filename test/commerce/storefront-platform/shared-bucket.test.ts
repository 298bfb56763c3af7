import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { durableObjectRateLimiter, type PlatformRateLimitOverrides } from "../../../src/commerce/storefront-platform";
import type { PlatformRateLimitObject } from "../../../src/workers";

let keySeq = 0;
/** A fresh shop key per test, so no test sees another's budget. */
function shopKey(): string {
  return `shared-shop-${++keySeq}-${crypto.randomUUID()}`;
}

function stubFor(key: string): DurableObjectStub<PlatformRateLimitObject> {
  return env.PLATFORM_RATE_LIMIT.get(env.PLATFORM_RATE_LIMIT.idFromName(key)) as DurableObjectStub<PlatformRateLimitObject>;
}

/** Stands for one isolate: its own limiter over the shared object, recording the waits it is told to sleep. */
function isolate(key: string, clock: { t: number }, overrides: PlatformRateLimitOverrides = {}) {
  const sleeps: number[] = [];
  const limiter = durableObjectRateLimiter(env.PLATFORM_RATE_LIMIT, key, overrides, {
    now: () => clock.t,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { limiter, sleeps };
}

const THREE_PER_10S = { globalPer10s: 3 };

describe("storefront platform: a rate-limit bucket shared across isolates (Durable Object)", () => {
  it("two isolates with the same key share one budget: 3 go at once, the 4th and 5th wait 1/3 and 2/3 of the window", async () => {
    const key = shopKey();
    const clock = { t: 0 };
    const a = isolate(key, clock, THREE_PER_10S);
    const b = isolate(key, clock, THREE_PER_10S);
    await a.limiter.acquire("call");
    await b.limiter.acquire("call");
    await a.limiter.acquire("call");
    expect([...a.sleeps, ...b.sleeps]).toEqual([]);
    await b.limiter.acquire("call");
    await a.limiter.acquire("call");
    // Continuous refill: one token every 10 000 / 3 ms, rounded up to whole milliseconds.
    expect(b.sleeps).toEqual([3_334]);
    expect(a.sleeps).toEqual([6_667]);
  });

  it("refills continuously: once the queue has drained, a token is free again one interval later", async () => {
    const key = shopKey();
    const clock = { t: 0 };
    const a = isolate(key, clock, THREE_PER_10S);
    for (let i = 0; i < 3; i++) await a.limiter.acquire("call");
    clock.t = 3_334;
    await a.limiter.acquire("call");
    expect(a.sleeps).toEqual([]);
    await a.limiter.acquire("call");
    expect(a.sleeps).toEqual([3_333]); // 6 667 − 3 334
  });

  it("different keys do not share a budget", async () => {
    const clock = { t: 0 };
    const shop1 = isolate(shopKey(), clock, THREE_PER_10S);
    const shop2 = isolate(shopKey(), clock, THREE_PER_10S);
    for (let i = 0; i < 4; i++) await shop1.limiter.acquire("call");
    await shop2.limiter.acquire("call");
    expect(shop1.sleeps).toEqual([3_334]);
    expect(shop2.sleeps).toEqual([]);
  });

  it("serves waiters first come, first served across isolates", async () => {
    const key = shopKey();
    const clock = { t: 0 };
    const a = isolate(key, clock, THREE_PER_10S);
    const b = isolate(key, clock, THREE_PER_10S);
    for (const who of [a, b, a, b, a, b, a]) await who.limiter.acquire("call");
    // Arrival order 4 (B), 5 (A), 6 (B), 7 (A) gets consecutive slots.
    expect(b.sleeps).toEqual([3_334, 10_000]);
    expect(a.sleeps).toEqual([6_667, 13_334]);
  });

  it("never grants one slot twice to callers racing from two isolates", async () => {
    const key = shopKey();
    const clock = { t: 0 };
    const a = isolate(key, clock, THREE_PER_10S);
    const b = isolate(key, clock, THREE_PER_10S);
    await Promise.all([a, b, a, b, a, b, a, b].map((who) => who.limiter.acquire("call")));
    expect([...a.sleeps, ...b.sleeps].sort((x, y) => x - y)).toEqual([3_334, 6_667, 10_000, 13_334, 16_667]);
  });

  it("product creation charges both its own bucket and the global one", async () => {
    const stub = stubFor(shopKey());
    const limits = { globalPer10s: 3, productCreatesPerMinute: 2 };
    expect(await stub.reserve("productCreate", limits, 0)).toEqual({ waitMs: 0, includesGlobal: true });
    expect(await stub.reserve("productCreate", limits, 0)).toEqual({ waitMs: 0, includesGlobal: true });
    // Two of the three global tokens are gone: one ordinary call is free, the next waits.
    expect(await stub.reserve("call", limits, 0)).toEqual({ waitMs: 0, includesGlobal: true });
    expect(await stub.reserve("call", limits, 0)).toEqual({ waitMs: 3_334, includesGlobal: true });
    // The product bucket is spent too: the 3rd creation waits 60 000 / 2 ms for its own token.
    expect(await stub.reserve("productCreate", limits, 0)).toEqual({ waitMs: 30_000, includesGlobal: false });
  });

  it("an ordinary call does not queue behind a product creation still waiting for its own token", async () => {
    const key = shopKey();
    const stub = stubFor(key);
    const limits = { globalPer10s: 3, productCreatesPerMinute: 1 };
    expect(await stub.reserve("productCreate", limits, 0)).toEqual({ waitMs: 0, includesGlobal: true });
    expect(await stub.reserve("productCreate", limits, 0)).toEqual({ waitMs: 60_000, includesGlobal: false });
    // The waiting creation holds no global slot yet, so this call takes the next free one.
    expect(await stub.reserve("call", limits, 0)).toEqual({ waitMs: 0, includesGlobal: true });
    // Through the limiter: the creation sleeps for its product token, then takes a global token at that time.
    const clock = { t: 0 };
    const sleeps: number[] = [];
    const limiter = durableObjectRateLimiter(env.PLATFORM_RATE_LIMIT, key, limits, {
      now: () => clock.t,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock.t += ms;
      },
    });
    await limiter.acquire("productCreate");
    expect(sleeps).toEqual([120_000]);
  });

  it("overrides can only lower the limits: asking for more still gets 100 per 10 s and 5 per minute", async () => {
    const stub = stubFor(shopKey());
    const greedy = { globalPer10s: 1_000, productCreatesPerMinute: 50 };
    const products = [];
    for (let i = 0; i < 6; i++) products.push((await stub.reserve("productCreate", greedy, 0)).waitMs);
    expect(products).toEqual([0, 0, 0, 0, 0, 12_000]);
    const calls = [];
    for (let i = 0; i < 96; i++) calls.push((await stub.reserve("call", greedy, 0)).waitMs);
    // 5 creations + 95 calls = 100 global tokens at t = 0; the 96th call waits one 100 ms interval.
    expect(calls.slice(0, 95).every((w) => w === 0)).toBe(true);
    expect(calls[95]).toBe(100);
  });

  it("the limiter clamps too, whatever the caller sends", async () => {
    const clock = { t: 0 };
    const shop = isolate(shopKey(), clock, { globalPer10s: 500 });
    for (let i = 0; i < 101; i++) await shop.limiter.acquire("call");
    expect(shop.sleeps).toEqual([100]);
  });

  it("keeps the budget when the object is restarted (state lives in its storage)", async () => {
    const key = shopKey();
    const clock = { t: 0 };
    const a = isolate(key, clock, THREE_PER_10S);
    for (let i = 0; i < 3; i++) await a.limiter.acquire("call");
    const before = await runInDurableObject(stubFor(key), (instance: PlatformRateLimitObject) => instance);
    await abortAllDurableObjects();
    const after = await runInDurableObject(stubFor(key), (instance: PlatformRateLimitObject) => instance);
    expect(after).not.toBe(before); // a new instance over the same storage
    const b = isolate(key, clock, THREE_PER_10S);
    await b.limiter.acquire("call");
    expect(b.sleeps).toEqual([3_334]);
  });

  it("refuses an unknown call kind instead of charging nothing", async () => {
    const stub = stubFor(shopKey());
    const kind = "refund" as unknown as "call";
    await runInDurableObject(stub, (instance: PlatformRateLimitObject) => {
      expect(() => instance.reserve(kind, {}, 0)).toThrow(/unknown platform call kind/);
    });
    // Nothing was charged: the first real call is still free.
    expect(await stub.reserve("call", { globalPer10s: 1 }, 0)).toEqual({ waitMs: 0, includesGlobal: true });
  });
});
