// sanitizeRichHtml throughput in workerd on generated editor HTML, against htmlparser2 parsing the
// same bytes with empty callbacks. Goal: ≥ 50 MB/s.
export const name = "sanitize";

async function timeRequest(baseUrl, query) {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/__bench/cpu?${query}`);
  const body = await res.json();
  if (!res.ok) throw new Error(`cpu bench ${query}: ${res.status}`);
  return { ms: performance.now() - t0, bytes: body.bytes };
}

async function throughput(baseUrl, kind, bytes, iterations, rounds = 5) {
  const runs = [];
  for (let i = 0; i < rounds; i++) {
    const work = await timeRequest(baseUrl, `kind=${kind}&bytes=${bytes}&iterations=${iterations}`);
    const idle = await timeRequest(baseUrl, `kind=noop&bytes=${bytes}&iterations=${iterations}`);
    runs.push((work.bytes * iterations) / 1e6 / (Math.max(work.ms - idle.ms, 0.001) / 1000));
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
}

export async function run({ baseUrl }) {
  const rows = [];
  const figures = {};
  for (const bytes of [8 * 1024, 64 * 1024]) {
    const iterations = Math.round((8 * 1024 * 1024) / bytes);
    await throughput(baseUrl, "sanitize", bytes, iterations, 1);
    const sanitize = await throughput(baseUrl, "sanitize", bytes, iterations);
    const media = await throughput(baseUrl, "sanitize-media", bytes, iterations);
    const parse = await throughput(baseUrl, "parse", bytes, iterations);
    rows.push({ scenario: `sanitizeRichHtml, ${bytes / 1024} KB docs (MB/s)`, rps: sanitize, p50: NaN, p99: NaN });
    rows.push({ scenario: `  with mediaBase (MB/s)`, rps: media, p50: NaN, p99: NaN });
    rows.push({ scenario: `  htmlparser2 parse only, baseline (MB/s)`, rps: parse, p50: NaN, p99: NaN });
    figures[`MB/s ${bytes / 1024}KB`] = sanitize;
    figures[`vs parse-only ${bytes / 1024}KB`] = sanitize / parse;
  }
  figures.goal = "≥ 50 MB/s";
  return { rows, figures };
}
