// Tables from bench results: one run's full table (printed and written to latest.md), and the
// README's summary over one or more runs (bench/readme-table.mjs).

/** A number for a table cell: integers as is, others with `digits` decimals, missing as "–". */
export function fmt(value, digits = 2) {
  if (value === undefined || value === null) return "–";
  if (typeof value !== "number") return String(value);
  if (!Number.isFinite(value)) return "–";
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

/** `median (min–max)` of a spread. */
export function fmtSpread(s, digits = 2) {
  return `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}

/**
 * One run as Markdown: every measured row, then every ratio with its spread over the rounds.
 *
 * @example
 * console.log(formatRun(JSON.parse(readFileSync("bench/results/latest.json", "utf8"))));
 */
export function formatRun(report) {
  const lines = ["| scenario | req/s (or MB/s) | p50 ms | p99 ms | D1 round trips/request |", "|---|---:|---:|---:|---:|"];
  for (const [name, result] of Object.entries(report.results)) {
    for (const row of result.rows) lines.push(`| ${row.scenario} | ${fmt(row.rps)} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${row.d1 ?? "–"} |`);
    const figures = Object.entries(result.figures ?? {}).map(([k, v]) => `${k} ${fmt(v)}`);
    if (figures.length) lines.push(`| **${name}**: ${figures.join(", ")} | | | | |`);
  }
  lines.push("", "| ratio | median (min–max over rounds) | rounds | goal | met |", "|---|---|---:|---|---|");
  for (const [name, result] of Object.entries(report.results)) {
    for (const [key, r] of Object.entries(result.ratios ?? {})) {
      lines.push(`| ${name}: ${r.label ?? key} | ${fmtSpread(r)} | ${r.values.length} | ${r.goal ?? "–"} | ${r.met === null ? "–" : r.met ? "yes" : "no"} |`);
    }
  }
  return lines.join("\n");
}

/**
 * The README summary over runs: per ratio, each run's median, the spread over every round of every
 * run, the goal, and whether every run's median met it.
 *
 * @example
 * summarizeRuns([run1, run2, run3]) // Markdown table
 */
export function summarizeRuns(reports) {
  const keys = new Map();
  for (const report of reports) {
    for (const [name, result] of Object.entries(report.results)) {
      for (const [key, r] of Object.entries(result.ratios ?? {})) {
        const id = `${name}/${key}`;
        if (!keys.has(id)) keys.set(id, { name, label: r.label ?? key, goal: r.goal, runs: [] });
        keys.get(id).runs.push(r);
      }
    }
  }
  const lines = [
    `| scenario | figure | median of each run | spread over all rounds | goal | met in every run |`,
    "|---|---|---|---|---|---|",
  ];
  for (const { name, label, goal, runs } of keys.values()) {
    const all = runs.flatMap((r) => r.values).filter((v) => Number.isFinite(v));
    const met = goal ? (runs.every((r) => r.met) ? `yes (${runs.length}/${runs.length})` : `no (${runs.filter((r) => r.met).length}/${runs.length})`) : "–";
    lines.push(`| ${name} | ${label} | ${runs.map((r) => fmt(r.median)).join(", ")} | ${fmt(Math.min(...all))}–${fmt(Math.max(...all))} | ${goal ?? "–"} | ${met} |`);
  }
  return lines.join("\n");
}

/**
 * The absolute figures of the runs (each run's value of every figure, joined), for context under
 * the ratio table.
 */
export function summarizeFigures(reports) {
  const rows = new Map();
  for (const report of reports) {
    for (const [name, result] of Object.entries(report.results)) {
      // Rows are matched by position within their scenario: a label may carry a run's own count.
      for (const [index, row] of result.rows.entries()) {
        const id = `${name}/${index}`;
        if (!rows.has(id)) rows.set(id, { scenario: row.scenario, rps: [], p50: [], p99: [], d1: [] });
        const entry = rows.get(id);
        entry.scenario = row.scenario.trim();
        entry.rps.push(row.rps);
        entry.p50.push(row.p50);
        entry.p99.push(row.p99);
        entry.d1.push(row.d1);
      }
    }
  }
  const join = (values) => (values.every((v) => !Number.isFinite(v)) ? "–" : values.map((v) => fmt(v)).join(", "));
  const lines = ["| measured (each run) | req/s, MB/s or KB | p50 ms | p99 ms | D1 round trips/request |", "|---|---|---|---|---|"];
  for (const r of rows.values()) lines.push(`| ${r.scenario} | ${join(r.rps)} | ${join(r.p50)} | ${join(r.p99)} | ${join(r.d1)} |`);
  return lines.join("\n");
}
