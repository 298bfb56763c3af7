import { describe, expect, it } from "vitest";
import { CommerceError } from "../../../src/commerce/error";
import {
  cancelExternalOrder, createExternalOrder, createExternalOrderOnce, getExternalOrder, isCancellable,
  iterateExternalOrders, listExternalOrders, validateExternalOrder, type ExternalOrderInput, type StorefrontPlatformConfig,
} from "../../../src/commerce/storefront-platform";
import { createFakeProvider, jsonResponse, type FakeHandler } from "../../fixtures/commerce-ii/fake-provider";
import { createVirtualClock } from "../../fixtures/commerce-ii/virtual-clock";

const BASE = "https://platform.test/open-api/v1.0";
const order: ExternalOrderInput = {
  externalId: "etsy-991",
  email: "buyer@example.test",
  shippingAddress: { name: "Ada", address1: "1 Main St", city: "Berlin", zip: "10115", country: "DE" },
  items: [{ variantId: "var_1", quantity: 2 }],
};

function setup(handler: FakeHandler, extra: Partial<StorefrontPlatformConfig> = {}) {
  const clock = createVirtualClock();
  const fake = createFakeProvider(handler, clock.now);
  const config: StorefrontPlatformConfig = {
    username: "<USERNAME>", password: "<API_KEY>", baseUrl: BASE, fetch: fake.fetch, clock, rateLimit: false, random: () => 0.5, ...extra,
  };
  return { fake, config, clock };
}

describe("storefront platform external orders (SPEC §4)", () => {
  it("prices an order with the at-cost breakdown in minor units, sending basic credentials", async () => {
    const { fake, config } = setup(() =>
      jsonResponse(200, {
        manufacturingCost: { value: 18.5, currency: "USD" },
        fulfillmentFee: { value: 2, currency: "USD" },
        shippingCost: { value: 6.99, currency: "USD" },
        totalCreatorCost: { value: 27.49, currency: "USD" },
      }),
    );
    const costs = await validateExternalOrder(config, order);
    expect(costs).toEqual({
      manufacturingCost: { amount: 1850, currency: "USD" },
      fulfillmentFee: { amount: 200, currency: "USD" },
      shippingCost: { amount: 699, currency: "USD" },
      totalCreatorCost: { amount: 2749, currency: "USD" },
    });
    const [call] = fake.calls;
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/open-api/v1.0/external-orders/validate");
    expect(call?.headers.authorization).toBe(`Basic ${btoa("<USERNAME>:<API_KEY>")}`);
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.body).toBe(JSON.stringify(order));
  });

  it("never retries createExternalOrder, even with retry configured", async () => {
    const { fake, config } = setup(() => jsonResponse(503, { code: "UNAVAILABLE" }), {
      retry: { attempts: 5, baseDelayMs: 10, maxDelayMs: 100 },
    });
    await expect(createExternalOrder(config, order)).rejects.toMatchObject({ status: 503, provider: "storefront-platform" });
    expect(fake.calls).toHaveLength(1);
  });

  it("does retry other calls on 5xx when retry is configured, and marks a final 429 RATE_LIMITED", async () => {
    const { fake, config } = setup(() => jsonResponse(429, {}), { retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 100 } });
    const error = await getExternalOrder(config, "o1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceError);
    expect((error as CommerceError).code).toBe("RATE_LIMITED");
    expect(fake.calls).toHaveLength(3);
  });

  it("returns null for an unknown order", async () => {
    const { config } = setup(() => jsonResponse(404, { code: "NOT_FOUND" }));
    expect(await getExternalOrder(config, "missing")).toBeNull();
  });

  it("lists a page with a status filter and iterates every page", async () => {
    const pages: Record<string, unknown> = {
      "0": { results: [{ id: "o1", status: "CONFIRMED" }, { id: "o2", status: "CONFIRMED" }], paging: { hasNextPage: true } },
      "1": { results: [{ id: "o3", status: "CONFIRMED" }], paging: { hasNextPage: false } },
    };
    const { fake, config } = setup((call) => jsonResponse(200, pages[call.url.searchParams.get("page") ?? ""]));
    const first = await listExternalOrders(config, { status: ["CONFIRMED", "PACKAGED"] });
    expect(first.hasNextPage).toBe(true);
    expect(fake.calls[0]?.url.search).toBe("?page=0&size=50&status=CONFIRMED%2CPACKAGED");
    const ids: string[] = [];
    for await (const o of iterateExternalOrders(config)) ids.push(o.id);
    expect(ids).toEqual(["o1", "o2", "o3"]);
  });

  it("reconciles by externalId before creating, so a redelivered message creates nothing", async () => {
    const { fake, config } = setup((call) =>
      call.method === "GET"
        ? jsonResponse(200, { results: [{ id: "o7", externalId: "etsy-991", status: "CONFIRMED" }], paging: { hasNextPage: false } })
        : jsonResponse(200, { id: "new" }),
    );
    const result = await createExternalOrderOnce(config, { ...order, externalId: "etsy-991" });
    expect(result).toEqual({ order: { id: "o7", externalId: "etsy-991", status: "CONFIRMED", createdAt: undefined }, created: false });
    expect(fake.calls.filter((c) => c.method === "POST")).toHaveLength(0);

    const fresh = await createExternalOrderOnce(config, { ...order, externalId: "etsy-992" });
    expect(fresh.created).toBe(true);
    expect(fake.calls.at(-1)?.path).toBe("/open-api/v1.0/external-orders");
  });

  it("refuses to cancel a PACKAGED or SHIPPED order without sending a request", async () => {
    const { fake, config } = setup(() => jsonResponse(200, { id: "o1", status: "CANCELLED" }));
    expect(isCancellable({ status: "PACKAGED" })).toBe(false);
    expect(isCancellable({ status: "SHIPPED" })).toBe(false);
    expect(isCancellable({ status: "CONFIRMED" })).toBe(true);
    await expect(cancelExternalOrder(config, { id: "o1", status: "SHIPPED" })).rejects.toMatchObject({ code: "NOT_CANCELLABLE" });
    expect(fake.calls).toHaveLength(0);
    const cancelled = await cancelExternalOrder(config, { id: "o1", status: "CONFIRMED" });
    expect(cancelled.status).toBe("CANCELLED");
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /open-api/v1.0/external-orders/o1/cancel"]);
  });

  it("reads the order first when cancelling by id, and refuses a packaged one", async () => {
    const { fake, config } = setup(() => jsonResponse(200, { id: "o1", status: "PACKAGED" }));
    await expect(cancelExternalOrder(config, "o1")).rejects.toMatchObject({ code: "NOT_CANCELLABLE" });
    expect(fake.calls.map((c) => c.method)).toEqual(["GET"]);
  });
});
