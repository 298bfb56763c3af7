// The bench worker's local server: what `wrangler dev` starts (the same config, state, runtime and
// dev proxy in front), through wrangler's Node API, so that the runtime's inspector can stay off.
// `wrangler dev` always opens it, and wrangler's inspector proxy then turns on the runtime's
// Network domain and writes every event of every subrequest (each D1 query) to its debug log:
// 113,000 messages in one `site-1000-rooms` run, and most of a core of this two-core machine taken
// from the runtime while editors type. `BENCH_INSPECTOR_PORT` opens it there (for `profile.mjs`).
//
//   node bench/lib/dev-server.mjs <config> <port> <persist-to>   (vars as BENCH_VAR_<NAME>)
//
// Prints "ready" once it listens; SIGTERM disposes of it and exits.
import { unstable_startWorker } from "wrangler";

const [config, port, persist] = process.argv.slice(2);
const bindings = Object.fromEntries(
  Object.entries(process.env)
    .filter(([name]) => name.startsWith("BENCH_VAR_"))
    .map(([name, value]) => [name.slice("BENCH_VAR_".length), { type: "plain_text", value }]),
);
const inspectorPort = process.env.BENCH_INSPECTOR_PORT;
const worker = await unstable_startWorker({
  config,
  bindings,
  dev: {
    server: { hostname: "127.0.0.1", port: Number(port) },
    inspector: inspectorPort ? { hostname: "127.0.0.1", port: Number(inspectorPort) } : false,
    persist,
    watch: false,
    logLevel: "warn",
  },
});
await worker.ready;
console.log("ready");
process.once("SIGTERM", () => {
  worker.dispose().finally(() => process.exit(0));
});
