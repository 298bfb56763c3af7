/** A value the payments provider's form encoding can carry; `undefined` fields are left out. */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

function encodeKey(key: string): string {
  // The provider reads literal brackets; percent-encoding them is accepted too but harder to read in logs and tests.
  return encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]");
}

function flatten(prefix: string, value: FormValue, out: string[]): void {
  if (value === undefined) return;
  if (value === null) {
    // An empty value is how the provider's form API says "unset this field".
    out.push(`${encodeKey(prefix)}=`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => flatten(`${prefix}[${index}]`, item, out));
    return;
  }
  if (typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) flatten(`${prefix}[${key}]`, inner, out);
    return;
  }
  out.push(`${encodeKey(prefix)}=${encodeURIComponent(String(value))}`);
}

/**
 * Encodes parameters as `application/x-www-form-urlencoded` with the provider's bracket notation
 * for nested objects (`metadata[order]=42`) and indexed arrays (`lines[0][quantity]=2`).
 *
 * @example
 * encodeForm({ amount: 2500, automatic_payment_methods: { enabled: true } })
 * // "amount=2500&automatic_payment_methods[enabled]=true"
 */
export function encodeForm(params: Record<string, FormValue>): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) flatten(key, value, out);
  return out.join("&");
}
