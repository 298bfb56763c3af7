/**
 * Cleans one setting before it is stored: returns the value to keep, `undefined` to remove the key,
 * or throws (for example a `LouiseValidationError`) to refuse the whole patch.
 */
export type BlobSanitizer = (value: unknown, key: string) => unknown;

export interface BlobMergeResult {
  /** The new blob; the input blob is never mutated. */
  blob: Record<string, unknown>;
  /** Patch keys not in `allow`. */
  ignored: string[];
  /** Keys whose stored value actually changed (added, replaced or removed). */
  changed: string[];
}

/**
 * Merges the allowed top-level keys of `patch` into `blob`, each through its sanitizer.
 *
 * @example
 * mergeBlobPatch({ theme: "light" }, { theme: " dark ", admin: true }, { theme: (v) => String(v).trim() })
 * // { blob: { theme: "dark" }, ignored: ["admin"], changed: ["theme"] }
 */
export function mergeBlobPatch(
  blob: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
  allow: Readonly<Record<string, BlobSanitizer>>,
): BlobMergeResult {
  const next: Record<string, unknown> = { ...blob };
  const ignored: string[] = [];
  const changed: string[] = [];
  for (const [key, raw] of Object.entries(patch)) {
    // Own-property check: a patch key such as "__proto__" or "toString" must not find an inherited sanitizer.
    const sanitize = Object.hasOwn(allow, key) ? allow[key] : undefined;
    if (!sanitize) {
      ignored.push(key);
      continue;
    }
    const value = sanitize(raw, key);
    const had = Object.hasOwn(next, key);
    if (value === undefined) {
      if (had) {
        delete next[key];
        changed.push(key);
      }
      continue;
    }
    if (!had || !sameJson(next[key], value)) {
      Object.defineProperty(next, key, { value, enumerable: true, writable: true, configurable: true });
      changed.push(key);
    }
  }
  return { blob: next, ignored, changed };
}

/** Equality as stored: the blob is JSON, so two values are the same when they serialize the same. */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
