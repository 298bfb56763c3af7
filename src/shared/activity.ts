/*
 * The activity log's vocabulary, shared by the server (which records and lists rows) and the
 * browser panel (which names them): the kinds, the events entry points note, and the rows
 * `GET /api/cms/activity` answers.
 */

/** Kinds about one record of a collection. */
export const RECORD_ACTIVITY_KINDS = [
  "draft.saved",
  "draft.restored",
  "record.created",
  "record.updated",
  "record.deleted",
  "record.published",
  "record.scheduled",
  "record.unscheduled",
  "record.unpublished",
  "comment.added",
  "comment.resolved",
  "comment.deleted",
  "suggestion.accepted",
  "suggestion.rejected",
  "translation.marked",
] as const;

/** Kinds about an account (the Team routes note them). */
export const EDITOR_ACTIVITY_KINDS = ["editor.invited", "editor.changed", "editor.removed"] as const;

/**
 * Every kind of activity, in the order the panel offers them.
 *
 * @example
 * ACTIVITY_KINDS.includes("record.published") // true
 */
export const ACTIVITY_KINDS = [
  ...RECORD_ACTIVITY_KINDS,
  "settings.changed",
  "menu.changed",
  "media.uploaded",
  "media.deleted",
  "signin",
  "signin.failed",
  ...EDITOR_ACTIVITY_KINDS,
] as const;

export type RecordActivityKind = (typeof RECORD_ACTIVITY_KINDS)[number];
export type EditorActivityKind = (typeof EDITOR_ACTIVITY_KINDS)[number];
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** @example isActivityKind("signin") // true */
export function isActivityKind(value: unknown): value is ActivityKind {
  return typeof value === "string" && (ACTIVITY_KINDS as readonly string[]).includes(value);
}

/**
 * One thing that happened, as the entry point that did it tells it: who and with which request
 * are added by whoever records it. Details are small: a title, names of fields or keys, a media
 * key; never a content body, never a secret.
 */
export type ActivityEvent =
  | {
      kind: RecordActivityKind;
      collection: string;
      recordId: number;
      versionId?: number | null;
      /** `title`, `slug`: the record's title and address then; `fields`: the fields the write named (a comment's: the field its thread sits on); `at`: a schedule's time; `scheduled`: a scheduled publish that fired (the actor is who set it); `restoredFrom`: the version a restore copied; `thread`: a comment's thread id (`reply` when the comment was a reply); `suggestions`: the ids an accept or reject settled; `locale`: a translation's locale. */
      detail?: { title?: string; slug?: string; fields?: string[]; at?: string; scheduled?: boolean; restoredFrom?: number; thread?: string; reply?: boolean; suggestions?: string[]; locale?: string };
    }
  | { kind: "settings.changed" | "menu.changed"; detail: { keys: string[] } }
  | { kind: "media.uploaded" | "media.deleted"; detail: { key: string; name?: string } }
  | { kind: "signin" | "signin.failed"; detail?: Record<string, never> }
  | {
      kind: EditorActivityKind;
      /** The account acted on: its id, email and name, and for a change the role and what changed (`["role", "scopes"]`). */
      detail: { editorId: string; email?: string; name?: string; role?: string; changed?: string[] };
    };

/** Who did it: an editor's id and name at the time; `{ id: null, name: "" }` is the system. */
export interface ActivityActor {
  id: string | null;
  name: string;
}

/** The name a failed sign-in is recorded under when the address tried matches no account. */
export const UNKNOWN_ACCOUNT = "unknown account";

/** Where an entry point tells what it did; whoever handed it in records it once the write stood. */
export type ActivityNoter = (event: ActivityEvent) => void;

/** One row of `GET /api/cms/activity`. */
export interface ActivityItem {
  id: number;
  /** ISO time with milliseconds. */
  at: string;
  actor: ActivityActor;
  kind: ActivityKind;
  collection: string | null;
  recordId: number | null;
  versionId: number | null;
  detail: Record<string, unknown>;
  requestId: string;
}

/** The answer of `GET /api/cms/activity`: newest first; `next` is the cursor of the next page. */
export interface ActivityPage {
  items: ActivityItem[];
  next: string | null;
}
