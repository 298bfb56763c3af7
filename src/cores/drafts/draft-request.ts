import type { ActivityNoter } from "../../shared/activity";
import { HttpError } from "../../shared/errors";
import { assertJsonDepth } from "../../shared/json-depth";
import { assertPublisher } from "../../shared/publish-privilege";
import type { EditorSession } from "../../shared/session";
import { optionalId, positiveId, publishAt, writeBase } from "../../shared/write-input";
import type { D1Client } from "../d1-client";
import { coerceFields } from "../validate-fields";
import type { CollectionConfig } from "../collection";
import type { DraftWriter, ScheduledPublish, WrittenDraft } from "./draft-writer";
import type { PublishResult } from "./publish";

/** A draft save as an entry point received it: nothing parsed yet. */
export interface DraftSaveRequest {
  /**
   * The partial edit: an object of field values; a `baseVersionId` key in it is the base, not a
   * field. `{ restoreVersionId: n }` alone is a restore (see {@link saveDraftRequest}).
   */
  edit: unknown;
  /** The request's `If-Match` header (a version ETag), when it came over HTTP. */
  ifMatch?: string | null;
  /** The caller's base when it came apart from the edit (the service binding's options). */
  baseVersionId?: unknown;
  /** The D1 client a direct write runs on (the route's first-primary session). */
  db?: D1Client;
  /** Where the saved draft is told as activity (see {@link ActivityTarget}). */
  activity?: ActivityTarget;
}

/**
 * Where a request core tells what it did: the entry point hands in its collection and its noter
 * (a route's request, the service's call), and records the event once the write stood. The kind
 * of each event is decided here, in the request core every entry calls, and nowhere else.
 */
export interface ActivityTarget {
  collection: string;
  note: ActivityNoter;
}

/**
 * The one owner of a draft save's inputs: the page id, the edit (an object, nested no deeper than
 * the body rule), and its base (`If-Match` or `baseVersionId`, which must agree) are parsed here
 * once, loose values coerced where nothing is lost (`coerceFields`), then handed to `writer` (the page's room, or the cores). REST versions POST, PATCH and
 * the service binding are adapters over it; the writer validates the draft.
 *
 * A restore (`{ restoreVersionId: n }`, nothing else) writes version `n`'s snapshot as the newest
 * draft and replaces each of its fields whole in the live document, live typing included: the
 * restorer chose what the page was at `n`, and a merge would keep every word typed since (the
 * base-less rule). A version of another page is a 404 (`version_not_found`).
 *
 * @example
 * const saved = await saveDraftRequest(writer, collection, session, "12", { edit: body, ifMatch: request.headers.get("if-match") });
 * await saveDraftRequest(writer, collection, session, 12, { edit: { restoreVersionId: 40 } });
 */
export async function saveDraftRequest(writer: DraftWriter, config: CollectionConfig, session: EditorSession, id: unknown, request: DraftSaveRequest): Promise<WrittenDraft> {
  const page = positiveId(id);
  const edit = request.edit;
  if (edit === null || typeof edit !== "object" || Array.isArray(edit)) throw new HttpError(400, "the edit must be a JSON object of field values", { code: "invalid_body" });
  assertJsonDepth(edit, "the edit");
  const { baseVersionId: inEdit, restoreVersionId, ...fields } = edit as Record<string, unknown>;
  const base = writeBase(request.ifMatch, request.baseVersionId ?? inEdit);
  if (restoreVersionId !== undefined) {
    const restore = positiveId(restoreVersionId, "restoreVersionId");
    if (Object.keys(fields).length > 0 || base !== undefined) {
      throw new HttpError(400, "a restore names only restoreVersionId: the fields come from that version", { code: "invalid_body" });
    }
    const restored = await writer.applySaveDraft(session, page, {}, { ...(request.db ? { db: request.db } : {}), restoreVersionId: restore });
    request.activity?.note({ kind: "draft.restored", collection: request.activity.collection, recordId: page, versionId: restored.versionId, detail: { ...labelOf(restored.snapshot), restoredFrom: restore } });
    return restored;
  }
  const saved = await writer.applySaveDraft(session, page, coerceFields(fields, config.fields), { ...(request.db ? { db: request.db } : {}), ...(base === undefined ? {} : { baseVersionId: base }) });
  request.activity?.note({ kind: "draft.saved", collection: request.activity.collection, recordId: page, versionId: saved.versionId, detail: { ...labelOf(saved.snapshot), fields: Object.keys(fields) } });
  return saved;
}

