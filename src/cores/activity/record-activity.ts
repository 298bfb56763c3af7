import type { ActivityActor, ActivityEvent } from "../../shared/activity";
import type { D1Client } from "../d1-client";

/** One row to append: the event, who did it, and the request (or room write) it came with. */
export type ActivityRecord = ActivityEvent & {
  actor: ActivityActor | null;
  requestId: string;
  /** When; default now. */
  at?: Date;
};

/** Longest text kept in a detail (a title, a name). */
export const MAX_DETAIL_TEXT = 200;
/** Most names kept in a detail list (fields, settings keys). */
export const MAX_DETAIL_NAMES = 50;

/** The actor of a write no person made. */
const SYSTEM: ActivityActor = { id: null, name: "" };

/**
 * The INSERT of one activity row, to run alone or in the same D1 batch as the write it records.
 * The detail is bounded here, once, whoever recorded it: texts cut at {@link MAX_DETAIL_TEXT}
 * characters, lists at {@link MAX_DETAIL_NAMES} names, anything but strings, numbers, booleans and
 * lists of strings dropped.
 *
 * @example
 * await db.batch([writeStatement, activityStatement(db, { kind: "record.deleted", collection: "pages", recordId: 12, actor, requestId })]);
 */
export function activityStatement(db: Pick<D1Client, "prepare">, record: ActivityRecord): D1PreparedStatement {
  const actor = record.actor ?? SYSTEM;
  const about = "collection" in record ? { collection: record.collection, recordId: record.recordId, versionId: record.versionId ?? null } : null;
  return db
    .prepare(
      'INSERT INTO "activity" ("at", "actor_id", "actor_name", "kind", "collection", "record_id", "version_id", "detail", "request_id") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)',
    )
    .bind(
      (record.at ?? new Date()).toISOString(),
      actor.id,
      bounded(actor.name),
      record.kind,
      about?.collection ?? null,
      about?.recordId ?? null,
      about?.versionId ?? null,
      JSON.stringify(boundedDetail(record.detail)),
      record.requestId,
    );
}

/**
 * Appends activity rows in one batch (nothing for an empty list). Rows are never updated or
 * deleted by the package: see `docs/operations.md` for retention.
 *
 * @example
 * await recordActivity(env.DB, [{ kind: "signin", actor: { id: "3", name: "Ann" }, requestId }]);
 */
export async function recordActivity(db: D1Client, records: readonly ActivityRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.batch(records.map((record) => activityStatement(db, record)));
}

function boundedDetail(detail: object | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detail ?? {})) {
    if (typeof value === "string") out[key] = bounded(value);
    else if (typeof value === "number" || typeof value === "boolean") out[key] = value;
    else if (Array.isArray(value)) out[key] = value.filter((item): item is string => typeof item === "string").slice(0, MAX_DETAIL_NAMES).map(bounded);
  }
  return out;
}

function bounded(text: string): string {
  return text.length > MAX_DETAIL_TEXT ? `${text.slice(0, MAX_DETAIL_TEXT - 1)}…` : text;
}
