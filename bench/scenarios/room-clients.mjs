// Node Yjs clients for the room scenarios: stock y-partyserver providers over the `ws` package,
// sending the cookie and same-site Origin a signed-in browser would.
import WebSocket from "ws";
import YProvider from "y-partyserver/provider";
import * as Y from "yjs";

// Every provider registers a process "exit" handler; fifty editors in one scenario are expected.
process.setMaxListeners(200);

/** A `ws` WebSocket class that sends `headers` on the upgrade. */
export function socketWith(headers) {
  return class extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers });
    }
  };
}

/** Opens a synced provider on `party`/`room`; resolves with `{ doc, provider }`. */
export async function join(baseUrl, party, room, headers) {
  const doc = new Y.Doc();
  const host = new URL(baseUrl).host;
  const provider = new YProvider(host, room, doc, { party, disableBc: true, WebSocketPolyfill: socketWith(headers) });
  await until(() => provider.synced, 15_000, `${party}/${room} did not sync`);
  return { doc, provider };
}

/** Polls `check` until it holds. */
export function until(check, ms = 15_000, message = "timed out") {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const tick = () => (check() ? resolve() : Date.now() > deadline ? reject(new Error(message)) : setTimeout(tick, 5));
    tick();
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The headers of a signed-in editor on the bench site. */
export function editorHeaders(baseUrl, cookie) {
  return { cookie, origin: baseUrl };
}
