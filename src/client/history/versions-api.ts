/** One version of a page as the history panel shows it. */
export interface VersionEntry {
  id: number;
  /** `published` is live now, `pending` a draft newer than it, `superseded` anything older. */
  state: "pending" | "superseded" | "published";
  /** Who wrote it (the list's `author`), or null when the server does not say. */
  author: string | null;
  /** When it was written (ISO time), or null. */
  createdAt: string | null;
  /** The version's complete snapshot. */
  data: Record<string, unknown>;
}

/** A scheduled publish as the versions list reports it. */
export interface ScheduledEntry {
  at: string;
  /** The version it publishes; null means the newest draft at that time. */
  versionId: number | null;
  by: string | null;
}

/** A scheduled publish that did not go live (the list's `scheduleFailed`). */
export interface ScheduleFailedEntry {
  at: string;
  by: string | null;
  reason: string;
}

/** The versions list (`GET …/versions`), newest first, and the schedule. */
export interface VersionList {
  items: VersionEntry[];
  scheduled: ScheduledEntry | null;
  /** The last scheduled publish that did not go live, when there is one. */
  scheduleFailed?: ScheduleFailedEntry;
  /** Cursor of the next page of older versions, or null when this is the last. */
  next: string | null;
}

const STATES = new Set(["pending", "superseded", "published"]);

/**
 * Reads the body of `GET /api/cms/pages/:id/versions`, keeping only well-formed versions (an
 * unexpected answer yields an empty list rather than a broken panel).
 *
 * @example
 * parseVersionList({ items: [{ id: 3, state: "pending", versionData: { title: "A" } }], scheduled: null, next: null }).items[0].id // 3
 */
export function parseVersionList(body: unknown): VersionList {
  const record = isRecord(body) ? body : {};
  const items = (Array.isArray(record.items) ? record.items : []).flatMap((raw): VersionEntry[] => {
    if (!isRecord(raw) || typeof raw.id !== "number" || typeof raw.state !== "string" || !STATES.has(raw.state)) return [];
    const data = typeof raw.versionData === "string" ? safeJson(raw.versionData) : raw.versionData;
    return [
      {
        id: raw.id,
        state: raw.state as VersionEntry["state"],
        author: typeof raw.author === "string" && raw.author ? raw.author : null,
        createdAt: typeof raw.createdAt === "string" ? raw.createdAt : null,
        data: isRecord(data) ? data : {},
      },
    ];
  });
  const s = record.scheduled;
  const scheduled =
    isRecord(s) && typeof s.at === "string"
      ? { at: s.at, versionId: typeof s.versionId === "number" ? s.versionId : null, by: typeof s.by === "string" ? s.by : null }
      : null;
  const next = typeof record.next === "string" && record.next ? record.next : null;
  const f = record.scheduleFailed;
  const failed = isRecord(f) && typeof f.at === "string" ? { at: f.at, by: typeof f.by === "string" && f.by ? f.by : null, reason: typeof f.reason === "string" ? f.reason : "" } : null;
  return { items, scheduled, next, ...(failed ? { scheduleFailed: failed } : {}) };
}

/**
 * The version a scheduled publish will put live: the one it names, else the newest draft.
 *
 * @example
 * scheduledVersionId(list) // 12
 */
export function scheduledVersionId(list: VersionList): number | null {
  if (!list.scheduled) return null;
  return list.scheduled.versionId ?? list.items.find((item) => item.state === "pending")?.id ?? null;
}

/**
 * What a version is, in words: Published, Scheduled, Draft (newer than what is live) or Earlier.
 *
 * @example
 * versionStateLabel({ state: "published" } as VersionEntry, null) // "Published"
 */
export function versionStateLabel(entry: Pick<VersionEntry, "id" | "state">, scheduledId: number | null): string {
  if (entry.state === "published") return "Published";
  if (entry.id === scheduledId) return "Scheduled";
  return entry.state === "pending" ? "Draft" : "Earlier";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
