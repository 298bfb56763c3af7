// A room waking cold with a ~1 MB document and 10,000 logged updates: time from a client's
// connect to its first sync, PageRoom against a bare YServer loading the same bytes from its own
// storage, in alternating rounds.
//
// State: built here with Yjs (the same bytes every run): a snapshot of ~1 MB of rich text (a
// thousand paragraphs of the `body` fragment) and then 10,000 keystrokes of a second editor
// (typing with a backspace every tenth, a new spot every hundred), one update each. It is seeded
// through bench-only RPCs (`bench/wake-rooms.ts`): PageRoom's through its own RoomStore
// (`compact` for the snapshot, then `append` per update, exactly the rows typing leaves), the bare
// room's as one snapshot blob plus the same update rows. The log stays uncompacted because 10,000
// small updates (~0.25 MB) keep the store under its 2× rule (compact when stored bytes pass twice
// the compacted state); the seed answer proves it (`logged`, stored = snapshot + updates).
//
// Cold: before every wake the object is dropped from memory with `ctx.abort()` (documented; the
// next request builds a new object, which loads from storage), and the object that answered the
// sync must have been built after the connect began, or the round fails. The worker itself stays
// warm, as it is for a room waking in a running isolate. Then a second client joins the now-warm
// room: its time to sync is the connect path without the load.
//
// No goal: the issue asks for the figure only; the ratio is informational.
import * as Y from "yjs";
import { alternate, median, ratioFigure, roundRatios } from "../lib/stats.mjs";
import { editorHeaders } from "./room-clients.mjs";
import { evictRoom, roomBornAt, seedRoom, silenceRoom, timeToSync, WAKE_BARE, WAKE_PAGE } from "./room-seed.mjs";

export const name = "room-wake";

const DOCUMENT_BYTES = Number(process.env.ROOM_WAKE_BYTES ?? 1_000_000);
const UPDATES = Number(process.env.ROOM_WAKE_UPDATES ?? 10_000);
const ROUNDS = Number(process.env.ROOM_WAKE_ROUNDS ?? 11);
/* Clock skew between Node and workerd's frozen-between-I/O clock, in ms: born this early still counts. */
const BORN_SLACK_MS = 50;

/* Seeded words, so the document is prose-like (and the same bytes) every run. */
function words(seed) {
  let state = seed >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  const syllables = ["ba", "de", "fi", "go", "ku", "la", "me", "ni", "po", "ru", "sa", "te", "vi", "zo"];
  return () => Array.from({ length: 1 + (next() % 4) }, () => syllables[next() % syllables.length]).join("");
}

/**
 * `{ snapshot, updates, stateVector }`: a ~`documentBytes` document and `count` keystroke updates on top.
 *
 * @example
 * const { snapshot, updates } = wakeState(1_000_000, 10_000);
 */
export function wakeState(documentBytes, count) {
  const author = new Y.Doc();
  author.clientID = 1;
  const word = words(7);
  const paragraphs = [];
  for (let size = 0; size < documentBytes; ) {
    let text = "";
    while (text.length < 1000) text += `${word()} `;
    paragraphs.push(new Y.XmlElement("paragraph"));
    paragraphs.at(-1).insert(0, [new Y.XmlText(text)]);
    size += text.length;
  }
  author.transact(() => {
    author.getText("title").insert(0, "A page that woke up");
    author.getXmlFragment("body").insert(0, paragraphs);
  });
  const snapshot = Y.encodeStateAsUpdate(author);
  const editor = new Y.Doc();
  editor.clientID = 2;
  Y.applyUpdate(editor, snapshot);
  const updates = [];
  editor.on("update", (update) => updates.push(update));
  const body = editor.getXmlFragment("body");
  let text = null;
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) {
      text = body.get((i / 100) * 7 % body.length).get(0);
      text.insert(0, " ");
    } else if (i % 10 === 9) text.delete(0, 1);
    else text.insert(0, "abcdefghij"[i % 10]);
  }
  return { snapshot, updates: updates.slice(0, count), stateVector: Y.encodeStateVector(editor) };
}

