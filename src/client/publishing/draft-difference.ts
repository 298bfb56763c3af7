import { humanName } from "../human-name";

/**
 * The fields in which a draft snapshot differs from the live row (what visitors see), by name as
 * an editor reads them; empty when the draft shows visitors nothing new. Values are compared as
 * JSON with sorted keys, so a reordered object is not a change.
 *
 * @example
 * draftDifference({ title: "New", body: "<p>A</p>" }, { title: "Old", body: "<p>A</p>" }) // ["title"]
 */
export function draftDifference(draft: Record<string, unknown>, live: unknown): string[] {
  const row = live !== null && typeof live === "object" ? (live as Record<string, unknown>) : {};
  return Object.keys(draft)
    .filter((field) => stable(draft[field]) !== stable(row[field] ?? null))
    .map(humanName);
}

function stable(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
