import { failureText } from "../failure-text";

export type { Invite, Member, Role, Scope } from "./team-list";
export { parseTeam, ROLES } from "./team-list";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

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
export async function callTeam(fetch: FetchLike, url: string, method: "GET" | "POST" | "PATCH" | "DELETE", body?: unknown): Promise<Answer<unknown>> {
  try {
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      const code = (await response.clone().json().catch(() => null)) as { code?: unknown; error?: unknown } | null;
      const words = typeof code?.code === "string" ? WORDS[code.code] : undefined;
      if (words) return { ok: false, error: words };
      if (code?.code === "invalid_input" && typeof code.error === "string") return { ok: false, error: code.error };
      return { ok: false, error: await failureText(response) };
    }
    return { ok: true, value: response.status === 204 ? null : await response.json().catch(() => null) };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}
