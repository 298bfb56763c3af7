import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  PAYMENTS_API_VERSION,
  PaymentsWebhookError,
  receivePaymentsEvent,
  type PaymentIntent,
} from "../../../src/commerce/payments/index";
import { fakeProvider } from "../../fixtures/commerce/fake-provider";

const sdk = new Stripe("sk_test_events_suite");
const origin = "https://payments.test";
const key = "sk_test_events_key";
const secret = "whsec_events_secret";
const t = 1_760_000_000;
const now = () => t * 1000;

function eventBody(object: Record<string, unknown>, type: string): string {
  return JSON.stringify({ id: "evt_9", object: "event", type, created: t - 5, livemode: false, data: { object } });
}
const sign = (payload: string, timestamp = t) => sdk.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp });

describe("receivePaymentsEvent (events as pointers)", () => {
  it("verifies, then re-fetches the payment intent and returns the fresh object, not the payload snapshot", async () => {
    const body = eventBody({ id: "pi_7", object: "payment_intent", status: "requires_payment_method", amount: 1 }, "payment_intent.succeeded");
    const fresh = { id: "pi_7", object: "payment_intent", status: "succeeded", amount: 3750 };
    const fake = fakeProvider(origin, [{
      method: "GET", path: "/v1/payment_intents/pi_7", headers: { Authorization: `Bearer ${key}`, "Stripe-Version": PAYMENTS_API_VERSION }, respond: { json: fresh },
    }]);
    const event = await receivePaymentsEvent<PaymentIntent>(key, body, await sign(body), secret, { baseUrl: origin, fetch: fake.fetch, now });
    fake.assertDone();
    expect(event).toEqual({ id: "evt_9", type: "payment_intent.succeeded", created: t - 5, livemode: false, object: fresh });
  });

  it("re-fetches invoices from their own endpoint", async () => {
    const body = eventBody({ id: "in_3", object: "invoice" }, "invoice.paid");
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/invoices/in_3", respond: { json: { id: "in_3", status: "paid" } } }]);
    const event = await receivePaymentsEvent(key, body, await sign(body), secret, { baseUrl: origin, fetch: fake.fetch, now });
    fake.assertDone();
    expect(event.object).toEqual({ id: "in_3", status: "paid" });
  });

  it("falls back to re-fetching the event for object kinds it does not map", async () => {
    const body = eventBody({ id: "dp_1", object: "dispute" }, "charge.dispute.created");
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/events/evt_9", respond: { json: { id: "evt_9", data: { object: { id: "dp_1", status: "needs_response" } } } } }]);
    const event = await receivePaymentsEvent(key, body, await sign(body), secret, { baseUrl: origin, fetch: fake.fetch, now });
    fake.assertDone();
    expect(event.object).toEqual({ id: "dp_1", status: "needs_response" });
  });

  it.each([
    ["a tampered body", async (body: string) => ({ body: body.replace("pi_7", "pi_8"), header: await sign(body) }), "no_matching_signature"],
    ["an expired timestamp", async (body: string) => ({ body, header: await sign(body, t - 600) }), "timestamp_outside_tolerance"],
    ["a malformed header", async (body: string) => ({ body, header: "t=,v1=" }), "malformed_header"],
  ])("refuses %s without fetching anything", async (_label, make, reason) => {
    const original = eventBody({ id: "pi_7", object: "payment_intent" }, "payment_intent.succeeded");
    const { body, header } = await make(original);
    const fake = fakeProvider(origin, []);
    const error = await receivePaymentsEvent(key, body, header, secret, { baseUrl: origin, fetch: fake.fetch, now }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentsWebhookError);
    expect((error as PaymentsWebhookError).reason).toBe(reason);
    expect(fake.calls).toHaveLength(0);
  });

  it("refuses a correctly signed body that is not an event pointer", async () => {
    const body = JSON.stringify({ hello: "world" });
    const fake = fakeProvider(origin, []);
    await expect(receivePaymentsEvent(key, body, await sign(body), secret, { baseUrl: origin, fetch: fake.fetch, now }))
      .rejects.toMatchObject({ name: "PaymentsWebhookError", reason: "invalid_payload" });
    expect(fake.calls).toHaveLength(0);
  });
});
