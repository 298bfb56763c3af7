import { describe, expect, it } from "vitest";
import {
  cartTotal,
  CommerceError,
  createPaymentIntent,
  encodeForm,
  PAYMENTS_API_VERSION,
  retrievePaymentIntent,
  type CartItem,
} from "../../../src/commerce/payments/index";
import { fakeProvider } from "../../fixtures/commerce/fake-provider";

const origin = "https://payments.test";
const key = "sk_test_51SecretKeyValue";
const auth = { Authorization: `Bearer ${key}`, "Stripe-Version": PAYMENTS_API_VERSION };
const intent = { id: "pi_1", object: "payment_intent", amount: 3750, currency: "usd", status: "requires_payment_method", client_secret: "pi_1_secret_x", customer: null, metadata: { orderId: "42" }, created: 1, livemode: false };
const items: CartItem[] = [
  { name: "Poster", unitAmount: 1500, quantity: 2, currency: "USD" },
  { name: "Sticker", unitAmount: 750, quantity: 1, currency: "usd" },
];

describe("encodeForm", () => {
  it("uses bracket notation for nested objects and indexed arrays, skipping undefined", () => {
    expect(encodeForm({
      amount: 100,
      skipped: undefined,
      metadata: { "order id": "a&b=c" },
      lines: [{ quantity: 2, price_data: { unit_amount: 5 } }],
      flag: false,
      cleared: null,
    })).toBe("amount=100&metadata[order%20id]=a%26b%3Dc&lines[0][quantity]=2&lines[0][price_data][unit_amount]=5&flag=false&cleared=");
  });
});

describe("cartTotal", () => {
  it("sums unit amount times quantity in one lower-case currency", () => {
    expect(cartTotal(items)).toEqual({ ok: true, amount: 3750, currency: "usd" });
  });

  it("allows free items", () => {
    expect(cartTotal([{ unitAmount: 0, quantity: 3, currency: "eur" }])).toEqual({ ok: true, amount: 0, currency: "eur" });
  });

  it.each([
    ["an empty cart", [], /empty/],
    ["a fractional unit amount", [{ unitAmount: 19.99, quantity: 1, currency: "usd" }], /unitAmount/],
    ["a negative unit amount", [{ unitAmount: -1, quantity: 1, currency: "usd" }], /unitAmount/],
    ["a quantity of 0", [{ unitAmount: 100, quantity: 0, currency: "usd" }], /quantity/],
    ["a fractional quantity", [{ unitAmount: 100, quantity: 1.5, currency: "usd" }], /quantity/],
    ["mixed currencies", [{ unitAmount: 100, quantity: 1, currency: "usd" }, { unitAmount: 100, quantity: 1, currency: "eur" }], /mixed currencies/],
    ["a malformed currency", [{ unitAmount: 100, quantity: 1, currency: "dollars" }], /currency/],
    ["an overflowing total", [{ unitAmount: Number.MAX_SAFE_INTEGER, quantity: 2, currency: "usd" }], /too large/],
  ])("refuses %s", (_label, lines, message) => {
    const result = cartTotal(lines);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toMatch(message);
  });
});

