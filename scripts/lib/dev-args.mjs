// Arguments of `npm run dev`: the port is ours (MEDIA_URL is derived from it), the rest is wrangler's.
/**
 * Takes `--port N` / `--port=N` out of the arguments; the rest go to wrangler untouched.
 *
 * @example
 * splitPort(["--port", "8822", "--live-reload"], "8787") // { port: "8822", rest: ["--live-reload"] }
 */
export function splitPort(args, fallback) {
  const rest = [];
  let port = fallback;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--port") port = args[++i] ?? fallback;
    else if (arg.startsWith("--port=")) port = arg.slice("--port=".length);
    else rest.push(arg);
  }
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw new Error(`--port must be a TCP port, got ${JSON.stringify(port)}`);
  return { port, rest };
}
