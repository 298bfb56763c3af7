/** A value with every entry's `id` left out, to compare list content seeded without ids. */
export function withoutIds<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === "id" ? undefined : inner))) as T;
}
