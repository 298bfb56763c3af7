// sanitizeRichHtml throughput in workerd on generated editor HTML, against htmlparser2 parsing the
// same bytes with empty callbacks. Goal (issue 38): ≥ 60 MB/s (the median of five rounds, spread printed).
// The documents are the editor's own output, already in sanitized form, which the sanitizer
// recognizes without parsing; the same documents with `<b>` for `<strong>` take the full parse.
import { withCpu } from "../lib/cpu.mjs";
import { median, ratioFigure } from "../lib/stats.mjs";

export const name = "sanitize";

async function timeRequest(baseUrl, pid, query) {
  const t0 = performance.now();
  const { value: body, cpuUs } = await withCpu(pid, async () => {
    const res = await fetch(`${baseUrl}/__bench/cpu?${query}`);
    if (!res.ok) throw new Error(`cpu bench ${query}: ${res.status}`);
    return res.json();
  });
  return { ms: performance.now() - t0, cpuUs, bytes: body.bytes };
}

/*
 * MB/s per round: the work request's time less an idle request's, measured back to back; and MB
 * per second of the runtime's CPU (the `workerd` process's, read around each request), which a
 * machine busy with other work slows far less than the wall clock.
 */
async function throughput(baseUrl, pid, kind, bytes, iterations, rounds = 5) {
  const runs = [];
  const cpuRuns = [];
  for (let i = 0; i < rounds; i++) {
    const work = await timeRequest(baseUrl, pid, `kind=${kind}&bytes=${bytes}&iterations=${iterations}`);
    const idle = await timeRequest(baseUrl, pid, `kind=noop&bytes=${bytes}&iterations=${iterations}`);
    const mb = (work.bytes * iterations) / 1e6;
    runs.push(mb / (Math.max(work.ms - idle.ms, 0.001) / 1000));
    cpuRuns.push(mb / (Math.max(work.cpuUs - idle.cpuUs, 1) / 1e6));
  }
  return Object.assign(runs, { cpu: cpuRuns });
}

export async function run({ baseUrl, workerdPid }) {
  const rows = [];
  const figures = {};
  const ratios = {};
  for (const bytes of [8 * 1024, 64 * 1024]) {
    const iterations = Math.round((8 * 1024 * 1024) / bytes);
    await throughput(baseUrl, workerdPid, "sanitize", bytes, iterations, 1);
    const sanitize = await throughput(baseUrl, workerdPid, "sanitize", bytes, iterations);
    const media = await throughput(baseUrl, workerdPid, "sanitize-media", bytes, iterations);
    const parse = await throughput(baseUrl, workerdPid, "parse", bytes, iterations);
    const pasted = await throughput(baseUrl, workerdPid, "sanitize-pasted", bytes, iterations);
    const kb = bytes / 1024;
    rows.push({ scenario: `sanitizeRichHtml, ${kb} KB docs (MB/s)`, rps: median(sanitize), p50: NaN, p99: NaN });
    rows.push({ scenario: `sanitizeRichHtml, ${kb} KB docs (MB per CPU-second of the runtime)`, rps: median(sanitize.cpu), p50: NaN, p99: NaN });
    rows.push({ scenario: `sanitizeRichHtml with mediaBase, ${kb} KB docs (MB/s)`, rps: median(media), p50: NaN, p99: NaN });
    rows.push({ scenario: `htmlparser2 parse only, ${kb} KB docs, baseline (MB/s)`, rps: median(parse), p50: NaN, p99: NaN });
    rows.push({ scenario: `htmlparser2 parse only, ${kb} KB docs, baseline (MB per CPU-second)`, rps: median(parse.cpu), p50: NaN, p99: NaN });
    rows.push({ scenario: `sanitizeRichHtml, ${kb} KB docs not in sanitized form (<b> for <strong>; MB/s)`, rps: median(pasted), p50: NaN, p99: NaN });
    figures[`vs parse-only ${kb}KB`] = median(sanitize) / median(parse);
    figures[`not in sanitized form vs parse-only ${kb}KB`] = median(pasted) / median(parse);
    ratios[`mbps${kb}`] = ratioFigure(sanitize, { op: ">=", value: 60 }, `sanitizeRichHtml MB/s, ${kb} KB documents`);
    ratios[`mbpsCpu${kb}`] = ratioFigure(sanitize.cpu, { op: ">=", value: 60 }, `sanitizeRichHtml MB per CPU-second of the runtime, ${kb} KB documents`);
  }
  return { rows, figures, ratios };
}
