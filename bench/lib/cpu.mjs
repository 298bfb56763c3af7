// Server CPU time of the bench's `workerd` process (which also runs the local D1, R2 and Durable
// Object simulators, so their work counts). /proc/<pid>/stat gives utime + stime over all threads
// in clock ticks (usually 10 ms), too coarse for a few hundred requests; the same process's threads'
// /proc/<pid>/task/<tid>/schedstat give nanoseconds on CPU, which is what is read when present.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond;

function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU time (user + system) the process has used so far, in microseconds; `NaN` without /proc.
 *
 * @example
 * const before = cpuMicros(server.workerdPid); await work(); const used = cpuMicros(server.workerdPid) - before;
 */
export function cpuMicros(pid) {
  if (!pid) return NaN;
  const precise = schedstatMicros(pid);
  return Number.isNaN(precise) ? statMicros(pid) : precise;
}

function schedstatMicros(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    return ns / 1000;
  } catch {
    return NaN;
  }
}

function statMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) / clockTicks()) * 1e6;
  } catch {
    return NaN;
  }
}

/**
 * Runs `work()` and returns its result with the server CPU microseconds it cost.
 *
 * @example
 * const { value, cpuUs } = await withCpu(pid, () => measureRound());
 */
export async function withCpu(pid, work) {
  const before = cpuMicros(pid);
  const value = await work();
  return { value, cpuUs: cpuMicros(pid) - before };
}

/**
 * Waits until the process has used less than `share` of one core over a `windowMs` window (the
 * runtime has drained what an earlier round left it), or `maxMs` passed; returns the ms waited.
 * Without /proc it returns at once.
 *
 * @example
 * const waited = await untilQuiet(server.workerdPid); // before the next round's clients join
 */
export async function untilQuiet(pid, { share = 0.1, windowMs = 500, maxMs = 60_000 } = {}) {
  const started = performance.now();
  if (Number.isNaN(cpuMicros(pid))) return 0;
  for (;;) {
    const before = cpuMicros(pid);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    if (cpuMicros(pid) - before < share * windowMs * 1000 || performance.now() - started > maxMs) return performance.now() - started;
  }
}
