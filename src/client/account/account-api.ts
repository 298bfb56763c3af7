import { failureText } from "../failure-text";
import type { FetchLike } from "../images/media-api";

/*
 * The signed-in account's second factor over `/api/cms/session/totp` (docs/contract.md, "Two-step
 * sign-in"): its state, begin, confirm and turn off. Every call answers `{ ok: false, error }` in
 * words rather than throwing.
 */

export type AccountAnswer<T> = { ok: true; value: T } | { ok: false; error: string };

/** Whether the account has two-step sign-in on, and whether the site requires it of the account's role. */
export interface SecondFactorState {
  enabled: boolean;
  required: boolean;
}

/**
 * Calls the second-factor endpoint: `GET` the state, `POST` to begin, `PUT { code }` to confirm,
 * `DELETE { code }` to turn off.
 *
 * @example
 * const state = await callAccount<SecondFactorState>(fetch, "/api/cms/session/totp", "GET");
 */
export async function callAccount<T>(doFetch: FetchLike, url: string, method: "GET" | "POST" | "PUT" | "DELETE", code?: string): Promise<AccountAnswer<T>> {
  try {
    const init: RequestInit = { method, headers: { accept: "application/json" } };
    if (code !== undefined) {
      init.headers = { accept: "application/json", "content-type": "application/json" };
      init.body = JSON.stringify({ code });
    }
    const response = await doFetch(url, init);
    if (!response.ok) return { ok: false, error: await failureText(response) };
    if (response.status === 204) return { ok: true, value: {} as T };
    return { ok: true, value: (await response.json()) as T };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}
