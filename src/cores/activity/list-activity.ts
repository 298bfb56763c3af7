import { isActivityKind, type ActivityItem, type ActivityKind, type ActivityPage } from "../../shared/activity";
import { HttpError } from "../../shared/errors";
import { pageCursor, pageLimit } from "../../shared/write-input";
import type { D1Client } from "../d1-client";

/** Page size of the activity list: 50 by default, at most 200. */
export const ACTIVITY_LIST_BOUNDS = { defaultLimit: 50, maxLimit: 200 } as const;

/** A parsed activity query: paging and the optional filters. */
export interface ActivityQuery {
  limit: number;
  /** Rows older than this id (a previous page's `next`); `null` for the newest. */
  cursor: number | null;
  /** An editor id. */
  actor?: string;
  /** A record: its id, in one collection or any. */
  record?: { collection?: string; id: number };
  kind?: ActivityKind;
}

const ACTOR = /^[A-Za-z0-9_.:@-]{1,128}$/;
const RECORD = /^(?:([a-z0-9][a-z0-9_-]{0,63}):)?(\d{1,15})$/;

/**
 * Reads an activity query from URL parameters: `limit` (clamped to {@link ACTIVITY_LIST_BOUNDS}),
 * `cursor`, `actor` (an editor id), `record` (`<collection>:<id>` or the id alone) and `kind` (one
 * of `ACTIVITY_KINDS`). Anything malformed is a 400 naming the parameter.
 *
 * @example
 * parseActivityQuery(new URLSearchParams("record=pages:12&kind=record.published"))
 * // { limit: 50, cursor: null, record: { collection: "pages", id: 12 }, kind: "record.published" }
 */
export function parseActivityQuery(params: URLSearchParams): ActivityQuery {
  const query: ActivityQuery = { limit: pageLimit(params.get("limit"), ACTIVITY_LIST_BOUNDS), cursor: pageCursor(params.get("cursor")) };
  const actor = params.get("actor");
  if (actor !== null && actor !== "") {
    if (!ACTOR.test(actor)) throw new HttpError(400, "actor must be an editor id", { code: "invalid_actor" });
    query.actor = actor;
  }
  const record = params.get("record");
  if (record !== null && record !== "") {
    const match = RECORD.exec(record);
    const id = match ? Number(match[2]) : 0;
    if (!match || id < 1) throw new HttpError(400, 'record must be "<collection>:<id>" or a record id', { code: "invalid_record" });
    query.record = match[1] === undefined ? { id } : { collection: match[1], id };
  }
  const kind = params.get("kind");
  if (kind !== null && kind !== "") {
    if (!isActivityKind(kind)) throw new HttpError(400, `kind must be one of the activity kinds, got ${JSON.stringify(kind.slice(0, 40))}`, { code: "invalid_kind" });
    query.kind = kind;
  }
  return query;
}

interface ActivityRow {
  id: number;
  at: string;
  actor_id: string | null;
  actor_name: string;
  kind: ActivityKind;
  collection: string | null;
  record_id: number | null;
  version_id: number | null;
  detail: string;
  request_id: string;
}

/**
 * One page of activity, newest first, filtered; `next` is the cursor of the following page (the
 * last row's id), `null` on the last page.
 *
 * @example
 * await listActivity(env.DB, { limit: 50, cursor: null, actor: "3" }) // { items: [...], next: "812" }
 */
export async function listActivity(db: D1Client, query: ActivityQuery): Promise<ActivityPage> {
  const where: string[] = [];
  const binds: (string | number)[] = [];
  const bind = (clause: string, value: string | number) => {
    binds.push(value);
    where.push(clause.replace("?", `?${binds.length}`));
  };
  if (query.cursor !== null) bind('"id" < ?', query.cursor);
  if (query.actor !== undefined) bind('"actor_id" = ?', query.actor);
  if (query.record !== undefined) {
    bind('"record_id" = ?', query.record.id);
    if (query.record.collection !== undefined) bind('"collection" = ?', query.record.collection);
  }
  if (query.kind !== undefined) bind('"kind" = ?', query.kind);
  binds.push(query.limit + 1);
  const sql = `SELECT * FROM "activity"${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY "id" DESC LIMIT ?${binds.length}`;
  const { results } = await db.prepare(sql).bind(...binds).all<ActivityRow>();
  const rows = results.slice(0, query.limit);
  const next = results.length > query.limit ? String(rows[rows.length - 1]!.id) : null;
  return { items: rows.map(itemOf), next };
}

function itemOf(row: ActivityRow): ActivityItem {
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, name: row.actor_name },
    kind: row.kind,
    collection: row.collection,
    recordId: row.record_id,
    versionId: row.version_id,
    detail: parseDetail(row.detail),
    requestId: row.request_id,
  };
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    // A row written by hand with broken JSON still lists; only its detail is lost.
    return {};
  }
}
