import { failureText } from "../failure-text";
import { readViolations, type PublishViolation } from "./violations";

/** The page's publishing endpoints (`/api/cms/pages/<id>/…`). */
export interface PublishUrls {
  publish: string;
  unpublish: string;
  versions: string;
  /** The page itself (its `publishedVersionId` says what visitors see). */
  page: string;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** What a publishing action did, in words for the dialog and the status line; a refused publish lists what to fix. */
export type ActionResult = { ok: true; text: string } | { ok: false; text: string; violations?: PublishViolation[] };

/**
 * The publishing actions of the page: publish now, schedule a publish at a time, cancel the
 * schedule, unpublish. Each answers its outcome in words (the server's reason on failure; a
 * refusal's violations through `describe`, which the dialog gives the page's words).
 *
 * @example
 * const actions = publishActions(fetch, urls);
 * (await actions.schedule(new Date("2030-01-01T09:00:00Z"))).text // "Scheduled: goes live …"
 */
export function publishActions(doFetch: FetchLike, urls: PublishUrls, formatTime: (iso: string) => string, describe?: (violations: PublishViolation[]) => string) {
  const send = async (url: string, method: "POST" | "DELETE", body: unknown, done: string, verb: string): Promise<ActionResult> => {
    try {
      const response = await doFetch(url, {
        method,
        headers: { "content-type": "application/json", accept: "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.ok ? { ok: true, text: done } : { ok: false, text: `Not ${verb}: ${await failureText(response, { strict: true })}` };
    } catch {
      return { ok: false, text: `Not ${verb}: the server could not be reached` };
    }
  };
  /* A publish, now or later: a 422 lists what to fix, the same for both (scheduling validates first). */
  const publish = async (body: Record<string, unknown>, done: string, verb: string, strict: boolean): Promise<ActionResult> => {
    try {
      const response = await doFetch(urls.publish, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (response.ok) return { ok: true, text: done };
      const violations = response.status === 422 ? readViolations(await response.clone().json().catch(() => null)) : [];
      const why = violations.length > 0 && describe ? describe(violations) : await failureText(response, { strict });
      return { ok: false, text: `Not ${verb}: ${why}`, ...(violations.length > 0 ? { violations } : {}) };
    } catch {
      return { ok: false, text: `Not ${verb}: the server could not be reached` };
    }
  };
  return {
    publishNow: () => publish({}, "Published", "published", false),
    schedule: (at: Date) => publish({ at: at.toISOString() }, `Scheduled: goes live ${formatTime(at.toISOString())}`, "scheduled", true),
    cancelSchedule: () => send(urls.publish, "DELETE", undefined, "Schedule cancelled", "cancelled"),
    unpublish: () => send(urls.unpublish, "POST", undefined, "Unpublished: visitors no longer see this page", "unpublished"),
  };
}

/**
 * Reads a `datetime-local` value as a time in the future, or says why it is not one.
 *
 * @example
 * readLocalTime("2030-01-01T09:00", Date.now()) // { ok: true, at: Date }
 * readLocalTime("", Date.now()) // { ok: false, error: "Choose a date and time" }
 */
export function readLocalTime(value: string, now: number): { ok: true; at: Date } | { ok: false; error: string } {
  if (!value.trim()) return { ok: false, error: "Choose a date and time" };
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return { ok: false, error: "That is not a date and time" };
  if (at.getTime() <= now) return { ok: false, error: "Choose a time in the future" };
  return { ok: true, at };
}
