import { describe, expect, it } from "vitest";
import {
  createCard, createCustomer, createLocation, createSubscription, ensureCustomer, retrieveCustomer, retrieveInventoryCounts,
  retrieveLoyaltyAccountByCustomer, searchCustomersByEmail, searchSubscriptionsByCustomer, setPhysicalCount, updateLocation,
} from "../../../src/commerce/pos";
import { jsonResponse } from "../../fixtures/commerce-ii/fake-provider";
import { posSetup } from "../../fixtures/commerce-ii/pos-setup";

describe("POS locations", () => {
  it("creates a location and updates it sparsely", async () => {
    const { fake, config } = posSetup(() => jsonResponse(200, { location: { id: "L9", name: "Pop-up", address: { locality: "Berlin" } } }));
    const created = await createLocation(config, { name: "Pop-up", address: { locality: "Berlin", country: "DE" } });
    expect(created).toMatchObject({ id: "L9", name: "Pop-up", address: { locality: "Berlin" } });
    await updateLocation(config, "L9", { name: "Pop-up 2" });
    expect(fake.calls[0]?.json).toEqual({ location: { name: "Pop-up", address: { locality: "Berlin", country: "DE" } } });
    expect(fake.calls[1]?.method).toBe("PUT");
    expect(fake.calls[1]?.path).toBe("/v2/locations/L9");
    expect(fake.calls[1]?.body).toBe('{"location":{"name":"Pop-up 2"}}');
  });
});

describe("POS customers", () => {
  it("searches by exact email and reuses the oldest match instead of creating", async () => {
    const { fake, config } = posSetup(() =>
      jsonResponse(200, { customers: [
        { id: "C2", email_address: "ada@example.test", created_at: "2025-02-01T00:00:00Z" },
        { id: "C1", email_address: "ada@example.test", created_at: "2024-01-01T00:00:00Z" },
      ] }),
    );
    expect((await ensureCustomer(config, { email: "ada@example.test" })).id).toBe("C1");
    expect(fake.calls.map((c) => c.path)).toEqual(["/v2/customers/search"]);
    expect(fake.calls[0]?.json).toEqual({ query: { filter: { email_address: { exact: "ada@example.test" } } }, limit: 100 });
  });

  it("creates the customer when none matches", async () => {
    const { fake, config } = posSetup((call) =>
      call.path === "/v2/customers/search" ? jsonResponse(200, {}) : jsonResponse(200, { customer: { id: "C3", email_address: "new@example.test", given_name: "Neu" } }),
    );
    const customer = await ensureCustomer(config, { email: "new@example.test", givenName: "Neu" });
    expect(customer).toMatchObject({ id: "C3", email: "new@example.test", givenName: "Neu" });
    expect(fake.calls[1]?.json).toEqual({ idempotency_key: "idem-1", email_address: "new@example.test", given_name: "Neu" });
    expect(await searchCustomersByEmail(config, "none@example.test")).toEqual([]);
  });

  it("creates directly and reads one customer or null", async () => {
    const { config } = posSetup((call) =>
      call.path.endsWith("/missing") ? jsonResponse(404, {}) : jsonResponse(200, { customer: { id: "C1", family_name: "Lovelace" } }),
    );
    expect((await createCustomer(config, { familyName: "Lovelace" })).familyName).toBe("Lovelace");
    expect((await retrieveCustomer(config, "C1"))?.id).toBe("C1");
    expect(await retrieveCustomer(config, "missing")).toBeNull();
  });
});

describe("POS cards, subscriptions, loyalty", () => {
  it("stores a card and subscribes the customer with it", async () => {
    const { fake, config } = posSetup((call) =>
      call.path === "/v2/cards"
        ? jsonResponse(200, { card: { id: "CARD_1", customer_id: "C1", card_brand: "VISA", last_4: "1111", exp_month: 12, exp_year: 2030, enabled: true } })
        : jsonResponse(200, { subscription: { id: "S1", customer_id: "C1", status: "ACTIVE", plan_variation_id: "PV1", card_id: "CARD_1" } }),
    );
    const card = await createCard(config, { sourceId: "cnon:ok", customerId: "C1" });
    expect(card).toEqual({ id: "CARD_1", customerId: "C1", brand: "VISA", last4: "1111", expMonth: 12, expYear: 2030, enabled: true });
    const sub = await createSubscription(config, { locationId: "L1", planVariationId: "PV1", customerId: "C1", cardId: card.id });
    expect(sub).toMatchObject({ id: "S1", status: "ACTIVE", cardId: "CARD_1" });
    expect(fake.calls.map((c) => c.json)).toEqual([
      { idempotency_key: "idem-1", source_id: "cnon:ok", card: { customer_id: "C1" } },
      { idempotency_key: "idem-2", location_id: "L1", plan_variation_id: "PV1", customer_id: "C1", card_id: "CARD_1" },
    ]);
  });

  it("searches a customer's subscriptions over all pages", async () => {
    const { config } = posSetup((call) =>
      (call.json as { cursor?: string }).cursor ? jsonResponse(200, { subscriptions: [{ id: "S2" }] }) : jsonResponse(200, { subscriptions: [{ id: "S1" }], cursor: "n" }),
    );
    expect((await searchSubscriptionsByCustomer(config, "C1")).map((s) => s.id)).toEqual(["S1", "S2"]);
  });

  it("finds the loyalty account of a customer, or null", async () => {
    const { config } = posSetup((call) =>
      (call.json as { query: { customer_ids: string[] } }).query.customer_ids[0] === "C1"
        ? jsonResponse(200, { loyalty_accounts: [{ id: "LA1", program_id: "P", customer_id: "C1", balance: 40, lifetime_points: 90 }] })
        : jsonResponse(200, {}),
    );
    expect(await retrieveLoyaltyAccountByCustomer(config, "C1")).toEqual({ id: "LA1", programId: "P", customerId: "C1", balance: 40, lifetimePoints: 90 });
    expect(await retrieveLoyaltyAccountByCustomer(config, "C2")).toBeNull();
  });
});

describe("POS inventory", () => {
  it("reads counts over pages and records a physical count at the injected time", async () => {
    const { fake, config } = posSetup((call) => {
      if (call.path === "/v2/inventory/changes/batch-create") return jsonResponse(200, { counts: [{ catalog_object_id: "V1", location_id: "L1", state: "IN_STOCK", quantity: "12" }] });
      return (call.json as { cursor?: string }).cursor
        ? jsonResponse(200, { counts: [{ catalog_object_id: "V1", location_id: "L2", state: "IN_STOCK", quantity: "0" }] })
        : jsonResponse(200, { counts: [{ catalog_object_id: "V1", location_id: "L1", state: "IN_STOCK", quantity: "3.5" }], cursor: "n" });
    });
    expect((await retrieveInventoryCounts(config, ["V1"])).map((c) => [c.locationId, c.quantity])).toEqual([["L1", 3.5], ["L2", 0]]);
    const after = await setPhysicalCount(config, { catalogObjectId: "V1", locationId: "L1", quantity: 12 });
    expect(after[0]?.quantity).toBe(12);
    expect(fake.calls.at(-1)?.json).toEqual({
      idempotency_key: "idem-1",
      changes: [{ type: "PHYSICAL_COUNT", physical_count: { catalog_object_id: "V1", location_id: "L1", state: "IN_STOCK", quantity: "12", occurred_at: "2025-01-01T00:00:00.000Z" } }],
      ignore_unchanged_counts: true,
    });
  });
});
