// Starts the bench worker as `wrangler dev` does (`dev-server.mjs`) on its own port and state
// directory, and finds the `workerd` process behind it (the bench reads its CPU time from /proc).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { wrangler, WRANGLER_ENV } from "../../scripts/wrangler-run.mjs";
import { fileURLToPath } from "node:url";

const CONFIG = "bench/wrangler.bench.toml";
/*
 * The bench's local D1, R2, KV and Durable Object storage. `BENCH_STATE_DIR` moves it, say to
 * memory (`/dev/shm/cms-bench`): the local runtime commits every SQLite write (each room's storage,
 * its index of the rooms' alarms, the local D1) with an fsync on its one thread, so on a slow disk
 * `site-1000-rooms` measures the disk as much as the rooms (see bench/README.md).
 */
const STATE = process.env.BENCH_STATE_DIR || ".wrangler/bench";
/* What `wrangler dev` starts, without the runtime's inspector unless `BENCH_INSPECTOR_PORT` asks (see there). */
const DEV_SERVER = fileURLToPath(new URL("./dev-server.mjs", import.meta.url));

/** The bench's default port; `--port N` or `BENCH_PORT` choose another. */
export const DEFAULT_BENCH_PORT = 8788;

/**
 * Applies migrations, starts `wrangler dev`, and resolves once it answers. A restart on the same
 * state passes the first start's `secret` (so sign-in cookies stay valid) and `migrate: false`.
 */
export async function startBenchServer({ port = DEFAULT_BENCH_PORT, secret = randomBytes(32).toString("base64url"), migrate = true } = {}) {
  if (migrate) await wrangler(["d1", "migrations", "apply", "DB", "--local", "--config", CONFIG, "--persist-to", STATE]);
  const child = spawn(process.execPath, [DEV_SERVER, CONFIG, String(port), STATE], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...WRANGLER_ENV, CI: "true", BENCH_VAR_CMS_SESSION_SECRET: secret, BENCH_VAR_MEDIA_URL: `http://127.0.0.1:${port}/media` },
    detached: true,
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/__bench/ping`);
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`wrangler dev did not answer within 60 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const runtimes = findDescendants(child.pid, "workerd");
  return {
    baseUrl,
    secret,
    /**
     * Pid of the `workerd` process that runs the bench worker, its Durable Objects and the local
     * D1 (a descendant of wrangler), or null. wrangler dev starts two: a proxy listening on the
     * bench port, which forwards every request, and this runtime behind it on a port of its own.
     */
    workerdPid: findRuntime(child.pid, port),
    /**
     * Ends wrangler and its workerd processes; resolves once all have exited (SIGKILL after 10 s),
     * so a restart on the same port cannot meet the old server.
     */
    async stop() {
      const signal = (name) => {
        try {
          process.kill(-child.pid, name);
        } catch {
          // already gone
        }
      };
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      const deadline = Date.now() + 10_000;
      while (runtimes.some(isRunning)) {
        if (Date.now() > deadline) throw new Error(`workerd ${runtimes.filter(isRunning).join(", ")} still running 10 s after wrangler exited`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/**
 * Where the bench's state is and the kind of file system that holds it (from /proc/mounts, Linux
 * only; `null` elsewhere), for each run's report: a run on a disk and one in memory (`tmpfs`) are
 * not the same measure of the rooms (see `STATE`).
 *
 * @example
 * benchState() // { dir: ".wrangler/bench", filesystem: "ext4" }
 */
export function benchState() {
  let filesystem = null;
  try {
    const real = realpathSync(STATE);
    let longest = -1;
    for (const line of readFileSync("/proc/mounts", "utf8").split("\n")) {
      const [, mountPoint, type] = line.split(" ");
      if (!mountPoint || !type) continue;
      const covers = real === mountPoint || real.startsWith(mountPoint.endsWith("/") ? mountPoint : `${mountPoint}/`);
      if (covers && mountPoint.length > longest) [longest, filesystem] = [mountPoint.length, type];
    }
  } catch {
    // no /proc: not Linux
  }
  return { dir: STATE, filesystem };
}

/* A process that has exited but not been reaped yet (state Z) counts as gone. */
function isRunning(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/* Of wrangler's `workerd` descendants, the one not listening on the bench's own port. */
function findRuntime(root, port) {
  const candidates = findDescendants(root, "workerd");
  const runtime = candidates.find((pid) => {
    try {
      return !readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(`:${port}\0`);
    } catch {
      return false;
    }
  });
  return runtime ?? candidates[0] ?? null;
}

/* Walks /proc for the descendants of `root` whose command name is `name` (Linux only). */
function findDescendants(root, name) {
  let entries;
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const parentOf = new Map();
  const commOf = new Map();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      commOf.set(Number(pid), stat.slice(stat.indexOf("(") + 1, close));
      parentOf.set(Number(pid), Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const found = [];
  for (const [pid, comm] of commOf) {
    if (comm !== name) continue;
    for (let p = parentOf.get(pid); p; p = parentOf.get(p)) {
      if (p === root) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