/**
 * What an activity row names a record by: its `title` and `slug` fields when they are text (the
 * slug at the time, which a later rename redirects from).
 *
 * @example
 * labelOf({ title: "About us", slug: "about", body: "…" }) // { title: "About us", slug: "about" }
 */
export function labelOf(snapshot: Record<string, unknown> | undefined): { title?: string; slug?: string } {
  const { title, slug } = snapshot ?? {};
  return { ...(typeof title === "string" && title !== "" ? { title } : {}), ...(typeof slug === "string" && slug !== "" ? { slug } : {}) };
}

/** A publish as an entry point received it. */
export interface PublishRequest {
  /** The version to publish (a restore); default the newest pending draft. */
  versionId?: unknown;
  /** An ISO time to publish at instead of now. */
  at?: unknown;
  db?: D1Client;
  activity?: ActivityTarget;
}

/**
 * The one owner of a publish's inputs: the publish privilege, the page id, `versionId` and `at`
 * are checked here once; then `writer` publishes now or schedules. Writers do not check the
 * privilege again: every entry (REST, the service binding) reaches them through these request cores.
 *
 * @example
 * await publishRequest(writer, session, 12, { versionId: body.versionId, at: body.at });
 */
export async function publishRequest(writer: DraftWriter, session: EditorSession, id: unknown, request: PublishRequest): Promise<PublishResult | { scheduled: ScheduledPublish }> {
  assertPublisher(session);
  const page = positiveId(id);
  const versionId = optionalId(request.versionId, "versionId") ?? null;
  const at = publishAt(request.at);
  if (at !== null) {
    const scheduled = await writer.schedulePublish(session, page, { at, versionId });
    request.activity?.note({ kind: "record.scheduled", collection: request.activity.collection, recordId: page, versionId: scheduled.versionId, detail: { at: scheduled.at } });
    return { scheduled };
  }
  const published = await writer.applyPublish(session, page, { ...(request.db ? { db: request.db } : {}), ...(versionId === null ? {} : { versionId }) });
  request.activity?.note({ kind: "record.published", collection: request.activity.collection, recordId: page, versionId: published.versionId, detail: labelOf(published.page) });
  return published;
}

/**
 * The one owner of an unpublish's inputs: the publish privilege and the page id, checked once;
 * then `writer` unpublishes.
 *
 * @example
 * await unpublishRequest(writer, session, "12", { db });
 */
export async function unpublishRequest(writer: DraftWriter, session: EditorSession, id: unknown, request: { db?: D1Client; activity?: ActivityTarget } = {}): Promise<{ page: Record<string, unknown> }> {
  assertPublisher(session, "unpublishing");
  const page = positiveId(id);
  const unpublished = await writer.applyUnpublish(session, page, request.db ? { db: request.db } : {});
  request.activity?.note({ kind: "record.unpublished", collection: request.activity.collection, recordId: page, detail: labelOf(unpublished.page) });
  return unpublished;
}

/**
 * The one owner of a cancelled schedule's inputs: the publish privilege and the page id.
 *
 * @example
 * await cancelScheduleRequest(writer, session, 12);
 */
export async function cancelScheduleRequest(writer: DraftWriter, session: EditorSession, id: unknown, request: { activity?: ActivityTarget } = {}): Promise<{ cancelled: boolean }> {
  assertPublisher(session);
  const page = positiveId(id);
  const result = await writer.cancelScheduledPublish(session, page);
  // Cancelling nothing changed nothing: no activity.
  if (result.cancelled) request.activity?.note({ kind: "record.unscheduled", collection: request.activity.collection, recordId: page });
  return result;
}
