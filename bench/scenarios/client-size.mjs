// The inline-editing client's weight, gzipped: the plain-text path every edit-mode page loads, and
// the rich/collab path loaded only when a rich field or a live page needs it. Goal: plain ≤ 30 KB gz.
import { buildClient, clientSizes } from "../../scripts/build-client.mjs";
import { ratioFigure } from "../lib/stats.mjs";

export const name = "client-size";

export async function run() {
  const sizes = clientSizes(await buildClient());
  return {
    rows: [
      { scenario: "client plain-text path (KB gz)", rps: sizes.plainGzipBytes / 1024, p50: NaN, p99: NaN },
      { scenario: "client rich/collab path, lazy (KB gz)", rps: sizes.richCollabGzipBytes / 1024, p50: NaN, p99: NaN },
    ],
    figures: {},
    ratios: { plain: ratioFigure([sizes.plainGzipBytes / 1024], { op: "<=", value: 30 }, "client plain-text path, KB gzipped") },
  };
}
