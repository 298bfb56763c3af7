import { describe, expect, it } from "vitest";
import {
  CommerceError,
  createAndSendInvoice,
  createLineItemInvoice,
  ensurePaymentsCustomer,
  PAYMENTS_API_VERSION,
  type InvoiceLineItem,
  type PaymentsCustomer,
} from "../../../src/commerce/payments/index";
import { fakeProvider } from "../../fixtures/commerce/fake-provider";

const origin = "https://payments.test";
const key = "sk_test_customers_key";
const auth = { Authorization: `Bearer ${key}`, "Stripe-Version": PAYMENTS_API_VERSION };
const form = { ...auth, "Content-Type": "application/x-www-form-urlencoded" };
const withAddress: PaymentsCustomer = {
  id: "cus_1", object: "customer", email: "ada@example.test", name: "Ada", metadata: {},
  address: { line1: "1 Main St", city: "Springfield", postal_code: "94103", country: "US", state: "CA", line2: null },
};
const noAddress: PaymentsCustomer = { ...withAddress, id: "cus_2", address: null };
const invoice = (patch: Record<string, unknown> = {}) => ({
  id: "in_1", object: "invoice", customer: "cus_1", status: "draft", currency: "usd", total: 27000, amount_due: 27000, hosted_invoice_url: null, metadata: {}, ...patch,
});
const items: InvoiceLineItem[] = [
  { description: "Workshop seat", unitAmount: 12000, quantity: 2, currency: "USD" },
  { description: "Kit", unitAmount: 3000, quantity: 1, currency: "usd" },
];
const linesBody = "lines[0][quantity]=2&lines[0][price_data][currency]=usd&lines[0][price_data][unit_amount]=12000&lines[0][price_data][product_data][name]=Workshop%20seat"
  + "&lines[1][quantity]=1&lines[1][price_data][currency]=usd&lines[1][price_data][unit_amount]=3000&lines[1][price_data][product_data][name]=Kit";

describe("ensurePaymentsCustomer", () => {
  it("reuses the customer found by exact email and creates nothing", async () => {
    const fake = fakeProvider(origin, [{
      method: "GET", path: "/v1/customers", query: { email: "ada@example.test", limit: "1" }, headers: auth,
      respond: { json: { object: "list", data: [withAddress], has_more: false } },
    }]);
    expect(await ensurePaymentsCustomer(key, { email: "  Ada@Example.test " }, { baseUrl: origin, fetch: fake.fetch })).toEqual(withAddress);
    fake.assertDone();
  });

  it("creates the customer with name, address and metadata when none exists", async () => {
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/customers", query: { email: "ada@example.test", limit: "1" }, respond: { json: { object: "list", data: [], has_more: false } } },
      {
        method: "POST", path: "/v1/customers", headers: { ...form, "Idempotency-Key": "signup-ada" },
        body: "email=ada%40example.test&name=Ada&address[line1]=1%20Main%20St&address[country]=US&metadata[source]=shop",
        respond: { json: withAddress },
      },
    ]);
    const customer = await ensurePaymentsCustomer(key, {
      email: "ada@example.test", name: "Ada", address: { line1: "1 Main St", country: "US" }, metadata: { source: "shop" },
    }, { baseUrl: origin, fetch: fake.fetch, idempotencyKey: "signup-ada" });
    fake.assertDone();
    expect(customer.id).toBe("cus_1");
  });

  it.each(["", "not-an-email", "a b@c.d"])("refuses the email %j before any request", async (email) => {
    const fake = fakeProvider(origin, []);
    await expect(ensurePaymentsCustomer(key, { email }, { baseUrl: origin, fetch: fake.fetch })).rejects.toBeInstanceOf(CommerceError);
    expect(fake.calls).toHaveLength(0);
  });
});

