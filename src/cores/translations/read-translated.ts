import type { Languages } from "../../shared/locales";
import type { D1Client } from "../d1-client";
import type { DraftDeps } from "../drafts/draft-deps";
import { loadEditableDocument } from "../drafts/load-editable";
import { getRow } from "../pages/page-store";
import { tableMeta } from "../table-meta";
import { translationId } from "./translations";
import { withSharedFields } from "./shared-fields";

/*
 * Reading a translation (issue 37): its shared fields from the source, and each field it leaves
 * empty from the first locale of its fallback chain that has it. Nothing read here is ever written
 * back into the translation.
 */

/** A translated read: the row as shown, and which fields came from another locale (`{ body: "en" }`). */
export interface TranslatedRead {
  row: Record<string, unknown>;
  fallbacks: Record<string, string>;
}

/**
 * Which state of each record a read shows: `live`, what visitors see (a locale whose record is not
 * published is skipped); `record`, each record's row as it stands (the REST record read); `draft`,
 * edit mode's newest pending draft.
 */
export type TranslatedMode = "live" | "record" | "draft";

/**
 * True for a value a reader falls back from: missing, blank text, rich text without words or an
 * image, an empty list.
 *
 * @example
 * isEmptyValue("<p> </p>") // true
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value !== "string") return false;
  if (/<(img|video|iframe|hr)\b/i.test(value)) return false;
  return value.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ").trim() === "";
}

/**
 * `row` with each of `fields` it leaves empty taken from the first row of `chain` (in order) that
 * has it, and which locale each came from. Pure: `row` is not changed.
 *
 * @example
 * readWithFallback({ title: "Hallo", body: "" }, [{ locale: "en", row: { title: "Hello", body: "<p>Hi</p>" } }], ["title", "body"])
 * // { row: { title: "Hallo", body: "<p>Hi</p>" }, fallbacks: { body: "en" } }
 */
export function readWithFallback(row: Record<string, unknown>, chain: readonly { locale: string; row: Record<string, unknown> }[], fields: readonly string[]): TranslatedRead {
  const out = { ...row };
  const fallbacks: Record<string, string> = {};
  for (const field of fields) {
    if (!isEmptyValue(row[field])) continue;
    const found = chain.find((link) => !isEmptyValue(link.row[field]));
    if (!found) continue;
    out[field] = found.row[field];
    fallbacks[field] = found.locale;
  }
  return { row: out, fallbacks };
}

/**
 * A translation as a reader sees it: `row` (record `row.id`, read by the caller in `mode`) with its
 * shared fields from the source and its empty fields along `languages.fallback[row.locale]`, each
 * read in the same `mode` (see {@link TranslatedMode}). A source, or a record of a collection
 * that is not translated, comes back as it is with no fallbacks.
 *
 * @example
 * const { row, fallbacks } = await readTranslated(env.DB, deps, languages, liveRow, "live");
 */
export async function readTranslated(
  db: D1Client,
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config" | "localized">,
  languages: Languages | null,
  row: Record<string, unknown>,
  mode: TranslatedMode,
): Promise<TranslatedRead> {
  const sourceId = row.sourceId;
  const locale = row.locale;
  if (!deps.localized || !languages || typeof sourceId !== "number" || typeof locale !== "string") return { row, fallbacks: {} };
  const meta = tableMeta(deps.table);
  const read = async (id: number | null): Promise<Record<string, unknown> | null> => {
    if (id === null) return null;
    if (mode === "draft") return (await loadEditableDocument(db, deps, id))?.document ?? null;
    const live = await getRow(db, meta, id);
    return live && (mode === "record" || live.publishedVersionId === undefined || live.publishedVersionId !== null) ? live : null;
  };
  const chainLocales = languages.fallback[locale] ?? [languages.defaultLocale];
  const chainIds = await Promise.all(chainLocales.map((other) => (other === languages.defaultLocale ? sourceId : translationId(db, meta, sourceId, other))));
  const chainRows = await Promise.all(chainIds.map(read));
  // The shared fields are the source's whatever it shows visitors: the source row itself when live.
  const source = mode === "draft" ? chainRows[chainLocales.indexOf(languages.defaultLocale)] ?? (await read(sourceId)) : await getRow(db, meta, sourceId);
  const shared = deps.localized.shared;
  const withShared = source ? withSharedFields(row, source, shared) : row;
  const chain = chainLocales.flatMap((other, index) => (chainRows[index] ? [{ locale: other, row: chainRows[index] }] : []));
  const translated = Object.keys(deps.config.fields).filter((field) => !shared.includes(field));
  return readWithFallback(withShared, chain, translated);
}
