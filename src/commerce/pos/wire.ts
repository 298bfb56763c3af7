import type { PosAddress, PosMoney } from "./types";

/** A loosely typed wire object (snake_case JSON as the provider sends it). */
export type Wire = Record<string, unknown>;

/** Reads `value` as a wire object, or an empty one. */
export function obj(value: unknown): Wire {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Wire) : {};
}

/** Reads `value` as an array of wire objects. */
export function arr(value: unknown): Wire[] {
  return Array.isArray(value) ? value.map(obj) : [];
}

/** Reads a string field, `undefined` otherwise. */
export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Reads a number field, `undefined` otherwise. */
export function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Wire `{ amount, currency }` to `Money`; `undefined` when absent. */
export function moneyFromWire(value: unknown): PosMoney | undefined {
  const m = obj(value);
  const amount = num(m.amount);
  const currency = str(m.currency);
  return amount === undefined || currency === undefined ? undefined : { amount, currency };
}

/** `Money` to the wire shape. */
export function moneyToWire(money: PosMoney): Wire {
  return { amount: money.amount, currency: money.currency };
}

/** Wire address to camelCase. */
export function addressFromWire(value: unknown): PosAddress | undefined {
  if (value === undefined || value === null) return undefined;
  const a = obj(value);
  return stripUndefined({
    addressLine1: str(a.address_line_1),
    addressLine2: str(a.address_line_2),
    locality: str(a.locality),
    administrativeDistrictLevel1: str(a.administrative_district_level_1),
    postalCode: str(a.postal_code),
    country: str(a.country),
  });
}

/** camelCase address to the wire. */
export function addressToWire(address: PosAddress): Wire {
  return stripUndefined({
    address_line_1: address.addressLine1,
    address_line_2: address.addressLine2,
    locality: address.locality,
    administrative_district_level_1: address.administrativeDistrictLevel1,
    postal_code: address.postalCode,
    country: address.country,
  });
}

/** Drops keys whose value is `undefined`, so sparse bodies stay sparse on the wire. */
export function stripUndefined<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = v;
  return out as T;
}
