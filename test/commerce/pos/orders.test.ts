import { describe, expect, it } from "vitest";
import {
  calculateOrder, createOrder, createPayment, retrieveOrder, searchOrders, searchOrdersByCustomer,
} from "../../../src/commerce/pos";
import { jsonResponse, type RecordedCall } from "../../fixtures/commerce-ii/fake-provider";
import { posSetup } from "../../fixtures/commerce-ii/pos-setup";

const usd = (amount: number) => ({ amount, currency: "USD" });
const locations = Array.from({ length: 23 }, (_, i) => `L${i + 1}`);

type SearchBody = { location_ids: string[]; cursor?: string; limit?: number; query: unknown };

describe("POS orders", () => {
  it("creates, retrieves and calculates orders in camelCase", async () => {
    const wire = { id: "O1", location_id: "L1", state: "OPEN", total_money: usd(4000), line_items: [{ uid: "u", quantity: "2", catalog_object_id: "V1", total_money: usd(4000) }] };
    const { fake, config } = posSetup((call) => (call.path === "/v2/orders/missing" ? jsonResponse(404, {}) : jsonResponse(200, { order: wire })));
    const order = await createOrder(config, { locationId: "L1", customerId: "C1", lineItems: [{ catalogObjectId: "V1", quantity: 2 }, { name: "Gift wrap", quantity: 1, basePrice: usd(300) }] });
    expect(order).toMatchObject({ id: "O1", locationId: "L1", state: "OPEN", totalMoney: usd(4000), lineItems: [{ quantity: "2", catalogObjectId: "V1" }] });
    expect(fake.calls[0]?.json).toEqual({
      idempotency_key: "idem-1",
      order: {
        location_id: "L1", customer_id: "C1",
        line_items: [{ catalog_object_id: "V1", quantity: "2" }, { name: "Gift wrap", quantity: "1", base_price_money: usd(300) }],
      },
    });
    await calculateOrder(config, { locationId: "L1", lineItems: [{ catalogObjectId: "V1", quantity: 1 }] });
    expect(fake.calls[1]?.path).toBe("/v2/orders/calculate");
    expect(fake.calls[1]?.json).not.toHaveProperty("idempotency_key");
    expect(await retrieveOrder(config, "missing")).toBeNull();
  });

  it("charges a card token against an order", async () => {
    const { fake, config } = posSetup(() => jsonResponse(200, { payment: { id: "P1", status: "COMPLETED", order_id: "O1", amount_money: usd(4000) } }));
    const payment = await createPayment(config, { sourceId: "cnon:card-nonce-ok", amount: usd(4000), orderId: "O1" });
    expect(payment).toMatchObject({ id: "P1", status: "COMPLETED", orderId: "O1", amount: usd(4000) });
    expect(fake.calls[0]?.json).toEqual({ idempotency_key: "idem-1", source_id: "cnon:card-nonce-ok", amount_money: usd(4000), order_id: "O1" });
  });

  it("chunks 23 locations into 3 searches of at most 10 and merges their cursors (SPEC §8)", async () => {
    const handler = (call: RecordedCall) => {
      const body = call.json as SearchBody;
      const first = body.location_ids[0] ?? "";
      if (first === "L11" && !body.cursor) return jsonResponse(200, { orders: [{ id: "B1", location_id: "L11", created_at: "2025-01-03T00:00:00Z" }], cursor: "b-2" });
      if (first === "L11" && body.cursor === "b-2") return jsonResponse(200, { orders: [{ id: "B2", location_id: "L12", created_at: "2025-01-01T00:00:00Z" }] });
      if (first === "L21" && body.cursor === "c-2") return jsonResponse(200, {});
      if (first === "L21") return jsonResponse(200, { orders: [{ id: "C1", location_id: "L21", created_at: "2025-01-04T00:00:00Z" }], cursor: "c-2" });
      return jsonResponse(200, { orders: [{ id: "A1", location_id: "L1", created_at: "2025-01-02T00:00:00Z" }] });
    };
    const { fake, config } = posSetup(handler);
    const filters = { locationIds: locations, states: ["COMPLETED" as const], createdAt: { start: "2025-01-01T00:00:00Z" } };
    const page1 = await searchOrders(config, filters);
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls.map((c) => (c.json as SearchBody).location_ids.length)).toEqual([10, 10, 3]);
    expect(fake.calls[0]?.json).toEqual({
      location_ids: locations.slice(0, 10),
      query: {
        filter: { state_filter: { states: ["COMPLETED"] }, date_time_filter: { created_at: { start_at: "2025-01-01T00:00:00Z" } } },
        sort: { sort_field: "CREATED_AT", sort_order: "DESC" },
      },
    });
    expect(page1.orders.map((o) => o.id)).toEqual(["C1", "B1", "A1"]);
    expect(page1.cursor).toEqual(expect.any(String));

    const page2 = await searchOrders(config, { ...filters, cursor: page1.cursor });
    // Only the two chunks that still had pages are searched, each with its own cursor.
    expect(fake.calls.slice(3).map((c) => [(c.json as SearchBody).location_ids[0], (c.json as SearchBody).cursor])).toEqual([["L11", "b-2"], ["L21", "c-2"]]);
    expect(page2.orders.map((o) => o.id)).toEqual(["B2"]);
    expect(page2.cursor).toBeNull();
  });

  it("refuses a cursor from a search over other locations", async () => {
    const { config } = posSetup(() => jsonResponse(200, { orders: [], cursor: "x" }));
    const page = await searchOrders(config, { locationIds: locations });
    await expect(searchOrders(config, { locationIds: ["L1"], cursor: page.cursor })).rejects.toMatchObject({ provider: "pos" });
  });

  it("finds every order of a customer over all pages", async () => {
    const { fake, config } = posSetup((call) =>
      (call.json as SearchBody).cursor
        ? jsonResponse(200, { orders: [{ id: "O2", location_id: "L1", created_at: "2025-01-01T00:00:00Z" }] })
        : jsonResponse(200, { orders: [{ id: "O1", location_id: "L1", created_at: "2025-02-01T00:00:00Z" }], cursor: "n" }),
    );
    expect((await searchOrdersByCustomer(config, "C1", ["L1"])).map((o) => o.id)).toEqual(["O1", "O2"]);
    expect((fake.calls[0]?.json as { query: { filter: unknown } }).query.filter).toEqual({ customer_filter: { customer_ids: ["C1"] } });
  });
});
