import type { FetchLike } from "./call-json";

/**
 * Opens the Account panel (`open`) when the site requires a second factor of this account and it
 * is off: the server refuses everything else until it is on.
 *
 * @example
 * void requireSecondFactor("/api/cms/session/totp", fetch, () => void openAccount(url));
 */
export async function requireSecondFactor(url: string, doFetch: FetchLike, open: () => void): Promise<void> {
  // Read here rather than through the panel's chunk, which most editors never load.
  const state = (await doFetch(url, { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null)) as { enabled?: unknown; required?: unknown } | null;
  if (state?.required === true && state.enabled !== true) open();
}
