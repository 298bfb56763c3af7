export { createPaymentIntent, retrievePaymentIntent } from "./payment-intents";
export type { CreatePaymentIntentOptions } from "./payment-intents";
export { cartTotal } from "./cart";
export type { CartItem, CartTotal, PricedLine } from "./cart";
export { verifyPaymentsSignature, checkPaymentsSignature, parsePaymentsSignatureHeader } from "./signature";
export type {
  VerifyPaymentsSignatureOptions,
  PaymentsSignatureCheck,
  PaymentsSignatureFailure,
  PaymentsSignatureHeader,
} from "./signature";
export { receivePaymentsEvent, PaymentsWebhookError } from "./events";
export type { PaymentsEvent, PaymentsWebhookFailure, ReceivePaymentsEventOptions } from "./events";
export { ensurePaymentsCustomer, retrievePaymentsCustomer, hasTaxableAddress } from "./customers";
export type { EnsurePaymentsCustomerInput } from "./customers";
export { createLineItemInvoice, createAndSendInvoice } from "./invoices";
export type { InvoiceLineItem, LineItemInvoiceInput } from "./invoices";
export { encodeForm } from "./form";
export type { FormValue } from "./form";
export { PAYMENTS_API_VERSION, PAYMENTS_BASE_URL } from "./client";
export type { PaymentsOptions, PaymentsWriteOptions } from "./client";
export type {
  PaymentIntent,
  PaymentsAddress,
  PaymentsCustomer,
  PaymentsInvoice,
  PaymentsList,
  PaymentsMetadata,
} from "./types";
export { CommerceError } from "../error";
