// The room's message limit (per connection: 100 messages/s sustained, bursts of 400, 2 MB/s and
// 8 MB bursts) against clients that send faster: a script that sends every keystroke of a
// 1,200-character burst as its own update (about 1,000 messages/s, closed with 4429, then the
// stock provider reconnects and resyncs), and a client that coalesces keystrokes into one update
// per 16 ms frame. Goal for both: no lost character; the coalescing client is never closed.
import { ratioFigure } from "../lib/stats.mjs";
import { editorHeaders, freshParagraph, join, sleep, until } from "./room-clients.mjs";

export const name = "room-burst";

const CHARS = Number(process.env.ROOM_BURST_CHARS ?? 1200);
const FRAME_MS = 16;
const RATE_LIMITED = 4429;

async function burst(baseUrl, writerHeaders, checkerHeaders, room, { coalesce }) {
  const writer = await join(baseUrl, "page-room", room, writerHeaders);
  const checker = await join(baseUrl, "page-room", room, checkerHeaders);
  let closes = 0;
  writer.provider.on("connection-close", (event) => {
    if (event?.code === RATE_LIMITED) closes++;
  });
  const { text, index } = await freshParagraph(writer, [checker], "the burst's paragraph");
  const seenText = () => checker.doc.getXmlFragment("body").get(index)?.get(0)?.toString() ?? "";
  const t0 = performance.now();
  let pending = "";
  let frameStart = performance.now();
  for (let i = 0; i < CHARS; i++) {
    const char = "abcdefghijklmnopqrstuvwxyz"[i % 26];
    if (!coalesce) text.insert(text.length, char);
    else pending += char;
    if (coalesce && performance.now() - frameStart >= FRAME_MS) {
      text.insert(text.length, pending);
      pending = "";
      frameStart = performance.now();
    }
    // About a keystroke a millisecond: a script, or a paste split into keystrokes.
    if (i % 10 === 9) await sleep(10);
  }
  if (pending) text.insert(text.length, pending);
  const typed = text.toString();
  await until(() => seenText() === typed, 60_000, `burst (${coalesce ? "coalesced" : "scripted"}) did not converge`);
  const convergeMs = performance.now() - t0;
  await sleep(100);
  const seen = seenText();
  writer.provider.destroy();
  checker.provider.destroy();
  return { closes, lost: Math.max(0, typed.length - seen.length), convergeMs };
}

export async function run({ baseUrl, cookies, firstPageId }) {
  const room = `pages:${firstPageId + 5}`;
  const [a, b, c, d] = cookies.slice(1, 5).map((cookie) => editorHeaders(baseUrl, cookie));
  const scripted = await burst(baseUrl, a, b, room, { coalesce: false });
  const coalesced = await burst(baseUrl, c, d, room, { coalesce: true });
  return {
    rows: [
      { scenario: `${CHARS} keystrokes in ~1.2 s, one update each (req/s column: 4429 closes)`, rps: scripted.closes, p50: scripted.convergeMs, p99: NaN },
      { scenario: `${CHARS} keystrokes in ~1.2 s, coalesced per ${FRAME_MS} ms frame`, rps: coalesced.closes, p50: coalesced.convergeMs, p99: NaN },
    ],
    figures: {
      "scripted: characters lost": scripted.lost,
      "scripted: closed (4429)": scripted.closes,
      "coalesced: characters lost": coalesced.lost,
      "coalesced: closed (4429)": coalesced.closes,
      "p50 column": "ms until a second editor has every character",
    },
    ratios: {
      lost: ratioFigure([scripted.lost + coalesced.lost], { op: "<=", value: 0 }, "characters lost past the message limit (scripted + coalesced)"),
      coalescedCloses: ratioFigure([coalesced.closes], { op: "<=", value: 0 }, "4429 closes of the coalescing client"),
    },
  };
}