describe("createPaymentIntent", () => {
  it("posts the server-computed amount, currency, metadata and the idempotency key", async () => {
    const fake = fakeProvider(origin, [{
      method: "POST",
      path: "/v1/payment_intents",
      headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": "order-42" },
      body: "amount=3750&currency=usd&automatic_payment_methods[enabled]=true&metadata[orderId]=42",
      respond: { json: intent },
    }]);
    const result = await createPaymentIntent(key, items, { baseUrl: origin, fetch: fake.fetch, metadata: { orderId: "42" }, idempotencyKey: "order-42" });
    fake.assertDone();
    expect(result).toEqual(intent);
  });

  it("passes customer, description and receipt email, and sends no idempotency header unless asked", async () => {
    const fake = fakeProvider(origin, [{
      method: "POST",
      path: "/v1/payment_intents",
      headers: auth,
      absentHeaders: ["Idempotency-Key"],
      body: "amount=3750&currency=usd&automatic_payment_methods[enabled]=false&customer=cus_9&description=Order%2042&receipt_email=ada%40example.test",
      respond: { json: intent },
    }]);
    await createPaymentIntent(key, items, {
      baseUrl: origin, fetch: fake.fetch, customer: "cus_9", description: "Order 42", receiptEmail: "ada@example.test", automaticPaymentMethods: false,
    });
    fake.assertDone();
  });

  it.each([
    ["an empty cart", []],
    ["a quantity of 0", [{ name: "x", unitAmount: 100, quantity: 0, currency: "usd" }]],
    ["a negative amount", [{ name: "x", unitAmount: -5, quantity: 1, currency: "usd" }]],
    ["mixed currencies", [{ name: "x", unitAmount: 5, quantity: 1, currency: "usd" }, { name: "y", unitAmount: 5, quantity: 1, currency: "gbp" }]],
  ])("throws a CommerceError for %s without sending anything", async (_label, cart) => {
    const fake = fakeProvider(origin, []);
    const error = await createPaymentIntent(key, cart as CartItem[], { baseUrl: origin, fetch: fake.fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceError);
    expect(error).toMatchObject({ provider: "payments", method: "POST", url: `${origin}/v1/payment_intents`, status: undefined });
    expect(fake.calls).toHaveLength(0);
  });

  it("refuses metadata the provider would reject, before any request", async () => {
    const fake = fakeProvider(origin, []);
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    await expect(createPaymentIntent(key, items, { baseUrl: origin, fetch: fake.fetch, metadata: tooMany })).rejects.toThrow(/at most 50/);
    await expect(createPaymentIntent(key, items, { baseUrl: origin, fetch: fake.fetch, metadata: { k: "x".repeat(501) } })).rejects.toThrow(/500/);
    expect(fake.calls).toHaveLength(0);
  });

  it("refuses a blank secret key before any request", async () => {
    const fake = fakeProvider(origin, []);
    await expect(createPaymentIntent("", items, { baseUrl: origin, fetch: fake.fetch })).rejects.toThrow(/secret key is required/);
    expect(fake.calls).toHaveLength(0);
  });

  it("raises the provider's 4xx as a CommerceError with code and body, never quoting the key", async () => {
    const upstream = { error: { type: "invalid_request_error", code: "amount_too_small", message: "Amount must be at least $0.50 usd" } };
    const fake = fakeProvider(origin, [{ method: "POST", path: "/v1/payment_intents", respond: { status: 400, json: upstream } }]);
    const error = (await createPaymentIntent(key, [{ name: "x", unitAmount: 1, quantity: 1, currency: "usd" }], { baseUrl: origin, fetch: fake.fetch }).catch((e: unknown) => e)) as CommerceError;
    expect(error).toMatchObject({ provider: "payments", method: "POST", status: 400, code: "amount_too_small", body: upstream });
    expect(error.message).toContain("Amount must be at least");
    expect(error.message).not.toContain(key);
  });
});

describe("retrievePaymentIntent", () => {
  it("GETs the intent with the pinned version and no body", async () => {
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/payment_intents/pi_1", headers: auth, absentHeaders: ["Content-Type"], respond: { json: intent } }]);
    expect(await retrievePaymentIntent(key, "pi_1", { baseUrl: origin, fetch: fake.fetch })).toEqual(intent);
    fake.assertDone();
  });

  it("escapes the id into one path segment", async () => {
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/payment_intents/pi_1%2F..%2Fcustomers", respond: { json: intent } }]);
    await retrievePaymentIntent(key, "pi_1/../customers", { baseUrl: origin, fetch: fake.fetch });
    fake.assertDone();
  });

  it("refuses a blank id before any request", async () => {
    const fake = fakeProvider(origin, []);
    await expect(retrievePaymentIntent(key, " ", { baseUrl: origin, fetch: fake.fetch })).rejects.toBeInstanceOf(CommerceError);
    expect(fake.calls).toHaveLength(0);
  });

  it("raises a 5xx with status and a non-JSON 2xx as a CommerceError", async () => {
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/payment_intents/pi_1", respond: { status: 502, text: "Bad gateway" } },
      { method: "GET", path: "/v1/payment_intents/pi_1", respond: { status: 200, text: "not json" } },
    ]);
    await expect(retrievePaymentIntent(key, "pi_1", { baseUrl: origin, fetch: fake.fetch })).rejects.toMatchObject({ status: 502, body: "Bad gateway" });
    await expect(retrievePaymentIntent(key, "pi_1", { baseUrl: origin, fetch: fake.fetch })).rejects.toThrow(/not JSON/);
    fake.assertDone();
  });
});
