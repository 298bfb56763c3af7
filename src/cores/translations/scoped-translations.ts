import { isScoped } from "../../shared/access-scope";
import type { EditorSession } from "../../shared/session";
import { assertStoredRecordReadAccess, mayAccessRecord, mayReadRecord } from "../access";
import type { D1Client } from "../d1-client";
import type { DraftDeps } from "../drafts/draft-deps";
import { loadEditableDocument } from "../drafts/load-editable";
import { tableMeta } from "../table-meta";
import { listTranslations, sourceOf, type TranslationEntry } from "./translations";

/**
 * Record `id`'s translations as `session` may see them (`GET …/:id/translations`, the service
 * binding's `listTranslations`): `null` for no such record; 403 `out_of_scope` when the session
 * may not read record `id` itself (as its `GET …/:id` answers). A scoped account then sees the
 * locales whose record it may read (a translator into `de` its source too, as it reads it) and
 * the missing locales whose translation would lie in its scope (its locale, and its address
 * `/<locale>/<source's slug>`, where a translation made now would be); the others are left out,
 * so a listing never tells a scoped account about a record it could not open.
 *
 * @example
 * await scopedTranslations(env.DB, deps, session, 14, ["en", "de"]) // { source: 3, translations: [{ locale: "de", id: 14, … }] }
 */
export async function scopedTranslations(
  db: D1Client,
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  session: Pick<EditorSession, "access">,
  id: number,
  locales: readonly string[],
): Promise<{ source: number; translations: TranslationEntry[] } | null> {
  const family = await sourceOf(db, tableMeta(deps.table), id);
  const entries = family && (await listTranslations(db, deps, family.sourceId, locales));
  if (!family || !entries) return null;
  if (!isScoped(session.access?.scope)) return { source: family.sourceId, translations: entries };
  await assertStoredRecordReadAccess(db, deps, session, id);
  const source = (await loadEditableDocument(db, deps, family.sourceId))?.document ?? {};
  const shown: TranslationEntry[] = [];
  for (const entry of entries) {
    // A few locales a site: one read each is cheaper than a query of its own to keep in step.
    const record = entry.id === null ? null : entry.id === family.sourceId ? source : (await loadEditableDocument(db, deps, entry.id))?.document;
    const visible = entry.id === null ? mayAccessRecord(session, deps.config, { ...source, locale: entry.locale, sourceId: family.sourceId }) : record !== undefined && record !== null && mayReadRecord(session, deps.config, record);
    if (visible) shown.push(entry);
  }
  return { source: family.sourceId, translations: shown };
}
