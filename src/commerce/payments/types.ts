/** Metadata as the provider stores it: string keys and values. */
export type PaymentsMetadata = Record<string, string>;

/** A postal address in the provider's field names; `country` is the ISO 3166-1 alpha-2 code. */
export interface PaymentsAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

/** The fields of a payment intent this client relies on (pinned by `PAYMENTS_API_VERSION`). */
export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  /** Hand this to the browser to confirm the payment; never log it. */
  client_secret: string | null;
  customer: string | null;
  metadata: PaymentsMetadata;
  created: number;
  livemode: boolean;
}

/** The fields of a customer this client relies on. */
export interface PaymentsCustomer {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  address: PaymentsAddress | null;
  metadata: PaymentsMetadata;
}

/** The fields of an invoice this client relies on. */
export interface PaymentsInvoice {
  id: string;
  object: "invoice";
  customer: string | null;
  status: string | null;
  currency: string;
  total: number;
  amount_due: number;
  /** The hosted page where the customer pays; present once the invoice is finalized. */
  hosted_invoice_url: string | null;
  automatic_tax?: { enabled: boolean } | null;
  metadata: PaymentsMetadata;
}

/** A page of a list endpoint. */
export interface PaymentsList<T> {
  object: "list";
  data: T[];
  has_more: boolean;
}
