import { noteRule } from "./rule-tally";
import { HttpError } from "./errors";
import type { EditorSession } from "./session";

/**
 * The one publish-privilege rule: a session may change what visitors see (publish, unpublish,
 * restore, schedule, delete a page of a versioned collection) only with `access.publish`. Every
 * route, core, room and service entry calls this, so the rule and its 403 live in one place.
 *
 * @example
 * assertPublisher(session); // throws 403 forbidden_publish for an editor without the privilege
 * assertPublisher(session, "deleting a page of a versioned collection");
 */
export function assertPublisher(session: Pick<EditorSession, "access">, action = "publishing"): void {
  noteRule("publisher");
  if (session.access?.publish !== true) {
    throw new HttpError(403, `${action} needs the publish privilege`, { code: "forbidden_publish" });
  }
}

/**
 * The one admin rule: managing people, site settings and the menu needs `access.admin`.
 *
 * @example
 * assertAdmin(session); // throws 403 forbidden_admin for an editor or publisher
 */
export function assertAdmin(session: Pick<EditorSession, "access">, action = "this"): void {
  if (session.access?.admin !== true) {
    throw new HttpError(403, `${action} needs the admin role`, { code: "forbidden_admin" });
  }
}
