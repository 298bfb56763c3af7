import { assertAccess, needsAddress, needsLocale, readOnlyFieldsOf, recordLocale } from "../../shared/access-check";
import { isScoped, type AccessScope } from "../../shared/access-scope";
import { HttpError } from "../../shared/errors";
import { setAtPath } from "../../shared/json-path";
import type { EditorSession } from "../../shared/session";
import { recordAddress, type CollectionConfig } from "../collection";
import type { D1Client } from "../d1-client";
import { loadEditableDocument } from "../drafts/load-editable";
import type { DraftDeps } from "../drafts/draft-deps";

/** The parts of a collection the scope rule reads: its name and its address rule. */
export type ScopedCollection = Pick<CollectionConfig, "slug" | "address">;

/**
 * The scope rule ({@link assertAccess}) for a record whose current content is at hand: its
 * address and locale are read from `current` (a room, whose document holds fields only, adds its
 * record's `locale`), and an `edit` is checked for the fields it changes (a read-only field sent
 * back with its current value is no change) and for the address it leads to (a rename out of scope
 * is refused). A new record goes through {@link assertCreateAccess}.
 *
 * @example
 * assertRecordAccess(session, pagesCollection, row, { slug: "blog/new" });
 */
export function assertRecordAccess(session: Pick<EditorSession, "access">, config: ScopedCollection, current: Record<string, unknown>, edit?: Record<string, unknown>): void {
  checkRecord(session, config, current, edit, false);
}

/**
 * The scope rule for reading a record's draft (its REST read, the service binding's `readPage`):
 * {@link assertRecordAccess}, except that a `locales` scope admits the source of a translated
 * collection (a record in the default locale that translates nothing): a translator reads the
 * source they translate from, and may not change it. A scope of no locale (`locales: []`) reads
 * no record at all.
 *
 * @example
 * assertRecordReadAccess({ access: { publish: false, scope: { locales: ["de"] } } }, pagesCollection, { slug: "about", locale: "en", sourceId: null }); // passes
 */
export function assertRecordReadAccess(session: Pick<EditorSession, "access">, config: ScopedCollection, record: Record<string, unknown>): void {
  // A translator reads what it translates from; a scope of no language (`locales: []`) translates nothing, so reads no source either.
  const translates = (session.access?.scope?.locales?.length ?? 0) > 0;
  checkRecord(session, config, record, undefined, translates && record.sourceId === null && typeof record.locale === "string");
}

function checkRecord(session: Pick<EditorSession, "access">, config: ScopedCollection, current: Record<string, unknown>, edit: Record<string, unknown> | undefined, readsSource: boolean): void {
  if (!isScoped(session.access?.scope)) return;
  const addressed = needsAddress(session);
  const address = addressed ? recordAddress(config, current) : undefined;
  const next = addressed && edit ? recordAddress(config, { ...current, ...edit }) : undefined;
  assertAccess(session, {
    collection: config.slug,
    ...(address === undefined ? {} : { address }),
    ...(next === undefined || next === address ? {} : { addresses: [next] }),
    ...(needsLocale(session) && !readsSource ? { locale: recordLocale(current) } : {}),
    ...(edit ? { fields: changedNames(current, edit) } : {}),
  });
}

/**
 * The scope rule for a new record: its collection, the address its data gives it at `place` (a
 * translation made of source 2 in `de` is a `de` record at `/de/<slug>`; without `place`, the
 * data's own locale), its locale, and its fields (a read-only field may not be set).
 *
 * @example
 * assertCreateAccess(session, pagesCollection, { slug: "blog-new", title: "New" });
 * assertCreateAccess(session, pagesCollection, { slug: "about", title: "About" }, { locale: "de", sourceId: 2 });
 */
export function assertCreateAccess(session: Pick<EditorSession, "access">, config: ScopedCollection, data: Record<string, unknown>, place?: { locale: string; sourceId: number }): void {
  if (!isScoped(session.access?.scope)) return;
  const placed = place ? { ...data, ...place } : data;
  assertAccess(session, {
    collection: config.slug,
    ...(needsAddress(session) ? { address: recordAddress(config, placed) } : {}),
    ...(needsLocale(session) ? { locale: recordLocale(placed) } : {}),
    fields: changedNames({}, data),
  });
}

