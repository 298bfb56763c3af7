// 10 editors type into one page's rich body for ROOM_TYPING_SECONDS (default 60): D1 draft writes
// per minute (goal ≤ 6) and characters lost between what was typed and the final D1 draft (goal 0).
// Each editor types its own letter into its own paragraph, ~8 characters a second.
import * as Y from "yjs";
import { ratioFigure } from "../lib/stats.mjs";
import { editorHeaders, join, sleep, until } from "./room-clients.mjs";

export const name = "room-typing";

const EDITORS = 10;
const SECONDS = Number(process.env.ROOM_TYPING_SECONDS ?? 60);
const INTERVAL_MS = 125;
const LETTERS = "abcdefghij";

async function versions(baseUrl, cookie, id) {
  const res = await fetch(`${baseUrl}/api/cms/pages/${id}/versions?limit=100`, { headers: { cookie } });
  if (!res.ok) throw new Error(`versions answered ${res.status}`);
  return (await res.json()).items;
}

export async function run({ baseUrl, cookie, cookies, firstPageId }) {
  const id = firstPageId + 2;

  const before = new Set((await versions(baseUrl, cookie, id)).map((v) => v.id));
  const editors = await Promise.all(Array.from({ length: EDITORS }, (_, i) => join(baseUrl, "page-room", `pages:${id}`, editorHeaders(baseUrl, cookies[1 + i]))));
  // Each editor appends its own paragraph, then types into it.
  const texts = editors.map(({ doc }) => {
    const paragraph = new Y.XmlElement("paragraph");
    const text = new Y.XmlText();
    paragraph.insert(0, [text]);
    const body = doc.getXmlFragment("body");
    body.insert(body.length, [paragraph]);
    return text;
  });
  const typed = new Array(EDITORS).fill(0);
  const started = Date.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    texts.map(async (text, i) => {
      await sleep(i * (INTERVAL_MS / EDITORS));
      while (Date.now() < end) {
        text.insert(text.length, LETTERS[i]);
        typed[i]++;
        await sleep(INTERVAL_MS);
      }
    }),
  );
  // Everyone converges, then leaves: the last leave writes the final draft.
  await until(() => editors.every(({ doc }) => doc.getXmlFragment("body").toString() === editors[0].doc.getXmlFragment("body").toString()));
  const elapsedMin = (Date.now() - started) / 60_000;
  for (const e of editors) e.provider.destroy();
  await sleep(4_000); // the settle window and the last-leave write
  const written = (await versions(baseUrl, cookie, id)).filter((v) => !before.has(v.id));
  const body = String(written[0]?.versionData?.body ?? "");
  const found = [...LETTERS].map((letter) => (body.match(new RegExp(letter, "g")) ?? []).length);
  const lost = typed.reduce((sum, n, i) => sum + Math.max(0, n - found[i]), 0);
  return {
    rows: [{ scenario: `${EDITORS} editors typing ${SECONDS} s`, p50: NaN, p99: NaN }],
    figures: { draftWrites: written.length, charactersTyped: typed.reduce((a, b) => a + b, 0) },
    // One long round: the figures are single values, summarized as such.
    ratios: {
      writes: ratioFigure([written.length / elapsedMin], { op: "<=", value: 6 }, `D1 draft writes per minute, ${EDITORS} editors typing`),
      lost: ratioFigure([lost], { op: "<=", value: 0 }, "characters lost between typing and the final draft"),
    },
  };
}
