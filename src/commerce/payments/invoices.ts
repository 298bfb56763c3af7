import { cartTotal } from "./cart";
import { paymentsCall, paymentsInputError, paymentsUrl, type PaymentsWriteOptions } from "./client";
import { hasTaxableAddress, retrievePaymentsCustomer } from "./customers";
import { metadataProblem } from "./metadata";
import type { PaymentsCustomer, PaymentsInvoice, PaymentsMetadata } from "./types";

/** One invoice line; amounts are integer minor units and every line shares one currency. */
export interface InvoiceLineItem {
  description: string;
  unitAmount: number;
  quantity: number;
  currency: string;
}

/** Input of `createLineItemInvoice` and `createAndSendInvoice`. */
export interface LineItemInvoiceInput {
  /** A customer id (fetched to read its address) or the customer object you already hold. */
  customer: string | PaymentsCustomer;
  items: readonly InvoiceLineItem[];
  /** Days the customer has to pay the hosted invoice; default 30. */
  daysUntilDue?: number;
  description?: string;
  metadata?: PaymentsMetadata;
}

function refuse(message: string, options: PaymentsWriteOptions): never {
  throw paymentsInputError(message, "POST", paymentsUrl(options, "/v1/invoices"));
}

/* A retried call must reuse the caller's key per step, or the provider would apply a step twice. */
function stepKey(options: PaymentsWriteOptions, step: string): string | undefined {
  return options.idempotencyKey === undefined ? undefined : `${options.idempotencyKey}:${step}`;
}

/**
 * Creates a draft invoice (collected by sending it, due in `daysUntilDue` days) and adds the lines
 * in one call. Automatic tax is enabled exactly when the customer has an address with a country.
 * Lines are validated like a cart (non-empty, one currency, integer amounts ≥ 0, quantity ≥ 1)
 * before any request.
 *
 * @example
 * const draft = await createLineItemInvoice(env.PAYMENTS_SECRET_KEY, {
 *   customer, items: [{ description: "Workshop seat", unitAmount: 12000, quantity: 1, currency: "usd" }],
 * });
 */
export async function createLineItemInvoice(
  secretKey: string,
  input: LineItemInvoiceInput,
  options: PaymentsWriteOptions = {},
): Promise<PaymentsInvoice> {
  const total = cartTotal(input?.items ?? []);
  if (!total.ok) refuse(total.message, options);
  for (const [index, item] of input.items.entries()) {
    if (typeof item.description !== "string" || item.description.trim() === "") refuse(`item ${index}: a description is required`, options);
  }
  const daysUntilDue = input.daysUntilDue ?? 30;
  if (!Number.isSafeInteger(daysUntilDue) || daysUntilDue < 0) refuse("daysUntilDue must be a non-negative integer", options);
  const problem = metadataProblem(input.metadata);
  if (problem) refuse(problem, options);
  if (typeof input.customer !== "string" && typeof input.customer?.id !== "string") refuse("a customer is required", options);

  const customer = typeof input.customer === "string"
    ? await retrievePaymentsCustomer(secretKey, input.customer, options)
    : input.customer;
  const invoice = await paymentsCall<PaymentsInvoice>(secretKey, options, {
    method: "POST",
    path: "/v1/invoices",
    idempotencyKey: stepKey(options, "create"),
    params: {
      customer: customer.id,
      currency: total.currency,
      collection_method: "send_invoice",
      days_until_due: daysUntilDue,
      automatic_tax: { enabled: hasTaxableAddress(customer) },
      // Only the lines below belong on this invoice, not whatever else is pending for the customer.
      pending_invoice_items_behavior: "exclude",
      description: input.description,
      metadata: input.metadata,
    },
  });
  return paymentsCall<PaymentsInvoice>(secretKey, options, {
    method: "POST",
    path: `/v1/invoices/${encodeURIComponent(invoice.id)}/add_lines`,
    idempotencyKey: stepKey(options, "lines"),
    params: {
      lines: input.items.map((item) => ({
        quantity: item.quantity,
        price_data: { currency: total.currency, unit_amount: item.unitAmount, product_data: { name: item.description } },
      })),
    },
  });
}

/**
 * Creates the line-item invoice, finalizes it and has the provider email it to the customer.
 * The result carries `hosted_invoice_url`, the page where the customer pays.
 *
 * @example
 * const invoice = await createAndSendInvoice(env.PAYMENTS_SECRET_KEY, { customer: "cus_123", items }, { idempotencyKey: "booking-7" });
 * await notify(invoice.hosted_invoice_url);
 */
export async function createAndSendInvoice(
  secretKey: string,
  input: LineItemInvoiceInput,
  options: PaymentsWriteOptions = {},
): Promise<PaymentsInvoice> {
  const draft = await createLineItemInvoice(secretKey, input, options);
  const id = encodeURIComponent(draft.id);
  await paymentsCall<PaymentsInvoice>(secretKey, options, {
    method: "POST",
    path: `/v1/invoices/${id}/finalize`,
    idempotencyKey: stepKey(options, "finalize"),
    params: { auto_advance: false },
  });
  return paymentsCall<PaymentsInvoice>(secretKey, options, {
    method: "POST",
    path: `/v1/invoices/${id}/send`,
    idempotencyKey: stepKey(options, "send"),
  });
}
