/** An amount in the currency's minor unit (cents for USD), never a float of major units. */
export interface Money {
  amount: number;
  currency: string;
}

/* ISO 4217 currencies whose minor unit is the major unit (no decimals), as payment providers list them. */
const ZERO_DECIMAL = new Set([
  "BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF",
]);
const THREE_DECIMAL = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);

/**
 * How many minor units make one major unit of `currency` (100 when unknown or omitted).
 *
 * @example
 * minorUnitsPerMajor("JPY") // 1
 * minorUnitsPerMajor("KWD") // 1000
 */
export function minorUnitsPerMajor(currency?: string): number {
  const code = currency?.toUpperCase();
  if (code && ZERO_DECIMAL.has(code)) return 1;
  if (code && THREE_DECIMAL.has(code)) return 1000;
  return 100;
}

/**
 * Converts an integer amount in minor units to major units.
 *
 * @example
 * centsToMajor(1999) // 19.99
 * centsToMajor(500, "JPY") // 500
 */
export function centsToMajor(cents: number, currency?: string): number {
  if (!Number.isSafeInteger(cents)) {
    throw new TypeError(`centsToMajor expects an integer amount in minor units, got ${String(cents)}`);
  }
  return cents / minorUnitsPerMajor(currency);
}
