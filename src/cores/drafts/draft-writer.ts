import { assertStoredRecordAccess, fieldEditOf } from "../access/record-access";
import { HttpError } from "../../shared/errors";
import { setAtPath } from "../../shared/json-path";
import type { SettledSuggestions, SettleTarget, SuggestionDecision, SuggestionView } from "../../shared/review-suggestions";
import type { EditorSession } from "../../shared/session";
import type { DraftDeps, DraftRunOptions } from "./draft-deps";
import type { CollectionConfig } from "../collection";
import { loadEditableDocument } from "./load-editable";
import { publishVersion, type PublishOptions, type PublishResult } from "./publish";
import { readVersionSnapshot } from "./read-version";
import { saveBoundedDraft, type SavedDraft } from "./save-draft";
import { unpublishPage } from "./unpublish";

type Env = { DB: D1Database };

/** Options of a draft write: the D1 client, and the version the writer's edit is based on. */
export interface DraftWriteOptions extends DraftRunOptions {
  /**
   * The version the writer read before editing: with live editors its snapshot is the base of the
   * three-way merge (default: what the room last wrote to D1). Without a room the edit keeps only
   * the fields that differ from it. A version of another page, or none, is a 404 either way.
   */
  baseVersionId?: number;
  /**
   * A restore: the edit is version `n`'s snapshot (the writer reads it; the edit itself is empty),
   * and its fields replace the live ones whole, live typing included, instead of merging. A
   * version of another page is a 404 `version_not_found`.
   */
  restoreVersionId?: number;
}

/** A draft write's answer; through a room it also names the fields where live typing won. */
export interface WrittenDraft extends SavedDraft {
  conflicts?: string[];
}

/** One leaf of a field: `root` the collection field, `segments` the path inside a json value. */
export interface FieldEdit {
  root: string;
  segments: (string | number)[];
  value: unknown;
}

/** A publish waiting for its time, as `GET …/versions` shows it. */
export interface ScheduledPublish {
  /** ISO time it fires at. */
  at: string;
  /** The version it publishes; `null` means the newest pending draft at that time. */
  versionId: number | null;
  /** Name of the editor who scheduled it. */
  by: string;
}

/** A scheduled publish that did not go live, as `GET …/versions` shows it (`scheduleFailed`). */
export interface ScheduleFailure {
  /** When it was due (ISO). */
  at: string;
  versionId: number | null;
  /** Name of the editor who scheduled it. */
  by: string;
  /** Why it did not go live, in words. */
  reason: string;
}

/**
 * Every write of one collection's versioned records, with the same shape whether the record's live
 * room performs it or the cores do directly. A writer is bound to its collection (and, directly,
 * to the deps it writes with), so callers address a record by its id alone and hand over no
 * configuration a room would only throw away. The request cores (`saveDraftRequest`,
 * `publishRequest`, …) parse the inputs and check the publish privilege once, then call it.
 */
export interface DraftWriter {
  applySaveDraft(session: EditorSession, id: number, edit: Record<string, unknown>, options?: DraftWriteOptions): Promise<WrittenDraft>;
  /** Sets one field, or one leaf inside a json field, on the current document and saves the draft. */
  saveField(session: EditorSession, id: number, field: FieldEdit, options?: DraftWriteOptions): Promise<WrittenDraft>;
  applyPublish(session: EditorSession, id: number, options?: PublishOptions): Promise<PublishResult>;
  applyUnpublish(session: EditorSession, id: number, options?: DraftRunOptions): Promise<{ page: Record<string, unknown> }>;
  /** Schedules a publish at `at` (ISO); 501 without rooms. */
  schedulePublish(session: EditorSession, id: number, options: { at: string; versionId?: number | null }): Promise<ScheduledPublish>;
  cancelScheduledPublish(session: EditorSession, id: number): Promise<{ cancelled: boolean }>;
  /** The scheduled publish of a page, or `null` (always `null` without rooms). */
  scheduledPublish(id: number): Promise<ScheduledPublish | null>;
  /** The last scheduled publish of a page that did not go live, or `null` (always `null` without rooms). */
  scheduleFailure(id: number): Promise<ScheduleFailure | null>;
  /**
   * Called after a record was deleted from D1: its live room tells its editors (4404) and forgets
   * the record (nothing to do without rooms). Never throws: the delete has happened, and a room
   * that was not told finds out at its next draft write.
   */
  recordDeleted(id: number): Promise<void>;
  /** The page's open suggestions (none without rooms: suggestions live in a room's document). */
  listSuggestions(session: EditorSession, id: number): Promise<{ suggestions: SuggestionView[] }>;
  /** Accepts or rejects suggestions under the room's lock (404 `suggestion_not_found` without rooms). */
  settleSuggestions(session: EditorSession, id: number, decision: SuggestionDecision, target: SettleTarget): Promise<SettledSuggestions>;
  /** How many suggestions are open on the page (0 without rooms). */
  openSuggestions(id: number): Promise<number>;
}

