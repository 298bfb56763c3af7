import type { DraftDeps, EditableDocument } from "../cores/drafts";
import { tableMeta } from "../cores/table-meta";
import { readTranslated } from "../cores/translations/read-translated";
import { discardTranslation, ensureTranslation, sourceOf, translationId, type TranslationEntry } from "../cores/translations/translations";
import { scopedTranslations } from "../cores/translations/scoped-translations";
import { HttpError } from "../shared/errors";
import { unknownLocale, type Languages } from "../shared/locales";
import type { EditorSession } from "../shared/session";

/*
 * The service binding's languages (issue 37): the same addressing as REST's `?locale=` (the source
 * or any translation, and a locale), the same reads (shared fields from the source, fallbacks) and
 * the same create-on-write, over the cores the routes use.
 */

/** A translation as the binding reads it: edit mode's document, with which fields fell back to which locale. */
export type TranslatedDocument = EditableDocument & { fallbacks?: Record<string, string> };

/** The record a locale names: `id` itself without one; else its source's translation into it (`null`: none yet). */
export async function recordInLocale(db: D1Database, deps: DraftDeps, languages: Languages | null, id: number, locale: unknown): Promise<{ id: number | null; sourceId: number }> {
  const meta = tableMeta(deps.table);
  if (locale === undefined) return { id, sourceId: id };
  if (!deps.localized || !languages) throw unknownLocale(String(locale), null);
  if (typeof locale !== "string" || !languages.locales.includes(locale)) throw unknownLocale(String(locale), languages);
  const family = await sourceOf(db, meta, id);
  if (!family) throw new HttpError(404, `${deps.config.slug} ${id} not found`, { code: "not_found" });
  const found = locale === languages.defaultLocale ? family.sourceId : await translationId(db, meta, family.sourceId, locale);
  return { id: found, sourceId: family.sourceId };
}

/**
 * Edit mode's document of a translation as editors see it: its shared fields from the source's
 * draft and its empty fields along its chain (`fallbacks`); a source as it is.
 */
export async function translatedDocument(db: D1Database, deps: DraftDeps, languages: Languages | null, editable: EditableDocument): Promise<TranslatedDocument> {
  if (!deps.localized || typeof editable.document.sourceId !== "number") return editable;
  const read = await readTranslated(db, deps, languages, editable.document, "draft");
  return { ...editable, document: read.row, fallbacks: read.fallbacks };
}

/** Every locale of record `id`'s source with its status, as far as the caller's scope reads (as `GET …/:id/translations`). */
export async function translationsOf(db: D1Database, deps: DraftDeps, languages: Languages | null, session: EditorSession, id: number): Promise<{ source: number; translations: TranslationEntry[] }> {
  if (!deps.localized || !languages) throw new HttpError(404, `${deps.config.slug} is not translated`, { code: "not_found" });
  const listed = await scopedTranslations(db, deps, session, id, languages.locales);
  if (!listed) throw new HttpError(404, `${deps.config.slug} ${id} not found`, { code: "not_found" });
  return listed;
}

/**
 * A draft write to `locale`'s translation of `sourceId`, made from the source's draft first when it
 * has none (based on that copy when the caller names no base): `write` is the ordinary draft write
 * of the record it is handed. A refused write takes the translation it made back with it.
 */
export async function writeInLocale<T extends object>(
  env: { DB: D1Database },
  deps: DraftDeps,
  session: EditorSession,
  target: { id: number | null; sourceId: number },
  locale: string,
  write: (id: number, baseVersionId: number | undefined) => Promise<T>,
  baseVersionId: number | undefined,
): Promise<T & { id?: number; locale?: string; sourceId?: number }> {
  if (target.id !== null) return write(target.id, baseVersionId);
  const made = await ensureTranslation(env, deps, session, target.sourceId, locale);
  try {
    const written = await write(made.id, baseVersionId ?? made.versionId ?? undefined);
    if (!made.created) return written;
    return { ...written, id: made.id, locale, sourceId: target.sourceId };
  } catch (error) {
    if (made.created) await discardTranslation(env, deps, made);
    throw error;
  }
}
