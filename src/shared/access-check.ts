import { isScoped, type AccessScope } from "./access-scope";
import { HttpError } from "./errors";
import type { EditorSession } from "./session";

/**
 * What one request or update touches: a collection, the address of its record as the site serves
 * it (`/blog/spring`), and the fields it changes.
 * - `address`: `undefined` when nothing record-level is touched (a list, a new record's collection
 *   before its address is known); `null` for a record the site gives no address (outside any
 *   `paths` scope: a scope narrows, so what it cannot place is out).
 * - `addresses`: further addresses the write leads to (a rename's new address, a created page's).
 * - `fields`: the fields the write changes (read-only fields are refused).
 * - `locale`: the record's locale (`undefined` when nothing record-level is touched; `null` for a
 *   record of a collection that is not translated, outside any `locales` scope).
 */
export interface AccessTarget {
  collection: string;
  address?: string | null;
  addresses?: readonly (string | null)[];
  fields?: Iterable<string>;
  locale?: string | null;
}

/**
 * The one scope rule: whether `session` may touch `target`. An account without a scope (`{}`)
 * passes; otherwise the collection must be one of `scope.collections`, every address must start
 * with one of `scope.paths` (see {@link isAddressInScope}), the record's locale must be one of
 * `scope.locales` (see {@link isLocaleInScope}), and no field changed may be one of
 * `scope.readOnlyFields[collection]`. Refusals are 403s: `out_of_scope` (collection, address or
 * locale) and `read_only_field` (with `details.fields`). Every entry point (REST, inline save, the room,
 * the service binding, share links) calls it; the role rules (`assertPublisher`, `assertAdmin`)
 * are separate and checked as well.
 *
 * @example
 * assertAccess(session, { collection: "pages", address: "/blog/spring", fields: ["title"] });
 */
export function assertAccess(session: Pick<EditorSession, "access">, target: AccessTarget): void {
  const scope = session.access?.scope;
  if (!isScoped(scope)) return;
  if (scope.collections && !scope.collections.includes(target.collection)) {
    throw new HttpError(403, `collection ${target.collection} is outside this account's scope`, { code: "out_of_scope" });
  }
  const addresses = [...(target.address === undefined ? [] : [target.address]), ...(target.addresses ?? [])];
  for (const address of addresses) {
    if (!isAddressInScope(scope, address)) {
      const where = address === null ? "a record without an address" : address;
      throw new HttpError(403, `${where} is outside this account's scope`, { code: "out_of_scope" });
    }
  }
  if (target.locale !== undefined && !isLocaleInScope(scope, target.locale)) {
    const which = target.locale === null ? "a record in no locale" : `the ${target.locale} locale`;
    throw new HttpError(403, `${which} is outside this account's scope`, { code: "out_of_scope" });
  }
  const readOnly = readOnlyFieldsOf(scope, target.collection);
  if (readOnly.length === 0 || !target.fields) return;
  const refused = [...new Set(target.fields)].filter((field) => readOnly.includes(field)).sort();
  if (refused.length > 0) {
    throw new HttpError(403, `${refused.join(", ")} ${refused.length === 1 ? "is" : "are"} read-only for this account`, { code: "read_only_field", details: { fields: refused } });
  }
}

/**
 * Whether `address` lies within the scope's `paths` (always, without a `paths` part). A path
 * covers every address that starts with it, so `/blog/` covers `/blog/` and `/blog/spring`, and
 * `/blog-` covers `/blog-2026`; a path ending in `/` also covers the address without that slash
 * (`/blog/` covers `/blog`, the section's own page). A record with no address (`null`) is outside
 * every `paths` scope.
 *
 * @example
 * isAddressInScope({ paths: ["/blog/"] }, "/blog/spring") // true
 * isAddressInScope({ paths: ["/blog/"] }, "/about") // false
 */
export function isAddressInScope(scope: AccessScope | undefined, address: string | null): boolean {
  const paths = scope?.paths;
  if (!paths) return true;
  if (address === null) return false;
  return paths.some((path) => address.startsWith(path) || (path.endsWith("/") && address === path.slice(0, -1)));
}

/**
 * Whether `locale` is one of the scope's `locales` (always, without a `locales` part). A record in
 * no locale (`null`: its collection is not translated) is outside every `locales` scope.
 *
 * @example
 * isLocaleInScope({ locales: ["de"] }, "de") // true
 * isLocaleInScope({ locales: ["de"] }, "en") // false
 */
export function isLocaleInScope(scope: AccessScope | undefined, locale: string | null): boolean {
  const locales = scope?.locales;
  if (!locales) return true;
  return locale !== null && locales.includes(locale);
}

/**
 * The fields of `collection` the session may read but not change (`[]` when none).
 *
 * @example
 * readOnlyFieldsOf({ readOnlyFields: { pages: ["slug"] } }, "pages") // ["slug"]
 */
export function readOnlyFieldsOf(scope: AccessScope | undefined, collection: string): readonly string[] {
  const fields = scope?.readOnlyFields;
  return fields && Object.hasOwn(fields, collection) ? (fields[collection] ?? []) : [];
}

/**
 * Whether the session's scope needs a record's address to decide (it has a `paths` part): callers
 * skip reading the record otherwise.
 *
 * @example
 * if (needsAddress(session)) address = recordAddress(config, await readRecord(id));
 */
export function needsAddress(session: Pick<EditorSession, "access">): boolean {
  return session.access?.scope?.paths !== undefined;
}

/**
 * Whether the session's scope needs a record's locale to decide (it has a `locales` part).
 *
 * @example
 * if (needsLocale(session)) locale = recordLocale(row);
 */
export function needsLocale(session: Pick<EditorSession, "access">): boolean {
  return session.access?.scope?.locales !== undefined;
}

/**
 * A record's locale as the scope rule reads it: its `locale` column, `null` when it has none (a
 * collection that is not translated).
 *
 * @example
 * recordLocale({ id: 14, locale: "de" }) // "de"
 */
export function recordLocale(record: Record<string, unknown>): string | null {
  return typeof record.locale === "string" ? record.locale : null;
}
