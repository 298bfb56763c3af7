/* The provider rejects metadata beyond these sizes; checking here keeps a bad call from ever leaving. */
const MAX_KEYS = 50;
const MAX_KEY_LENGTH = 40;
const MAX_VALUE_LENGTH = 500;

/**
 * Why `metadata` would be refused by the provider, or `null` when it is acceptable.
 *
 * @example
 * metadataProblem({ orderId: "42" }) // null
 */
export function metadataProblem(metadata: Record<string, string> | undefined): string | null {
  if (metadata === undefined) return null;
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return "metadata must be an object";
  const entries = Object.entries(metadata);
  if (entries.length > MAX_KEYS) return `metadata has ${entries.length} keys; at most ${MAX_KEYS} are allowed`;
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) return `metadata key "${key.slice(0, 60)}" must be 1 to ${MAX_KEY_LENGTH} characters`;
    if (key.includes("[") || key.includes("]")) return `metadata key "${key}" must not contain brackets`;
    if (typeof value !== "string") return `metadata value of "${key}" must be a string`;
    if (value.length > MAX_VALUE_LENGTH) return `metadata value of "${key}" exceeds ${MAX_VALUE_LENGTH} characters`;
  }
  return null;
}
