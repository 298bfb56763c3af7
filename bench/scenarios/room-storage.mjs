// Stored bytes per document byte after a 10,000-edit session in one room (typing with some
// deletions, as an editor does), read from the room through the bench worker's
// `/__bench/room-stats/<room>`. Also reports stored bytes against the compacted Yjs state (≤ 2×).
import { ratioFigure } from "../lib/stats.mjs";
import { editorHeaders, join, sleep, until } from "./room-clients.mjs";

export const name = "room-storage";

const EDITS = Number(process.env.ROOM_STORAGE_EDITS ?? 10_000);

export async function run({ baseUrl, cookie, firstPageId }) {
  const room = `pages:${firstPageId + 3}`;
  const editor = await join(baseUrl, "page-room", room, editorHeaders(baseUrl, cookie));
  const text = editor.doc.getText("title");
  const t0 = performance.now();
  for (let i = 0; i < EDITS; i++) {
    if (i % 10 === 9) text.delete(Math.max(0, text.length - 1), 1);
    else text.insert(text.length, "abcdefghij"[i % 10]);
    if (text.length > 150) text.delete(0, 50); // stay under the title's 200-character limit
    if (i % 40 === 39) await sleep(400); // stay inside the per-connection rate limit (100 msg/s)
  }
  const checker = await join(baseUrl, "page-room", room, editorHeaders(baseUrl, cookie));
  await until(() => checker.doc.getText("title").toString() === text.toString(), 30_000);
  const elapsed = performance.now() - t0;
  const res = await fetch(`${baseUrl}/__bench/room-stats/${encodeURIComponent(room)}`);
  if (!res.ok) throw new Error(`room-stats answered ${res.status}`);
  const stats = await res.json();
  editor.provider.destroy();
  checker.provider.destroy();
  return {
    rows: [{ scenario: `${EDITS} edits in one room`, rps: (EDITS / elapsed) * 1000, p50: NaN, p99: NaN }],
    figures: { storedBytes: stats.storedBytes, storedPerDocumentByte: stats.storedBytes / stats.contentBytes },
    ratios: { stored: ratioFigure([stats.storedBytes / stats.compactedBytes], { op: "<=", value: 2 }, `stored bytes ÷ compacted document after ${EDITS} edits`) },
  };
}
