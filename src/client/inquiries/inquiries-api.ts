import { failureText } from "../failure-text";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Calls the inquiries endpoint (same-origin, JSON); failures come back as words for the editor.
 *
 * @example
 * const answer = await callInquiries(fetch, "/api/cms/inquiries?id=3", "PATCH", { read: true });
 */
export async function callInquiries(fetch: FetchLike, url: string, method: "GET" | "PATCH" | "DELETE", body?: unknown): Promise<Answer<unknown>> {
  try {
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // The shared words for a 404 speak of a page; here it is a message someone else removed.
    if (response.status === 404) return { ok: false, error: "that message is no longer there" };
    if (!response.ok) return { ok: false, error: await failureText(response) };
    return { ok: true, value: response.status === 204 ? null : await response.json().catch(() => null) };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}
