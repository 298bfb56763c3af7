#!/usr/bin/env node
/*
 * A stock y-partyserver provider in Node joins a PageRoom under `wrangler dev` (port 8795, state
 * in a temp dir), edits, and a second provider sees the edit and the first one's presence.
 * Run: node test/node/provider-joins-room.mjs   (exit code 0 = pass)
 */
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import YProvider from "y-partyserver/provider";
import * as Y from "yjs";

const here = dirname(fileURLToPath(import.meta.url));
const config = join(here, "wrangler.node-test.toml");
const PORT = 8795;
const ORIGIN = `http://localhost:${PORT}`;
const persist = mkdtempSync(join(tmpdir(), "cms-node-room-"));
const quiet = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const wrangler = join(here, "../../node_modules/.bin/wrangler");

function d1(command) {
  return execFileSync(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", persist, "-c", config, "--json", "--command", command], { env: quiet, encoding: "utf8" });
}

/** A `ws` WebSocket that sends the headers a signed-in browser on the site would. */
function socketAs(editor) {
  return class extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers: { origin: ORIGIN, "x-node-test-editor": JSON.stringify(editor) } });
    }
  };
}

function until(check, ms = 10_000) {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const tick = () => (check() ? resolve() : Date.now() > deadline ? reject(new Error("timed out")) : setTimeout(tick, 20));
    tick();
  });
}

const editor = (name) => ({ id: `node-${name}`, email: `${name}@example.test`, name, roles: ["editor"], access: { publish: false } });

let dev;
let failed = false;
try {
  execFileSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist, "-c", config], { env: quiet, stdio: "ignore" });
  d1("INSERT INTO pages (slug, title, body) VALUES ('node-room', 'From D1', '<p>Hi</p>')");
  const id = JSON.parse(d1("SELECT id FROM pages WHERE slug = 'node-room'"))[0].results[0].id;

  dev = spawn(wrangler, ["dev", "-c", config, "--port", String(PORT), "--persist-to", persist, "--ip", "127.0.0.1"], { env: quiet, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  dev.stdout.on("data", (chunk) => (log += chunk));
  dev.stderr.on("data", (chunk) => (log += chunk));
  await until(() => log.includes("Ready on"), 60_000);

  const docA = new Y.Doc();
  const a = new YProvider(`localhost:${PORT}`, `pages:${id}`, docA, { party: "page-room", disableBc: true, WebSocketPolyfill: socketAs(editor("ann")) });
  await until(() => a.synced);
  if (docA.getText("title").toString() !== "From D1") throw new Error(`seeded title was ${docA.getText("title").toString()}`);
  a.awareness.setLocalState({ cursor: null });
  docA.getText("title").insert(0, "Node: ");

  const docB = new Y.Doc();
  const b = new YProvider(`localhost:${PORT}`, `pages:${id}`, docB, { party: "page-room", disableBc: true, WebSocketPolyfill: socketAs(editor("bob")) });
  await until(() => b.synced && docB.getText("title").toString() === "Node: From D1");
  await until(() => [...b.awareness.getStates().values()].some((state) => state.user?.name === "ann"));

  // No editor: the upgrade is refused with 401 before the room.
  const refused = await new Promise((resolve) => {
    const ws = new WebSocket(`ws://localhost:${PORT}/parties/page-room/pages:${id}`, { headers: { origin: ORIGIN } });
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode));
    ws.on("open", () => resolve(101));
  });
  if (refused !== 401) throw new Error(`unauthenticated upgrade answered ${refused}`);

  a.destroy();
  b.destroy();
  console.log(`ok: y-partyserver provider joined pages:${id} under wrangler dev, synced, edited, saw presence; 401 without an editor`);
} catch (error) {
  failed = true;
  console.error("FAILED:", error);
} finally {
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {}
  }
  rmSync(persist, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}
