// Summaries for alternating rounds: every ratio the bench reports is the median of per-round ratios,
// printed with its spread, so one noisy round on a shared machine can neither make nor break a goal.

/** Percentile of a sorted array of numbers (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * `{ p50, p99, samples }` of latencies in ms (nearest rank).
 *
 * @example
 * latencySummary([3, 1, 2]) // { p50: 2, p99: 3, samples: 3 }
 */
export function latencySummary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), samples: sorted.length };
}

/** Median of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * `{ median, min, max, values }` of a list of per-round figures.
 *
 * @example
 * spread([1.2, 1.1, 1.4]) // { median: 1.2, min: 1.1, max: 1.4, values: [1.2, 1.1, 1.4] }
 */
export function spread(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: NaN, min: NaN, max: NaN, values };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite), values };
}

/**
 * A ratio figure with a goal: per-round ratios summarized, and whether the median meets the goal.
 * `goal` is `{ op: ">=" | "<=", value }`; `met` is judged on the median.
 *
 * @example
 * ratioFigure([1.05, 1.08, 1.02], { op: "<=", value: 1.1 }, "PageRoom p50 / bare p50")
 */
export function ratioFigure(values, goal, label) {
  const s = spread(values);
  const met = goal ? (goal.op === ">=" ? s.median >= goal.value : s.median <= goal.value) : null;
  return { label, ...s, goal: goal ? `${goal.op} ${goal.value}` : null, met };
}

/**
 * Runs `rounds` alternating rounds of named measurements (a, b, a, b, …; the order inside a round
 * flips every round, so a side never always runs second on a warming or cooling machine).
 * Returns each side's per-round results.
 *
 * @example
 * const { page, bare } = await alternate(5, { page: () => measure("page"), bare: () => measure("bare") });
 */
export async function alternate(rounds, sides) {
  const names = Object.keys(sides);
  const out = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...names].reverse() : names;
    for (const name of order) out[name].push(await sides[name](round));
  }
  return out;
}

/** Per-round ratios `a[i] / b[i]` of one key of two sides' round results. */
export function roundRatios(a, b, key) {
  return a.map((r, i) => (typeof r === "number" ? r : r[key]) / (typeof b[i] === "number" ? b[i] : b[i][key]));
}
