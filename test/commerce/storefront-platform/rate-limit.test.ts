import { describe, expect, it } from "vitest";
import {
  createProduct, getExternalOrder, sharedPlatformRateLimiter, TokenBucket, type StorefrontPlatformConfig,
} from "../../../src/commerce/storefront-platform";
import { createFakeProvider, jsonResponse } from "../../fixtures/commerce-ii/fake-provider";
import { createVirtualClock } from "../../fixtures/commerce-ii/virtual-clock";

let keySeq = 0;
function setup(extra: Partial<StorefrontPlatformConfig> = {}) {
  const clock = createVirtualClock();
  const fake = createFakeProvider(
    (call) => (call.method === "POST" ? jsonResponse(200, { id: "p", name: "n" }) : jsonResponse(200, { id: "o1", status: "CONFIRMED" })),
    clock.now,
  );
  const config: StorefrontPlatformConfig = {
    username: `shop-${++keySeq}`, password: "<API_KEY>", baseUrl: "https://platform.test/open-api/v1.0",
    fetch: fake.fetch, clock, ...extra,
  };
  return { clock, fake, config };
}

const digital = { kind: "digital", name: "Pack", price: { value: 5, currency: "USD" } } as const;

describe("storefront platform rate limit (SPEC §8)", () => {
  it("lets 100 calls through at once and makes the 101st within 10 s wait for the continuous refill", async () => {
    const { fake, config } = setup();
    await Promise.all(Array.from({ length: 101 }, () => getExternalOrder(config, "o1")));
    const times = fake.calls.map((c) => c.at);
    expect(times.slice(0, 100).every((t) => t === 0)).toBe(true);
    // Continuous refill: one token every 10 000 / 100 = 100 ms, not a fixed window reset at 10 s.
    expect(times[100]).toBe(100);
  });

  it("makes the 6th product creation in a minute wait 12 s, charging both buckets", async () => {
    const { fake, config } = setup();
    await Promise.all(Array.from({ length: 6 }, () => createProduct(config, digital)));
    expect(fake.calls.map((c) => c.at)).toEqual([0, 0, 0, 0, 0, 12_000]);
  });

  it("product creations also spend the global budget", async () => {
    const { fake, config } = setup();
    await Promise.all(Array.from({ length: 5 }, () => createProduct(config, digital)));
    await Promise.all(Array.from({ length: 96 }, () => getExternalOrder(config, "o1")));
    // 5 + 95 = 100 tokens at t=0; the 96th read needs a refilled token.
    expect(fake.calls.at(-1)?.at).toBe(100);
    expect(fake.calls.at(-2)?.at).toBe(0);
  });

  it("takes about ten simulated minutes for a bulk import of 50 products", async () => {
    const { clock, fake, config } = setup();
    await Promise.all(Array.from({ length: 50 }, (_, i) => createProduct(config, { ...digital, name: `P${i}` })));
    expect(fake.calls).toHaveLength(50);
    // 5 at once, then one every 12 s: 45 × 12 s = 9 minutes.
    expect(clock.now()).toBe(540_000);
    const bodies = fake.calls.map((c) => (c.json as { name: string }).name);
    expect(bodies).toEqual(Array.from({ length: 50 }, (_, i) => `P${i}`));
  });

  it("shares one bucket between two clients with the same rateLimitKey", async () => {
    const { clock, fake, config } = setup({ rateLimitKey: "shop-shared-a" });
    const other: StorefrontPlatformConfig = { ...config, username: "someone-else", rateLimitKey: "shop-shared-a" };
    await Promise.all([
      ...Array.from({ length: 60 }, () => getExternalOrder(config, "o1")),
      ...Array.from({ length: 41 }, () => getExternalOrder(other, "o1")),
    ]);
    expect(fake.calls.at(-1)?.at).toBe(100);
    expect(clock.now()).toBe(100);
  });

  it("gives clients with different keys their own buckets (username is the default key)", async () => {
    const { fake, config } = setup();
    const other: StorefrontPlatformConfig = { ...config, username: `${config.username}-2` };
    await Promise.all([
      ...Array.from({ length: 100 }, () => getExternalOrder(config, "o1")),
      ...Array.from({ length: 100 }, () => getExternalOrder(other, "o1")),
    ]);
    expect(fake.calls.every((c) => c.at === 0)).toBe(true);
  });

  it("opts out with rateLimit: false", async () => {
    const { fake, config } = setup({ rateLimit: false });
    await Promise.all(Array.from({ length: 20 }, () => createProduct(config, digital)));
    expect(fake.calls.every((c) => c.at === 0)).toBe(true);
  });

  it("lets an override lower a limit but never raise it", async () => {
    const lowered = setup({ rateLimit: { productCreatesPerMinute: 2 } });
    await Promise.all(Array.from({ length: 3 }, () => createProduct(lowered.config, digital)));
    expect(lowered.fake.calls.map((c) => c.at)).toEqual([0, 0, 30_000]);

    const raised = setup({ rateLimit: { globalPer10s: 1000, productCreatesPerMinute: 50 } });
    await Promise.all(Array.from({ length: 6 }, () => createProduct(raised.config, digital)));
    expect(raised.fake.calls.map((c) => c.at)).toEqual([0, 0, 0, 0, 0, 12_000]);
  });

  it("serves waiters first come, first served, so a steady stream cannot starve an early caller", async () => {
    const clock = createVirtualClock();
    const bucket = new TokenBucket(2, 1_000, clock);
    const served: string[] = [];
    const take = (name: string) => bucket.acquire().then(() => served.push(`${name}@${clock.now()}`));
    await Promise.all([take("a"), take("b"), take("c"), take("d"), take("e")]);
    expect(served).toEqual(["a@0", "b@0", "c@500", "d@1000", "e@1500"]);
  });

  it("does not let a caller arriving after a refill jump the queue", async () => {
    const clock = createVirtualClock();
    const limiter = sharedPlatformRateLimiter("fifo-check", { globalPer10s: 1 }, clock);
    const order: string[] = [];
    await limiter.acquire("call");
    const first = limiter.acquire("call").then(() => order.push("first"));
    await clock.sleep(10_000);
    const late = limiter.acquire("call").then(() => order.push("late"));
    await Promise.all([first, late]);
    expect(order).toEqual(["first", "late"]);
  });
});
