/** One line of a cart priced by the server: amounts are integer minor units (cents). */
export interface CartItem {
  /** Shown to the buyer and kept for reconciliation. */
  name: string;
  /** Price of one unit in minor units; an integer ≥ 0. */
  unitAmount: number;
  /** An integer ≥ 1. */
  quantity: number;
  /** ISO 4217 code; every item of one cart must share it. */
  currency: string;
  /** Your own product or variant id, optional. */
  sku?: string;
}

/** The priced parts of a line that the totals rule needs. */
export interface PricedLine {
  unitAmount: number;
  quantity: number;
  currency: string;
}

/** The outcome of checking a cart locally: the total to charge, or why the cart is refused. */
export type CartTotal = { ok: true; amount: number; currency: string } | { ok: false; message: string };

const CURRENCY = /^[A-Za-z]{3}$/;

/**
 * Computes the amount to charge from the lines themselves (a client's own total is never trusted),
 * refusing an empty cart, non-integer or negative unit amounts, quantities below 1, mixed
 * currencies and totals beyond safe integers. The currency comes back lower-case.
 *
 * @example
 * cartTotal([{ unitAmount: 1500, quantity: 2, currency: "USD" }]) // { ok: true, amount: 3000, currency: "usd" }
 */
export function cartTotal(lines: readonly PricedLine[]): CartTotal {
  if (!Array.isArray(lines) || lines.length === 0) return { ok: false, message: "the cart is empty" };
  let amount = 0;
  let currency: string | undefined;
  for (const [index, line] of lines.entries()) {
    const at = `item ${index}`;
    if (typeof line !== "object" || line === null) return { ok: false, message: `${at} is not an object` };
    if (!Number.isSafeInteger(line.unitAmount) || line.unitAmount < 0) {
      return { ok: false, message: `${at}: unitAmount must be a non-negative integer in minor units, got ${String(line.unitAmount)}` };
    }
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      return { ok: false, message: `${at}: quantity must be an integer of at least 1, got ${String(line.quantity)}` };
    }
    if (typeof line.currency !== "string" || !CURRENCY.test(line.currency)) {
      return { ok: false, message: `${at}: currency must be a three-letter ISO code, got ${String(line.currency)}` };
    }
    const code = line.currency.toLowerCase();
    if (currency !== undefined && code !== currency) {
      return { ok: false, message: `${at}: mixed currencies (${currency} and ${code}) in one cart` };
    }
    currency = code;
    amount += line.unitAmount * line.quantity;
    if (!Number.isSafeInteger(amount)) return { ok: false, message: "the cart total is too large" };
  }
  return { ok: true, amount, currency: currency as string };
}
