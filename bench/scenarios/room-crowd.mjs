// 50 editors in one room: one types (moving its cursor on every keystroke, as an editor's client
// does), 49 watch. PageRoom against a bare y-partyserver room, alternating rounds: fan-out p50/p99,
// and the bytes all receivers get per keystroke, document updates and awareness apart. Each round's
// rooms are new and hold the same document (a new page with a bench page's prose, copied into the
// bare room before typing starts).
import { alternate, median, ratioFigure, roundRatios } from "../lib/stats.mjs";
import { measureRound } from "./fanout.mjs";
import { editorHeaders, roundPages } from "./room-clients.mjs";

export const name = "room-crowd";

const RECEIVERS = 49;
// Two messages a keystroke (update + cursor): 150 keystrokes stay under the room's burst of 400.
const EDITS = Number(process.env.ROOM_CROWD_EDITS ?? 150);
const ROUNDS = Number(process.env.ROOM_CROWD_ROUNDS ?? 3);

export async function run({ baseUrl, cookies, workerdPid }) {
  const headers = cookies.map((cookie) => editorHeaders(baseUrl, cookie));
  const stamp = Date.now().toString(36);
  const common = { baseUrl, headers, receivers: RECEIVERS, edits: EDITS, cursor: true, pid: workerdPid };
  const rounds = await roundPages(baseUrl, ROUNDS, headers[RECEIVERS + 1]);
  const { page, bare } = await alternate(ROUNDS, {
    page: (round) => measureRound({ ...common, party: "page-room", room: rounds[round].room, start: rounds[round].start }),
    bare: (round) => measureRound({ ...common, party: "bare-room", room: `crowd-${stamp}-${round}`, start: rounds[round].start }),
  });
  const med = (runs, key) => median(runs.map((r) => r[key]));
  const row = (label, runs) => ({ scenario: label, rps: med(runs, "awarenessBytesPerEdit"), p50: med(runs, "p50"), p99: med(runs, "p99") });
  return {
    rows: [
      row(`50 editors via PageRoom (req/s column: awareness bytes received per keystroke, all receivers)`, page),
      row(`50 editors via bare YServer (baseline)`, bare),
    ],
    figures: {
      "PageRoom update bytes per keystroke": med(page, "syncBytesPerEdit"),
      "bare update bytes per keystroke": med(bare, "syncBytesPerEdit"),
      "PageRoom CPU µs per keystroke": med(page, "cpuUsPerEdit"),
      "bare CPU µs per keystroke": med(bare, "cpuUsPerEdit"),
      "PageRoom 4429 closes (all rounds)": page.reduce((n, r) => n + r.rateLimited, 0),
    },
    ratios: {
      p50: ratioFigure(roundRatios(page, bare, "p50"), null, "50 editors p50, PageRoom ÷ bare"),
      p99: ratioFigure(roundRatios(page, bare, "p99"), null, "50 editors p99, PageRoom ÷ bare"),
      awareness: ratioFigure(roundRatios(page, bare, "awarenessBytesPerEdit"), null, "awareness bytes per keystroke, PageRoom ÷ bare"),
      cpu: ratioFigure(roundRatios(page, bare, "cpuUsPerEdit"), null, "server CPU per keystroke, PageRoom ÷ bare"),
    },
  };
}
