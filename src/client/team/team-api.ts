import { callJson, type Answer, type FetchLike } from "../call-json";

export type { Invite, Member, Role, Scope } from "./team-list";
export { parseTeam, ROLES } from "./team-list";

export type { Answer, FetchLike } from "../call-json";

// The team's codes in words an admin reads; the rest come from the shared words.
const WORDS: Readonly<Record<string, string>> = {
  last_admin: "the site must keep at least one admin: make another account admin first",
  editor_exists: "an account with that email already exists",
  forbidden_admin: "managing people needs the admin role",
  rate_limited: "too many changes in a short time; wait a few minutes and try again",
  not_found: "that account no longer exists",
};

/**
 * Calls the team endpoint (same-origin, JSON); failures come back as words for the admin.
 *
 * @example
 * const answer = await callTeam(fetch, "/api/cms/editors/3", "PATCH", { role: "publisher" });
 */
export function callTeam(fetch: FetchLike, url: string, method: "GET" | "POST" | "PATCH" | "DELETE", body?: unknown): Promise<Answer<unknown>> {
  return callJson(fetch, url, method, body, async (response) => {
    const code = (await response.json().catch(() => null)) as { code?: unknown; error?: unknown } | null;
    const words = typeof code?.code === "string" ? WORDS[code.code] : undefined;
    if (words) return words;
    return code?.code === "invalid_input" && typeof code.error === "string" ? code.error : undefined;
  });
}
