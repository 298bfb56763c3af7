import { failureText } from "./failure-text";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Calls a JSON endpoint of the site (same-origin) for a panel: the answer's JSON (`null` for a
 * 204), or the failure in words a person reads. `words` may name a failure first in the panel's
 * own terms; else the shared words of `failureText`. Never throws: an unreachable server is a
 * failure too.
 *
 * @example
 * const answer = await callJson(fetch, "/api/cms/inquiries?id=3", "PATCH", { read: true });
 */
export async function callJson(
  fetch: FetchLike,
  url: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  body?: unknown,
  words?: (response: Response) => Promise<string | undefined>,
): Promise<Answer<unknown>> {
  try {
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) return { ok: false, error: (await words?.(response.clone())) ?? (await failureText(response)) };
    return { ok: true, value: response.status === 204 ? null : await response.json().catch(() => null) };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}
