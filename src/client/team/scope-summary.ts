import { languageName } from "../languages/translations";
import type { Scope } from "./team-list";

/**
 * A scope in one line for the accounts table: "all pages" when unscoped.
 *
 * @example
 * scopeSummary({ paths: ["/blog/"] }) // "pages under /blog/"
 * scopeSummary({ locales: ["de"] }) // "German only"
 */
export function scopeSummary(scope: Scope): string {
  const parts: string[] = [];
  if (scope.collections) parts.push(scope.collections.length === 0 ? "no collections" : `only ${scope.collections.join(", ")}`);
  if (scope.locales) parts.push(scope.locales.length === 0 ? "no languages" : `${scope.locales.map((locale) => languageName(locale)).join(", ")} only`);
  if (scope.paths) parts.push(scope.paths.length === 0 ? "no page addresses" : `pages under ${scope.paths.join(", ")}`);
  const readOnly = Object.entries(scope.readOnlyFields ?? {}).flatMap(([collection, fields]) => fields.map((field) => `${collection}.${field}`));
  if (readOnly.length > 0) parts.push(`read-only ${readOnly.join(", ")}`);
  return parts.length === 0 ? "everything" : parts.join("; ");
}
