// Node Yjs clients for the room scenarios: stock y-partyserver providers over the `ws` package,
// sending the cookie and same-site Origin a signed-in browser would.
import WebSocket from "ws";
import YProvider from "y-partyserver/provider";
import * as Y from "yjs";
import { ROOM_PROTOCOL_VERSION, ROOM_VERSION_PARAM, UpdateAcks } from "../lib/room-protocol.mjs";

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

/** Opens a synced provider on `party`/`room` (within `syncMs`); resolves with `{ doc, provider }`. */
export async function join(baseUrl, party, room, headers, syncMs = 15_000) {
  const doc = new Y.Doc();
  const host = new URL(baseUrl).host;
  const provider = new YProvider(host, room, doc, { party, disableBc: true, params: { [ROOM_VERSION_PARAM]: String(ROOM_PROTOCOL_VERSION) }, WebSocketPolyfill: socketWith(headers) });
  await until(() => provider.synced, syncMs, `${party}/${room} did not sync`);
  return { doc, provider };
}

/**
 * Joins a writer (`headers[0]`) and `receivers` watchers (`headers[1…]`): every client is its own
 * editor, as in life. Watchers join in groups of ten: fifty upgrades at once would measure the
 * connect storm, not what comes after. `syncMs`: how long each may take to sync.
 */
export async function joinRoom(baseUrl, party, room, headers, receivers, syncMs = 15_000) {
  const writer = await join(baseUrl, party, room, headers[0], syncMs);
  const watchers = [];
  for (let i = 0; i < receivers; i += 10) {
    watchers.push(...(await Promise.all(Array.from({ length: Math.min(10, receivers - i) }, (_, j) => join(baseUrl, party, room, headers[1 + i + j], syncMs)))));
  }
  return { writer, watchers };
}

/**
 * A new page for one round (`content`: a bench page's title and two paragraphs of prose); its
 * room's name. Rooms keep their state, so a page reused round after round would hold a document
 * that grows with every run while the baselines' rooms start new.
 */
export async function freshPageRoom(baseUrl, { content = false } = {}) {
  const res = await fetch(`${baseUrl}/__bench/fresh-page${content ? "?content" : ""}`, { method: "POST" });
  if (!res.ok) throw new Error(`fresh-page answered ${res.status}`);
  return `pages:${(await res.json()).id}`;
}

/**
 * One new page per round (see {@link freshPageRoom}, with prose) and the document its room starts
 * from (`start`, for the baseline rooms of that round), read by `reader`, an editor who is not one
 * of the round's, so no typist's connection counts the reader's frames.
 */
export async function roundPages(baseUrl, rounds, reader) {
  const pages = [];
  for (let round = 0; round < rounds; round++) {
    const room = await freshPageRoom(baseUrl, { content: true });
    pages.push({ room, start: await roomDocument(baseUrl, "page-room", room, reader) });
  }
  return pages;
}

/** The document `room` holds now, as one update: read by an editor who joins and leaves. */
async function roomDocument(baseUrl, party, room, headers) {
  const { doc, provider } = await join(baseUrl, party, room, headers);
  const state = Y.encodeStateAsUpdate(doc);
  provider.destroy();
  return state;
}

/**
 * Gives the writer's room the starting document `state` (another room's, so both sides of a
 * comparison type into the same document) and waits until every watcher has all of it. A room
 * that already holds it (the room it was read from) changes nothing.
 */
export async function startFrom(writer, watchers, state) {
  Y.applyUpdate(writer.doc, state);
  const target = Buffer.from(Y.encodeStateVector(writer.doc));
  await until(() => watchers.every(({ doc }) => target.equals(Y.encodeStateVector(doc))), 10_000, "the starting document did not arrive");
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
