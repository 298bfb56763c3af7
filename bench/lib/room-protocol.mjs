// The package's `cms-toolkit/room-protocol` entry as the bench's Node clients load it: bundled from
// src/room-protocol.ts on import (esbuild, a few milliseconds), so the bench counts frames and reads
// acknowledgements with the code a client ships, without `npm run build` first. Packages stay
// external (resolved from node_modules), so the clients share one copy of Yjs with it.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = join(ROOT, "node_modules/.cache/cms-toolkit-bench/room-protocol.mjs");

mkdirSync(dirname(OUT), { recursive: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: ["src/room-protocol.ts"],
  outfile: OUT,
  bundle: true,
  packages: "external",
  format: "esm",
  platform: "node",
  logLevel: "warning",
});

/**
 * `UpdateAcks` (counts a connection's update frames), `parseRoomEvent` and the protocol version a client sends, as the package exports them.
 *
 * @example
 * import { parseRoomEvent } from "../lib/room-protocol.mjs";
 * provider.on("custom-message", (raw) => parseRoomEvent(raw)?.type === "ack" && done());
 */
export const { ROOM_PROTOCOL_VERSION, ROOM_VERSION_PARAM, UpdateAcks, parseRoomEvent } = await import(pathToFileURL(OUT).href);
