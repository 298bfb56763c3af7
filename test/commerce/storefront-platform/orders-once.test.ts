import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  CLAIM_TTL_MS, createExternalOrderOnce, durableObjectOrderClaims, isCancellable, type ExternalOrderInput, type StorefrontPlatformConfig,
} from "../../../src/commerce/storefront-platform";
import { createFakeProvider, jsonResponse, type RecordedCall } from "../../fixtures/commerce-ii/fake-provider";
import { createVirtualClock } from "../../fixtures/commerce-ii/virtual-clock";

const BASE = "https://platform.test/open-api/v1.0";
let shop = 0;

/* A provider that lists what it has created; a POST creates (or fails) when the test says. */
function provider(options: { failCreate?: boolean } = {}) {
  const created: { id: string; externalId: string; status: string }[] = [];
  const handler = (call: RecordedCall) => {
    if (call.method === "GET") return jsonResponse(200, { results: created, paging: { hasNextPage: false } });
    if (options.failCreate) return jsonResponse(400, { code: "INVALID" });
    const input = call.json as { externalId: string };
    const order = { id: `o${created.length + 1}`, externalId: input.externalId, status: "CONFIRMED" };
    created.push(order);
    return jsonResponse(200, order);
  };
  const fake = createFakeProvider(handler, createVirtualClock().now);
  const config: StorefrontPlatformConfig = { username: "u", password: "p", baseUrl: BASE, fetch: fake.fetch, clock: createVirtualClock(), rateLimit: false, random: () => 0.5 };
  return { fake, config, posts: () => fake.calls.filter((c) => c.method === "POST").length };
}

function input(externalId: string): ExternalOrderInput & { externalId: string } {
  return { externalId, email: "b@example.test", shippingAddress: { name: "A", address1: "1 St", city: "Berlin", zip: "10115", country: "DE" }, items: [{ variantId: "v", quantity: 1 }] };
}

describe("createExternalOrderOnce with Durable Object claims", () => {
  it("ten simultaneous deliveries of one order create it exactly once; the others are told to retry, and a retry finds it", async () => {
    const { config, posts } = provider();
    const claims = durableObjectOrderClaims(env.PLATFORM_RATE_LIMIT, `shop-${++shop}`);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => createExternalOrderOnce(config, input("etsy-1"), { claims })));
    expect(posts()).toBe(1);
    const created = results.filter((r) => r.status === "fulfilled" && r.value.created);
    expect(created).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "ORDER_CREATION_IN_PROGRESS" });
    const retry = await createExternalOrderOnce(config, input("etsy-1"), { claims });
    expect(retry).toMatchObject({ created: false, order: { externalId: "etsy-1" } });
    expect(posts()).toBe(1);
  });

  it("a failed creation releases the claim, so the next delivery may try again", async () => {
    const failing = provider({ failCreate: true });
    const claims = durableObjectOrderClaims(env.PLATFORM_RATE_LIMIT, `shop-${++shop}`);
    await expect(createExternalOrderOnce(failing.config, input("etsy-2"), { claims })).rejects.toMatchObject({ status: 400 });
    const working = provider();
    expect(await createExternalOrderOnce(working.config, input("etsy-2"), { claims })).toMatchObject({ created: true });
  });

  it("a claim left by a crashed delivery expires after CLAIM_TTL_MS", async () => {
    const clock = { now: Date.UTC(2026, 0, 1) };
    const claims = durableObjectOrderClaims(env.PLATFORM_RATE_LIMIT, `shop-${++shop}`, () => clock.now);
    expect(await claims.acquire("etsy-3")).toBe(true);
    expect(await claims.acquire("etsy-3")).toBe(false);
    clock.now += CLAIM_TTL_MS;
    expect(await claims.acquire("etsy-3")).toBe(true);
    await claims.complete("etsy-3");
    clock.now += CLAIM_TTL_MS * 2;
    expect(await claims.acquire("etsy-3")).toBe(false);
  });
});

describe("isCancellable knows the provider's documented statuses", () => {
  it.each([
    ["CONFIRMED", true],
    ["PARTIALLY_IN_PRODUCTION", false],
    ["IN_PRODUCTION", false],
    ["PACKAGED", false],
    ["PARTIALLY_SHIPPED", false],
    ["SHIPPED", false],
    ["PARTIALLY_DELIVERED", false],
    ["DELIVERED", false],
    ["COMPLETED", false],
    ["CANCELLED", false],
    ["in_production", false],
  ])("%s → %s", (status, cancellable) => {
    expect(isCancellable({ status })).toBe(cancellable);
  });
});
