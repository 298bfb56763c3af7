/** The browser's budget for the bodies of all in-flight `keepalive` requests of a page: 64 KiB. */
export const KEEPALIVE_BUDGET_BYTES = 64 * 1024;

/**
 * Whether a body of `bytes` may go out with `keepalive` while `inFlightBytes` of keepalive bodies
 * are still in flight. Over the budget the browser rejects the request outright, so a large body
 * goes as a normal request instead of failing silently.
 *
 * @example
 * fitsKeepalive(1_000, 0) // true
 * fitsKeepalive(70_000, 0) // false
 */
export function fitsKeepalive(bytes: number, inFlightBytes: number, budget = KEEPALIVE_BUDGET_BYTES): boolean {
  return inFlightBytes + bytes <= budget;
}

/** The request a save makes; declared here so the module needs neither DOM nor Workers types. */
export interface SaveRequestInit {
  method: "POST";
  headers: Record<string, string>;
  credentials: "same-origin";
  body: string;
  keepalive: boolean;
}

/** The part of `fetch` a save uses. */
export type SaveFetch = (url: string, init: SaveRequestInit) => Promise<{ ok: boolean }>;

export interface SaveTransportOptions {
  /** The save endpoint, e.g. `/api/cms/save`. */
  url: string;
  fetch: SaveFetch;
}

/** Sends one inline save; resolves `true` on a 2xx answer. */
export type SendFieldSave = (field: string, value: unknown) => Promise<boolean>;

/** The sender, and how many of its requests in flight would not outlive the page. */
export type SaveTransport = SendFieldSave & {
  /** Saves in flight without `keepalive` (too big for the budget): leaving now would lose them. */
  unkeptInFlight(): number;
};

/**
 * Posts `{ field, value }` to the save endpoint. Every save uses `keepalive` while it fits the
 * page's keepalive budget, so a save started just before the page goes away still arrives;
 * `unkeptInFlight()` counts the ones that went without it.
 *
 * @example
 * const send = createSaveTransport({ url: "/api/cms/save", fetch: (url, init) => fetch(url, init) });
 * await send("pages:1:title", "About us"); // true on 204
 */
export function createSaveTransport(options: SaveTransportOptions): SaveTransport {
  const doFetch = options.fetch;
  let inFlightBytes = 0;
  let unkept = 0;
  const send: SendFieldSave = async (field, value) => {
    const body = JSON.stringify({ field, value });
    const bytes = new TextEncoder().encode(body).byteLength;
    const keepalive = fitsKeepalive(bytes, inFlightBytes);
    if (keepalive) inFlightBytes += bytes;
    else unkept++;
    try {
      const response = await doFetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body,
        keepalive,
      });
      return response.ok;
    } catch {
      return false;
    } finally {
      if (keepalive) inFlightBytes -= bytes;
      else unkept--;
    }
  };
  return Object.assign(send, { unkeptInFlight: () => unkept });
}
