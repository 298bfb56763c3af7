// Node Yjs clients for the room scenarios: stock y-partyserver providers over the `ws` package,
// sending the cookie and same-site Origin a signed-in browser would.
import WebSocket from "ws";
import YProvider from "y-partyserver/provider";
import * as Y from "yjs";
import { UpdateAcks } from "../lib/room-protocol.mjs";

// Every provider registers a process "exit" handler; fifty editors in one scenario are expected.
process.setMaxListeners(200);

/**
 * A `ws` WebSocket class that sends `headers` on the upgrade. Each socket counts the update frames
 * it sends in its own `updates` (an `UpdateAcks`, one per connection as the room counts them), so
 * an author can tell which acknowledgement covers an edit.
 */
export function socketWith(headers) {
  return class extends WebSocket {
    updates = new UpdateAcks();

    constructor(url, protocols) {
      super(url, protocols, { headers });
    }

    send(data, ...rest) {
      this.updates.sent(data);
      super.send(data, ...rest);
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

/**
 * Joins a writer (`headers[0]`) and `receivers` watchers (`headers[1…]`): every client is its own
 * editor, as in life. Watchers join in groups of ten: fifty upgrades at once would measure the
 * connect storm, not what comes after.
 */
export async function joinRoom(baseUrl, party, room, headers, receivers) {
  const writer = await join(baseUrl, party, room, headers[0]);
  const watchers = [];
  for (let i = 0; i < receivers; i += 10) {
    watchers.push(...(await Promise.all(Array.from({ length: Math.min(10, receivers - i) }, (_, j) => join(baseUrl, party, room, headers[1 + i + j])))));
  }
  return { writer, watchers };
}

/**
 * Appends an empty paragraph to the writer's rich `body` (a page room accepts only the collection's
 * fields, so typing goes where an editor's would) and waits until every watcher has it.
 */
export async function freshParagraph(writer, watchers, what = "the paragraph") {
  const { paragraph, text } = emptyParagraph();
  const body = writer.doc.getXmlFragment("body");
  body.insert(body.length, [paragraph]);
  const index = body.length - 1;
  await until(() => watchers.every((w) => w.doc.getXmlFragment("body").length > index), 10_000, `${what} did not arrive`);
  return { text, index };
}

/**
 * A rich-text paragraph holding one empty text, ready to be inserted into a `body` fragment.
 *
 * @example
 * const { paragraph, text } = emptyParagraph(); body.insert(body.length, [paragraph]); text.insert(0, "x");
 */
export function emptyParagraph() {
  const paragraph = new Y.XmlElement("paragraph");
  const text = new Y.XmlText();
  paragraph.insert(0, [text]);
  return { paragraph, text };
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
