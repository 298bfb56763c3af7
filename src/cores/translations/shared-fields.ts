import { isEntryId } from "../../shared/entry-id";
import { HttpError } from "../../shared/errors";
import { recordAddress } from "../collection";
import type { D1Client } from "../d1-client";
import type { DraftDeps } from "../drafts/draft-deps";
import { loadEditableDocument } from "../drafts/load-editable";
import { tableMeta } from "../table-meta";
import { sourceOf } from "./translations";

/*
 * Shared fields (issue 37): a translated collection's `localized.shared` fields live once, on the
 * source record. A translation's row keeps a copy (its NOT NULL columns hold), but every reader
 * takes them from the source and every writer is refused them on a translation.
 */

/** The source of a translation as the shared-field rule names it: its id, its address, its shared values. */
export interface TranslationSource {
  id: number;
  /** The source's address as the site serves it (`/about`), `null` when it has none. */
  address: string | null;
  /** The source's values of the shared fields (its draft: what editors see). */
  values: Record<string, unknown>;
}

/**
 * `row` with its shared fields taken from `source`: what every reader of a translation shows.
 * Fields `source` lacks are left as `row` has them.
 *
 * @example
 * withSharedFields({ id: 14, title: "Über uns", image: null }, { id: 3, image: { src: "/m/a.png" } }, ["image"])
 * // { id: 14, title: "Über uns", image: { src: "/m/a.png" } }
 */
export function withSharedFields<T extends Record<string, unknown>>(row: T, source: Record<string, unknown>, shared: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const field of shared) if (Object.hasOwn(source, field)) out[field] = source[field];
  return out as T;
}

/**
 * The 403 a write of shared fields to a translation answers: code `shared_field`, naming the fields
 * and the source they are edited on (`source: { id, address }`).
 *
 * @example
 * throw sharedFieldError(["image"], { id: 3, address: "/about" });
 */
export function sharedFieldError(fields: readonly string[], source: Pick<TranslationSource, "id" | "address">): HttpError {
  const names = [...fields].sort();
  const where = source.address ?? `record ${source.id}`;
  return new HttpError(403, `${names.join(", ")} ${names.length === 1 ? "is" : "are"} shared across languages: edit ${names.length === 1 ? "it" : "them"} on the source (${where})`, {
    code: "shared_field",
    details: { fields: names, source: { id: source.id, ...(source.address === null ? {} : { address: source.address }) } },
  });
}

/**
 * The shared-field rule for a write to a translation: a shared field the edit changes (one sent
 * back with the value `current` holds is no change, as with read-only fields) is refused with
 * {@link sharedFieldError}.
 *
 * @example
 * assertNoSharedWrite(["image"], roomValues, { title: "Neu" }, source); // passes
 */
export function assertNoSharedWrite(shared: readonly string[], current: Record<string, unknown>, edit: Record<string, unknown>, source: Pick<TranslationSource, "id" | "address">): void {
  const refused = shared.filter((field) => Object.hasOwn(edit, field) && edit[field] !== undefined && contentOf(edit[field]) !== contentOf(current[field]));
  if (refused.length > 0) throw sharedFieldError(refused, source);
}

/* A value as content: list entries' ids are the room's bookkeeping (a value read elsewhere lacks them), not content. */
function contentOf(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => (key === "id" && isEntryId(inner) ? undefined : inner));
}

/**
 * The source of record `id` when it is a translation of a translated collection (`deps.localized`),
 * read from D1: its id, address and its draft's shared values; `null` for a source, a record of a
 * collection that is not translated, or no such record.
 *
 * @example
 * const source = await translationSource(env.DB, deps, 14); // { id: 3, address: "/about", values: { image: … } }
 */
export async function translationSource(db: D1Client, deps: Pick<DraftDeps, "table" | "versionsTable" | "config" | "localized">, id: number): Promise<TranslationSource | null> {
  if (!deps.localized) return null;
  const family = await sourceOf(db, tableMeta(deps.table), id);
  if (!family || family.sourceId === id) return null;
  const editable = await loadEditableDocument(db, deps, family.sourceId);
  if (!editable) return null;
  const values = Object.fromEntries(deps.localized.shared.filter((field) => Object.hasOwn(editable.document, field)).map((field) => [field, editable.document[field]]));
  return { id: family.sourceId, address: recordAddress(deps.config, editable.document), values };
}