/* One cold wake and one warm join of `room`; checks the client got the whole document. */
async function wake(baseUrl, party, room, headers, expected) {
  await evictRoom(baseUrl, party, room);
  const started = Date.now();
  const cold = await timeToSync(baseUrl, party, room, headers);
  const warm = await timeToSync(baseUrl, party, room, headers);
  try {
    const bornAt = await roomBornAt(baseUrl, party, room);
    if (bornAt < started - BORN_SLACK_MS) throw new Error(`${party}/${room} was already in memory (built ${started - bornAt} ms before the connect): not a cold wake`);
    for (const { doc } of [cold, warm]) {
      if (!Buffer.from(Y.encodeStateVector(doc)).equals(Buffer.from(expected))) throw new Error(`${party}/${room} synced a different document than was seeded`);
    }
  } finally {
    cold.provider.destroy();
    warm.provider.destroy();
  }
  return { cold: cold.ms, warm: warm.ms };
}

export async function run({ baseUrl, cookie, firstPageId }) {
  const { snapshot, updates, stateVector } = wakeState(DOCUMENT_BYTES, UPDATES);
  // Its own namespace, so a page id of the bench's is fine: this object never meets PAGE_ROOM's.
  const pageRoom = `pages:${firstPageId + 5}`;
  const bareRoom = "wake";
  const seeded = {
    page: await seedRoom(baseUrl, WAKE_PAGE, pageRoom, snapshot, updates),
    bare: await seedRoom(baseUrl, WAKE_BARE, bareRoom, snapshot, updates),
  };
  const logBytes = updates.reduce((sum, u) => sum + u.byteLength, 0);
  for (const [side, s] of Object.entries(seeded)) {
    if (!s.logged || s.storedBytes !== snapshot.byteLength + logBytes) {
      throw new Error(`${side} room did not keep the log as seeded: ${JSON.stringify(s)}, expected ${snapshot.byteLength} + ${logBytes} bytes`);
    }
  }
  const headers = editorHeaders(baseUrl, cookie);
  const { page, bare } = await alternate(ROUNDS, {
    page: () => wake(baseUrl, WAKE_PAGE, pageRoom, headers, stateVector),
    bare: () => wake(baseUrl, WAKE_BARE, bareRoom, {}, stateVector),
  });
  // Its idle check would otherwise wake the 1 MB room again in the middle of a later scenario.
  await silenceRoom(baseUrl, WAKE_PAGE, pageRoom);
  // Each round is one sample, so the p50 column is the median round and the p99 column the slowest.
  const row = (scenario, runs, key) => ({ scenario, p50: median(runs.map((r) => r[key])), p99: Math.max(...runs.map((r) => r[key])) });
  const label = `${(snapshot.byteLength / 1e6).toFixed(2)} MB + ${updates.length} logged updates`;
  return {
    rows: [
      row(`cold wake to first sync via PageRoom, ${label} (p99 column: slowest round)`, page, "cold"),
      row(`cold wake to first sync via bare YServer (baseline)`, bare, "cold"),
      row(`warm join to first sync via PageRoom, same room`, page, "warm"),
      row(`warm join to first sync via bare YServer (baseline)`, bare, "warm"),
    ],
    rounds: { page, bare },
    figures: { snapshotBytes: snapshot.byteLength, logBytes, loggedUpdates: updates.length },
    ratios: {
      cold: ratioFigure(roundRatios(page, bare, "cold"), null, "cold wake to first sync (1 MB + 10,000 logged updates), PageRoom ÷ bare"),
      warm: ratioFigure(roundRatios(page, bare, "warm"), null, "warm join to first sync, same rooms, PageRoom ÷ bare"),
    },
  };
}
