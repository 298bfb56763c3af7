import { callJson, type Answer, type FetchLike } from "../call-json";

export type { Answer, FetchLike } from "../call-json";

/**
 * Calls the inquiries endpoint (same-origin, JSON); failures come back as words for the editor.
 *
 * @example
 * const answer = await callInquiries(fetch, "/api/cms/inquiries?id=3", "PATCH", { read: true });
 */
export function callInquiries(fetch: FetchLike, url: string, method: "GET" | "PATCH" | "DELETE", body?: unknown): Promise<Answer<unknown>> {
  // The shared words for a 404 speak of a page; here it is a message someone else removed.
  return callJson(fetch, url, method, body, async (response) => (response.status === 404 ? "that message is no longer there" : undefined));
}
