import { failureText } from "./failure-text";

/**
 * Publishes the newest draft and says how it went, in words for the status line (a same-origin
 * fetch sends the session cookie). The room flushes acknowledged keystrokes before it publishes,
 * so nothing typed is left out.
 *
 * @example
 * bar.setStatus(await publishPage(fetch, "/api/cms/pages/12/publish")); // "Published"
 */
export async function publishPage(doFetch: (url: string, init?: RequestInit) => Promise<Response>, url: string): Promise<string> {
  try {
    const response = await doFetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return response.ok ? "Published" : `Not published: ${await failureText(response, { strict: true })}`;
  } catch {
    return "Not published: the server could not be reached";
  }
}
