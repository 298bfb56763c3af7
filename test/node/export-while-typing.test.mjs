// `cms-toolkit export` while two editors type: every edit acknowledged before the export began is in
// the archive. Two Node Yjs clients (stock y-partyserver providers) append paragraphs to one page of
// the reference site under `wrangler dev` (port TYPING_EXPORT_PORT, default 8792) without pause, so
// the room writes its draft only at its maximum wait; the export runs on the same local state
// meanwhile. A paragraph is acknowledged once its author received the room's `ack` covering the
// frame that carried it. Run: node --test test/node/export-while-typing.test.mjs
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, it } from "node:test";
import WebSocket from "ws";
import YProvider from "y-partyserver/provider";
import * as Y from "yjs";
import { ROOM_PROTOCOL_VERSION, ROOM_VERSION_PARAM, UpdateAcks, parseRoomEvent } from "../../dist/lib/room-protocol.js";
import { startSite } from "../e2e/server.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.TYPING_EXPORT_PORT ?? 8792);
const scratch = mkdtempSync(join(tmpdir(), "cms-export-typing-"));
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

let site = null;
after(async () => {
  await site?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function until(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function signIn(email) {
  const res = await fetch(`${site.origin}/api/cms/session`, {
    method: "POST",
    headers: { origin: site.origin, "content-type": "application/json" },
    body: JSON.stringify({ email, password: site.password }),
  });
  assert.equal(res.status, 204, `sign-in of ${email}`);
  return res.headers.get("set-cookie").split(";")[0];
}

/**
 * One typist: a provider whose socket counts the update frames it sends, and a ledger tying each
 * paragraph to the frame that carried it, so `durable()` lists the paragraphs the room acknowledged.
 */
async function typist(email, id, name) {
  const cookie = await signIn(email);
  const typed = [];
  let acks = null;
  let carrying = null;
  const origin = site.origin;
  class Socket extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers: { origin, cookie } });
      const mine = new UpdateAcks();
      acks = mine;
      const send = this.send.bind(this);
      this.send = (data, ...rest) => {
        send(data, ...rest);
        mine.sent(data);
        if (carrying && data instanceof Uint8Array && data[0] === 0 && data[1] === 2) {
          typed.push({ marker: carrying, acks: mine, frame: mine.sentCount() });
          carrying = null;
        }
      };
    }
  }
  const doc = new Y.Doc();
  const provider = new YProvider(`127.0.0.1:${PORT}`, `pages:${id}`, doc, {
    party: "page-room",
    disableBc: true,
    params: { [ROOM_VERSION_PARAM]: String(ROOM_PROTOCOL_VERSION) },
    WebSocketPolyfill: Socket,
  });
  let saves = 0;
  provider.on("custom-message", (raw) => {
    const event = parseRoomEvent(raw);
    if (event?.type === "ack") acks?.acked(event.updates);
    if (event?.type === "saved") saves += 1;
  });
  await until(() => provider.synced, 30_000, `${name} to sync`);
  let count = 0;
  return {
    type() {
      const marker = `${name}-paragraph-${++count}`;
      carrying = marker;
      const paragraph = new Y.XmlElement("paragraph");
      paragraph.insert(0, [new Y.XmlText(marker)]);
      const body = doc.getXmlFragment("body");
      body.insert(body.length, [paragraph]);
      carrying = null;
    },
    /** Drafts the room told this editor it wrote to D1. */
    saves: () => saves,
    durable: () => typed.filter(({ acks: a, frame }) => a.sentCount() - a.waiting() >= frame).map(({ marker }) => marker),
    close: () => provider.destroy(),
  };
}

function exportArchive(file) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), "export", file, "-c", "test/e2e/wrangler.e2e.toml", "--persist-to", site.state.persistTo], {
      cwd: ROOT,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (status) => done({ status, output }));
  });
}

it("an export taken while two editors type holds every paragraph acknowledged before it began", { timeout: 240_000 }, async () => {
  site = await startSite({ port: PORT });
  const created = await fetch(`${site.origin}/api/cms/pages`, {
    method: "POST",
    headers: { origin: site.origin, cookie: await signIn("editor@example.test"), "content-type": "application/json" },
    body: JSON.stringify({ slug: "typed-during-export", title: "Typed during export", body: "<p>start</p>" }),
  });
  assert.equal(created.status, 201);
  const { id } = await created.json();
  const ann = await typist("editor@example.test", id, "ann");
  const pat = await typist("publisher@example.test", id, "pat");
  let typing = true;
  const keepTyping = (async () => {
    while (typing) {
      ann.type();
      pat.type();
      await sleep(40);
    }
  })();
  // Typing never pauses, so the room writes a draft only at its maximum wait (12 s). Just after
  // one, a second of typing is acknowledged but in no draft, and the next draft is seconds away:
  // an export that read D1 without waiting for the room would miss those paragraphs.
  const saves = ann.saves();
  await until(() => ann.saves() > saves, 60_000, "a draft written by the room");
  await sleep(1_000);
  const before = [...ann.durable(), ...pat.durable()];
  const file = join(scratch, "site.cms");
  const run = await exportArchive(file);
  typing = false;
  await keepTyping;
  ann.close();
  pat.close();
  assert.equal(run.status, 0, run.output);
  const text = readFileSync(file, "utf8");
  const missing = before.filter((marker) => !text.includes(`>${marker}<`));
  assert.deepEqual(missing, [], `${missing.length} of ${before.length} acknowledged paragraphs are not in the archive`);
});