/**
 * Whether the session may touch the record at all (its collection and address; no edit): a page
 * outside an editor's scope is shown to them as to a visitor, with no editor on it.
 *
 * @example
 * const editor = mayAccessRecord(session, pagesCollection, row) ? session : null;
 */
export function mayAccessRecord(session: Pick<EditorSession, "access">, config: ScopedCollection, record: Record<string, unknown>): boolean {
  return passes(() => assertRecordAccess(session, config, record));
}

/**
 * Whether the session may read the record's draft ({@link assertRecordReadAccess}): what a list
 * of a record's translations shows a scoped account.
 *
 * @example
 * mayReadRecord({ access: { publish: false, scope: { locales: ["de"] } } }, pagesCollection, { slug: "about", locale: "en", sourceId: null }) // true
 */
export function mayReadRecord(session: Pick<EditorSession, "access">, config: ScopedCollection, record: Record<string, unknown>): boolean {
  return passes(() => assertRecordReadAccess(session, config, record));
}

/* A scope check as a yes or no: its 403 is a no, anything else stays an error. */
function passes(check: () => void): boolean {
  try {
    check();
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return false;
    throw error;
  }
}

/**
 * The edit's leaf save as the whole field it changes, read against `current`.
 *
 * @example
 * fieldEditOf(document, { root: "sections", segments: [0, "heading"], value: "Hi" }) // { sections: [...] }
 */
export function fieldEditOf(current: Record<string, unknown>, field: { root: string; segments: (string | number)[]; value: unknown }): Record<string, unknown> {
  return { [field.root]: field.segments.length === 0 ? field.value : setAtPath(current[field.root], field.segments, field.value, field.root) };
}

function changedNames(current: Record<string, unknown>, edit: Record<string, unknown>): string[] {
  return Object.keys(edit).filter((name) => edit[name] !== undefined && JSON.stringify(edit[name]) !== JSON.stringify(current[name]));
}

/**
 * {@link assertRecordAccess} for a stored record of a drafts collection, read (newest draft over
 * the live row) only when the session's scope needs it (to place the record or read its locale, or to see which
 * read-only fields an edit changes; `edit` may be built from the record, as a leaf save's is). A
 * missing record passes: the write or read that follows answers its 404.
 *
 * @example
 * await assertStoredRecordAccess(db, deps, session, 12, { title: "New" });
 */
export async function assertStoredRecordAccess(
  db: D1Client,
  deps: Pick<DraftDeps, "table" | "versionsTable" | "config">,
  session: Pick<EditorSession, "access">,
  id: number,
  edit?: Record<string, unknown> | ((current: Record<string, unknown>) => Record<string, unknown>),
): Promise<void> {
  const scope = session.access?.scope;
  if (!isScoped(scope)) return;
  // The collection is refused before any read.
  assertAccess(session, { collection: deps.config.slug });
  if (!needsRead(scope, deps.config.slug, edit)) return;
  const editable = await loadEditableDocument(db, deps, id);
  if (!editable) return;
  assertRecordAccess(session, deps.config, editable.document, typeof edit === "function" ? edit(editable.document) : edit);
}

/**
 * {@link assertRecordReadAccess} for a stored record of a drafts collection (its history, as the
 * service's `listVersions` and `GET …/versions` read it), read only when the scope needs it.
 *
 * @example
 * await assertStoredRecordReadAccess(db, deps, session, 12);
 */
export async function assertStoredRecordReadAccess(db: D1Client, deps: Pick<DraftDeps, "table" | "versionsTable" | "config">, session: Pick<EditorSession, "access">, id: number): Promise<void> {
  const scope = session.access?.scope;
  if (!isScoped(scope)) return;
  assertAccess(session, { collection: deps.config.slug });
  if (!needsRead(scope, deps.config.slug, undefined)) return;
  const editable = await loadEditableDocument(db, deps, id);
  if (editable) assertRecordReadAccess(session, deps.config, editable.document);
}

/* The record is read only to place it (a `paths` or `locales` scope) or to tell whether a read-only field changes. */
function needsRead(scope: AccessScope, collection: string, edit: unknown): boolean {
  if (scope.paths !== undefined || scope.locales !== undefined) return true;
  return edit !== undefined && readOnlyFieldsOf(scope, collection).length > 0;
}
