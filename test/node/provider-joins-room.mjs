#!/usr/bin/env node
/*
 * Stock y-partyserver providers in Node sign in and join a PageRoom of the reference site under
 * `wrangler dev` (port NODE_ROOM_PORT, default 8795; state in a temp dir), edit, and the second sees the first one's edit
 * and presence; an upgrade without an editor is refused with 401.
 * Run: node test/node/provider-joins-room.mjs   (exit code 0 = pass)
 */
import { spawn, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import YProvider from "y-partyserver/provider";
import { ROOM_PROTOCOL_VERSION, ROOM_VERSION_PARAM } from "../../dist/lib/room-protocol.js";
import * as Y from "yjs";
import { addEditors } from "../../scripts/lib/editors.mjs";
import { migratedState } from "../e2e/migrated-state.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const config = join(here, "../../wrangler.toml");
const PORT = Number(process.env.NODE_ROOM_PORT ?? 8795);
const ORIGIN = `http://localhost:${PORT}`;
const persist = mkdtempSync(join(tmpdir(), "cms-node-room-"));
const quiet = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const wrangler = join(here, "../../node_modules/.bin/wrangler");

function d1(command) {
  return execFileSync(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", persist, "-c", config, "--json", "--command", command], { env: quiet, encoding: "utf8" });
}

/** A `ws` WebSocket that sends the headers a signed-in browser on the site would: its cookie and Origin. */
function socketAs(cookie) {
  return class extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers: { origin: ORIGIN, cookie } });
    }
  };
}

/** Signs in through the real session endpoint and returns the session cookie. */
async function signIn(email) {
  const res = await fetch(`${ORIGIN}/api/cms/session`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 204) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.headers.get("set-cookie").split(";")[0];
}

function until(check, ms = 10_000) {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const tick = () => (check() ? resolve() : Date.now() > deadline ? reject(new Error("timed out")) : setTimeout(tick, 20));
    tick();
  });
}

const PASSWORD = randomBytes(12).toString("base64url");

let dev;
let failed = false;
try {
  migratedState(persist);
  d1("INSERT INTO pages (slug, title, body) VALUES ('node-room', 'From D1', '<p>Hi</p>')");
  await addEditors(
    [
      { email: "ann@example.test", name: "ann", role: "editor", password: PASSWORD },
      { email: "bob@example.test", name: "bob", role: "editor", password: PASSWORD },
    ],
    { persistTo: persist, quiet: true },
  );
  const id = JSON.parse(d1("SELECT id FROM pages WHERE slug = 'node-room'"))[0].results[0].id;

  const secret = `CMS_SESSION_SECRET:${randomBytes(32).toString("base64url")}`;
  dev = spawn(wrangler, ["dev", "-c", config, "--port", String(PORT), "--inspector-port", String(PORT + 10000), "--persist-to", persist, "--ip", "127.0.0.1", "--var", secret], { env: quiet, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  dev.stdout.on("data", (chunk) => (log += chunk));
  dev.stderr.on("data", (chunk) => (log += chunk));
  await until(() => log.includes("Ready on"), 60_000);

  const docA = new Y.Doc();
  const a = new YProvider(`localhost:${PORT}`, `pages:${id}`, docA, { party: "page-room", disableBc: true, params: { [ROOM_VERSION_PARAM]: String(ROOM_PROTOCOL_VERSION) }, WebSocketPolyfill: socketAs(await signIn("ann@example.test")) });
  await until(() => a.synced);
  if (docA.getText("title").toString() !== "From D1") throw new Error(`seeded title was ${docA.getText("title").toString()}`);
  a.awareness.setLocalState({ cursor: null });
  docA.getText("title").insert(0, "Node: ");

  const docB = new Y.Doc();
  const b = new YProvider(`localhost:${PORT}`, `pages:${id}`, docB, { party: "page-room", disableBc: true, params: { [ROOM_VERSION_PARAM]: String(ROOM_PROTOCOL_VERSION) }, WebSocketPolyfill: socketAs(await signIn("bob@example.test")) });
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
  console.log(`ok: stock y-partyserver providers signed in, joined pages:${id} under wrangler dev, synced, edited, saw presence; 401 without an editor`);
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