describe("createLineItemInvoice", () => {
  it("enables automatic tax for a customer with an address and adds every line in one call", async () => {
    const fake = fakeProvider(origin, [
      {
        method: "POST", path: "/v1/invoices", headers: { ...form, "Idempotency-Key": "booking-7:create" },
        body: "customer=cus_1&currency=usd&collection_method=send_invoice&days_until_due=14&automatic_tax[enabled]=true&pending_invoice_items_behavior=exclude&description=Booking%207&metadata[booking]=7",
        respond: { json: invoice({ total: 0 }) },
      },
      { method: "POST", path: "/v1/invoices/in_1/add_lines", headers: { ...form, "Idempotency-Key": "booking-7:lines" }, body: linesBody, respond: { json: invoice() } },
    ]);
    const result = await createLineItemInvoice(key, {
      customer: withAddress, items, daysUntilDue: 14, description: "Booking 7", metadata: { booking: "7" },
    }, { baseUrl: origin, fetch: fake.fetch, idempotencyKey: "booking-7" });
    fake.assertDone();
    expect(result.total).toBe(27000);
  });

  it("fetches a customer given by id and leaves automatic tax off when it has no address", async () => {
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/customers/cus_2", headers: auth, respond: { json: noAddress } },
      {
        method: "POST", path: "/v1/invoices", absentHeaders: ["Idempotency-Key"],
        body: "customer=cus_2&currency=usd&collection_method=send_invoice&days_until_due=30&automatic_tax[enabled]=false&pending_invoice_items_behavior=exclude",
        respond: { json: invoice({ customer: "cus_2" }) },
      },
      { method: "POST", path: "/v1/invoices/in_1/add_lines", body: linesBody, respond: { json: invoice({ customer: "cus_2" }) } },
    ]);
    await createLineItemInvoice(key, { customer: "cus_2", items }, { baseUrl: origin, fetch: fake.fetch });
    fake.assertDone();
  });

  it.each([
    ["no lines", { customer: withAddress, items: [] }],
    ["mixed currencies", { customer: withAddress, items: [items[0]!, { ...items[1]!, currency: "eur" }] }],
    ["a blank description", { customer: withAddress, items: [{ ...items[0]!, description: " " }] }],
    ["a negative days until due", { customer: withAddress, items, daysUntilDue: -1 }],
    ["no customer", { customer: "", items }],
  ])("refuses %s before any request", async (_label, input) => {
    const fake = fakeProvider(origin, []);
    await expect(createLineItemInvoice(key, input, { baseUrl: origin, fetch: fake.fetch })).rejects.toBeInstanceOf(CommerceError);
    expect(fake.calls).toHaveLength(0);
  });
});

describe("createAndSendInvoice", () => {
  it("creates, finalizes and sends, answering the hosted invoice", async () => {
    const hosted = "https://invoice.payments.test/i/in_1";
    const fake = fakeProvider(origin, [
      { method: "POST", path: "/v1/invoices", headers: { "Idempotency-Key": "b8:create" }, body: "customer=cus_1&currency=usd&collection_method=send_invoice&days_until_due=30&automatic_tax[enabled]=true&pending_invoice_items_behavior=exclude", respond: { json: invoice() } },
      { method: "POST", path: "/v1/invoices/in_1/add_lines", headers: { "Idempotency-Key": "b8:lines" }, body: linesBody, respond: { json: invoice() } },
      { method: "POST", path: "/v1/invoices/in_1/finalize", headers: { ...form, "Idempotency-Key": "b8:finalize" }, body: "auto_advance=false", respond: { json: invoice({ status: "open", hosted_invoice_url: hosted }) } },
      { method: "POST", path: "/v1/invoices/in_1/send", headers: { ...form, "Idempotency-Key": "b8:send" }, body: "", respond: { json: invoice({ status: "open", hosted_invoice_url: hosted }) } },
    ]);
    const sent = await createAndSendInvoice(key, { customer: withAddress, items }, { baseUrl: origin, fetch: fake.fetch, idempotencyKey: "b8" });
    fake.assertDone();
    expect(sent).toMatchObject({ status: "open", hosted_invoice_url: hosted });
  });

  it("stops at the first provider error and reports it", async () => {
    const fake = fakeProvider(origin, [
      { method: "POST", path: "/v1/invoices", body: "customer=cus_1&currency=usd&collection_method=send_invoice&days_until_due=30&automatic_tax[enabled]=true&pending_invoice_items_behavior=exclude", respond: { status: 400, json: { error: { code: "customer_tax_location_invalid", message: "Tax location invalid" } } } },
    ]);
    await expect(createAndSendInvoice(key, { customer: withAddress, items }, { baseUrl: origin, fetch: fake.fetch }))
      .rejects.toMatchObject({ status: 400, code: "customer_tax_location_invalid", url: `${origin}/v1/invoices` });
    fake.assertDone();
  });
});
