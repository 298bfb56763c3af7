import { HttpError, type Violation } from "./errors";
import { isLocaleCode } from "./locales";

/**
 * What one account may touch, on top of its role. Each part narrows; an absent part does not:
 * `{}` is unscoped.
 * - `collections`: the collections it may touch (by registry name).
 * - `paths`: page address prefixes it may touch (`/blog/` covers `/blog/` and `/blog/a`).
 * - `readOnlyFields`: per collection, fields it may read but not change.
 * - `locales`: the locales whose records it may touch (`["de"]`: German translations only; a
 *   record of a collection that is not translated has no locale and is outside it).
 */
export interface AccessScope {
  collections?: string[];
  paths?: string[];
  readOnlyFields?: Record<string, string[]>;
  locales?: string[];
}

/** Bounds on a scope, so a stored or sent scope stays small. */
export const ACCESS_SCOPE_LIMITS = { entries: 50, length: 200 } as const;

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Checks a scope sent by a client (an admin changing an account) and answers it normalized:
 * duplicates dropped, entries sorted, empty parts removed. Unknown keys, wrong types, a path not
 * starting with `/`, a locale that is no locale code, and more than {@link ACCESS_SCOPE_LIMITS} entries are a 400 naming each.
 *
 * @example
 * parseAccessScope({ collections: ["pages"], paths: ["/blog/"] }) // { collections: ["pages"], paths: ["/blog/"] }
 */
export function parseAccessScope(value: unknown, at = "scopes"): AccessScope {
  const violations: Violation[] = [];
  const scope: AccessScope = {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new HttpError(400, `${at} must be an object`, { code: "invalid_access_scope", details: { violations: [{ path: at, message: "must be an object" }] } });
  }
  for (const [key, part] of Object.entries(value)) {
    if (key === "collections") {
      const names = stringList(part, `${at}.collections`, violations, (name) => (NAME.test(name) ? null : "must be a collection name"));
      if (names) scope.collections = names;
    } else if (key === "paths") {
      const paths = stringList(part, `${at}.paths`, violations, (path) => (path.startsWith("/") ? null : "must start with /"));
      if (paths) scope.paths = paths;
    } else if (key === "readOnlyFields") {
      if (part === null || typeof part !== "object" || Array.isArray(part)) {
        violations.push({ path: `${at}.readOnlyFields`, message: "must be an object of collection → field names" });
        continue;
      }
      const entries = Object.entries(part as Record<string, unknown>);
      if (entries.length > ACCESS_SCOPE_LIMITS.entries) violations.push({ path: `${at}.readOnlyFields`, message: `at most ${ACCESS_SCOPE_LIMITS.entries} collections` });
      const fields: Record<string, string[]> = {};
      for (const [collection, list] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (!NAME.test(collection)) violations.push({ path: `${at}.readOnlyFields`, message: `${JSON.stringify(collection.slice(0, 64))} is not a collection name` });
        const names = stringList(list, `${at}.readOnlyFields.${collection}`, violations, (name) => (FIELD.test(name) ? null : "must be a field name"));
        if (names && names.length > 0) fields[collection] = names;
      }
      if (Object.keys(fields).length > 0) scope.readOnlyFields = fields;
    } else if (key === "locales") {
      const locales = stringList(part, `${at}.locales`, violations, (locale) => (isLocaleCode(locale) ? null : "must be a locale code (en, de-AT)"));
      if (locales) scope.locales = locales;
    } else {
      violations.push({ path: `${at}.${key.slice(0, 64)}`, message: "unknown scope; use collections, paths, readOnlyFields or locales" });
    }
  }
  if (violations.length > 0) throw new HttpError(400, `${at} is not a valid scope`, { code: "invalid_access_scope", details: { violations } });
  return scope;
}

/**
 * The scope a stored account carries (the `scopes` column). Stored text that does not parse is
 * read as "no collection at all": a damaged row must narrow access, never widen it.
 *
 * @example
 * storedAccessScope("{}") // {}
 * storedAccessScope("not json") // { collections: [] }
 */
export function storedAccessScope(text: unknown): AccessScope {
  if (typeof text !== "string" || text === "" || text === "{}") return {};
  try {
    return parseAccessScope(JSON.parse(text));
  } catch {
    return { collections: [] };
  }
}

/**
 * Whether a scope narrows anything (an unscoped account skips every scope check).
 *
 * @example
 * isScoped({}) // false
 */
export function isScoped(scope: AccessScope | undefined): scope is AccessScope {
  return scope !== undefined && (scope.collections !== undefined || scope.paths !== undefined || scope.readOnlyFields !== undefined || scope.locales !== undefined);
}

function stringList(value: unknown, path: string, violations: Violation[], check: (item: string) => string | null): string[] | null {
  if (!Array.isArray(value)) {
    violations.push({ path, message: "must be an array of strings" });
    return null;
  }
  if (value.length > ACCESS_SCOPE_LIMITS.entries) {
    violations.push({ path, message: `at most ${ACCESS_SCOPE_LIMITS.entries} entries` });
    return null;
  }
  const out = new Set<string>();
  value.forEach((item, index) => {
    if (typeof item !== "string" || item.length === 0 || item.length > ACCESS_SCOPE_LIMITS.length) {
      violations.push({ path: `${path}.${index}`, message: `must be a non-empty string of at most ${ACCESS_SCOPE_LIMITS.length} characters` });
      return;
    }
    const problem = check(item);
    if (problem) violations.push({ path: `${path}.${index}`, message: problem });
    else out.add(item);
  });
  return [...out].sort();
}
