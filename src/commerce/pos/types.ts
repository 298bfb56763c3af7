import type { Money } from "../money";

/** Money as the point-of-sale client returns it: the shared `Money`. */
export type PosMoney = Money;

/** A business location. */
export interface PosLocation {
  id: string;
  name: string;
  status: string | undefined;
  currency: string | undefined;
  timezone: string | undefined;
  address: PosAddress | undefined;
}

/** A postal address in camelCase. */
export interface PosAddress {
  addressLine1?: string;
  addressLine2?: string;
  locality?: string;
  administrativeDistrictLevel1?: string;
  postalCode?: string;
  country?: string;
}

/** Where a catalog object is sold: everywhere, or an explicit list of location ids. */
export type PosPresence = "all" | readonly string[];

/** A price (and optional stock tracking) that differs at one location. */
export interface PosLocationOverride {
  locationId: string;
  price?: PosMoney;
  trackInventory?: boolean;
}

/** A sellable variation of a catalog item. */
export interface PosVariation {
  id: string;
  version: number | undefined;
  itemId: string | undefined;
  name: string;
  sku: string | undefined;
  price: PosMoney | undefined;
  presentAt: PosPresence;
  absentAt: readonly string[];
  locationOverrides: PosLocationOverride[];
}

/** A catalog item with its variations. */
export interface PosCatalogItem {
  id: string;
  version: number | undefined;
  name: string;
  description: string | undefined;
  categoryId: string | undefined;
  imageIds: string[];
  presentAt: PosPresence;
  absentAt: readonly string[];
  variations: PosVariation[];
  updatedAt: string | undefined;
}

/** One line of an order. */
export interface PosLineItem {
  uid: string | undefined;
  name: string | undefined;
  quantity: string;
  catalogObjectId: string | undefined;
  basePrice: PosMoney | undefined;
  totalMoney: PosMoney | undefined;
}

/** An order. */
export interface PosOrder {
  id: string;
  locationId: string;
  state: string | undefined;
  customerId: string | undefined;
  referenceId: string | undefined;
  lineItems: PosLineItem[];
  totalMoney: PosMoney | undefined;
  totalTaxMoney: PosMoney | undefined;
  totalDiscountMoney: PosMoney | undefined;
  version: number | undefined;
  createdAt: string | undefined;
  updatedAt: string | undefined;
}

/** A payment. */
export interface PosPayment {
  id: string;
  status: string | undefined;
  orderId: string | undefined;
  customerId: string | undefined;
  amount: PosMoney | undefined;
  totalMoney: PosMoney | undefined;
  receiptUrl: string | undefined;
  createdAt: string | undefined;
}

/** A customer profile. */
export interface PosCustomer {
  id: string;
  email: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  phone: string | undefined;
  referenceId: string | undefined;
  createdAt: string | undefined;
}

/** A card on file. */
export interface PosCard {
  id: string;
  customerId: string | undefined;
  brand: string | undefined;
  last4: string | undefined;
  expMonth: number | undefined;
  expYear: number | undefined;
  enabled: boolean;
}

/** A subscription of a customer to a plan variation. */
export interface PosSubscription {
  id: string;
  customerId: string | undefined;
  locationId: string | undefined;
  planVariationId: string | undefined;
  status: string | undefined;
  startDate: string | undefined;
  cardId: string | undefined;
}

/** A loyalty account. */
export interface PosLoyaltyAccount {
  id: string;
  programId: string | undefined;
  customerId: string | undefined;
  balance: number;
  lifetimePoints: number;
}

/** An inventory count of one catalog object at one location. */
export interface PosInventoryCount {
  catalogObjectId: string;
  locationId: string;
  state: string;
  /** Whole or fractional units; the wire carries a decimal string. */
  quantity: number;
  calculatedAt: string | undefined;
}