/**
 * Where a route or the service gets the writer of one collection's drafts: `createCms` hands in
 * `draftWriterFor` (the record's room); a standalone route without one writes directly.
 */
export type DraftWriterFor<Env> = (env: Env, collection: string) => DraftWriter;

/**
 * The writer that calls the cores directly with `deps`, for the standalone routes of a site
 * without live rooms (`createCms` never uses it: there a collection with drafts is written by its
 * room). A leaf save reads the current document (newest pending draft, else the live row) and
 * writes the whole field back. A named base (`baseVersionId`) is read first: a version of another
 * page, or none, is a 404 `version_not_found` and changes nothing; a stale base merges field by
 * field, so a field the writer sent back as it read it keeps whatever was saved since.
 *
 * @example
 * await directDraftWriter(env, deps).applySaveDraft(session, 12, { title: "New" });
 */
export function directDraftWriter(env: Env, deps: DraftDeps): DraftWriter {
  const run = (options: DraftRunOptions | undefined) => (options?.db ? { db: options.db } : {});
  // The scope rule, before every write of a record: the room's writer checks the same in the room.
  const access = (session: EditorSession, id: number, options: DraftRunOptions | undefined, edit?: Parameters<typeof assertStoredRecordAccess>[4]) =>
    assertStoredRecordAccess(options?.db ?? env.DB, deps, session, id, edit);
  return {
    applySaveDraft: async (session, id, edit, options) => {
      if (options?.restoreVersionId !== undefined) {
        const snapshot = await readVersionSnapshot(options.db ?? env.DB, deps, id, options.restoreVersionId);
        const restored = declaredFields(deps.config, snapshot);
        await access(session, id, options, restored);
        return saveBoundedDraft(env, deps, session, id, restored, run(options));
      }
      await access(session, id, options, edit);
      const read = options?.baseVersionId === undefined ? null : await readVersionSnapshot(options.db ?? env.DB, deps, id, options.baseVersionId);
      return saveBoundedDraft(env, deps, session, id, read ? changedSince(read, edit) : edit, run(options));
    },
    saveField: async (session, id, field, options) => {
      await access(session, id, options, (current) => fieldEditOf(current, field));
      const read = options?.baseVersionId === undefined ? null : await readVersionSnapshot(options.db ?? env.DB, deps, id, options.baseVersionId);
      let value = field.value;
      if (field.segments.length > 0) {
        const editable = await loadEditableDocument(options?.db ?? env.DB, deps, id);
        if (!editable) throw new HttpError(404, `page ${id} not found`, { code: "not_found" });
        value = setAtPath(editable.document[field.root], field.segments, field.value, field.root);
      }
      const edit = { [field.root]: value };
      return saveBoundedDraft(env, deps, session, id, read && field.segments.length === 0 ? changedSince(read, edit) : edit, run(options));
    },
    applyPublish: async (session, id, options) => {
      await access(session, id, options);
      return publishVersion(env, deps, id, options);
    },
    applyUnpublish: async (session, id, options) => {
      await access(session, id, options);
      return unpublishPage(env, deps, id, options);
    },
    schedulePublish: async () => {
      throw new HttpError(501, "scheduled publishing needs live rooms (the PAGE_ROOM binding)", { code: "not_supported" });
    },
    cancelScheduledPublish: async () => ({ cancelled: false }),
    scheduledPublish: async () => null,
    scheduleFailure: async () => null,
    recordDeleted: async () => {},
    listSuggestions: async () => ({ suggestions: [] }),
    settleSuggestions: async (_session, _id, decision, target) => {
      if ("id" in target) throw new HttpError(404, `no suggestion ${target.id} on this page`, { code: "suggestion_not_found" });
      return { decision, settled: [], openSuggestions: 0, versionId: null };
    },
    openSuggestions: async () => 0,
  };
}

/** The fields of a version's snapshot the collection still declares: what a restore writes. */
export function declaredFields(config: CollectionConfig, snapshot: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(snapshot).filter(([name]) => Object.hasOwn(config.fields, name)));
}

/* The fields of `edit` that differ from the version the writer read: only those are its change. */
function changedSince(base: Record<string, unknown>, edit: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(edit).filter(([name, value]) => JSON.stringify(base[name]) !== JSON.stringify(value)));
}
