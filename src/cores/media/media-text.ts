import type { Table } from "drizzle-orm";
import { HttpError, LouiseValidationError, type Violation } from "../../shared/errors";
import { findRowBy, updateRow } from "../pages/page-store";
import { tableMeta } from "../table-meta";

/** Longest alt text or caption accepted. */
export const MAX_MEDIA_TEXT = 2000;

/**
 * Writes an asset's `alt` and/or `caption` and nothing else: other keys of `patch` (such as `key`,
 * `width` or `contentType`) are never read. 404 for an unknown key; 422 for a non-string or
 * over-long value. Returns the updated registry row.
 *
 * @example
 * await updateMediaText(env.DB, media, "a.png", { alt: "A red door", caption: "Front door" });
 */
export async function updateMediaText(db: D1Database, registry: Table, key: string, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const data: Record<string, string> = {};
  const violations: Violation[] = [];
  for (const name of ["alt", "caption"] as const) {
    if (!Object.hasOwn(patch, name)) continue;
    const value = patch[name] ?? "";
    if (typeof value !== "string") violations.push({ path: name, message: `${name} must be a string`, code: "type" });
    else if (value.length > MAX_MEDIA_TEXT) violations.push({ path: name, message: `${name} is longer than ${MAX_MEDIA_TEXT} characters`, code: "too_long" });
    else data[name] = value;
  }
  if (violations.length > 0) throw new LouiseValidationError(violations);
  const meta = tableMeta(registry);
  const row = await findRowBy(db, meta, "key", key);
  if (!row) throw new HttpError(404, `media ${key} not found`, { code: "not_found" });
  const updated = await updateRow(db, meta, row[meta.primaryKey] as number, data);
  if (!updated) throw new HttpError(404, `media ${key} not found`, { code: "not_found" });
  return updated;
}
