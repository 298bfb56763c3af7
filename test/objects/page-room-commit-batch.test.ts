import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { currentAccess, isSessionLive } from "../../src/auth/resolve-editor";
import type { PageRoom } from "../../src/objects/PageRoom";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { roomCollections } from "../../src/site/room-deps";
import { connect, editor, newPage, TEST_LIMITS, until } from "./room-client";

/*
 * The room's hot path: a commit's updates go to storage in one statement, and a message on a
 * connection the room already knows does not read the socket's attachment again.
 */

// A commit window wide enough that several editors' keystrokes always land in one commit.
const WIDE = { ...TEST_LIMITS, commitDelayMs: 400 };

beforeAll(() => siteCms.PageRoom.configure<SiteEnv>({ collections: roomCollections, limits: WIDE, isSessionLive, publishAccess: currentAccess }));
// Files may share one isolate: put back the limits the other room tests expect.
afterAll(() => siteCms.PageRoom.configure<SiteEnv>({ collections: roomCollections, limits: TEST_LIMITS, isSessionLive, publishAccess: currentAccess }));

const stub = (id: number) => env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;

/** One insert of updates: its rows, and the synchronous turn of the room it ran in (one commit is one turn). */
type Insert = { turn: number; rows: number };
type Tally = { inserts: Insert[]; attachmentReads: number };

/** Counts, from now on, the room's inserts of updates (rows and turn of each statement) and its sockets' attachment reads. */
async function tally(id: number): Promise<{ read: () => Promise<Tally>; restore: () => Promise<void> }> {
  await runInDurableObject(stub(id), (_room: PageRoom, state) => {
    const counts: Tally = { inserts: [], attachmentReads: 0 };
    const sql = state.storage.sql;
    const exec = sql.exec;
    // A commit runs in one synchronous turn: statements before the next microtask share a turn.
    let turn = 0;
    let inTurn = false;
    sql.exec = function (this: SqlStorage, query: string, ...bindings: unknown[]) {
      // Updates only: a compaction in the same turn writes its snapshot as 'chunk' rows.
      if (query.startsWith("INSERT INTO room_updates") && query.includes("('update', ?)")) {
        if (!inTurn) {
          inTurn = true;
          turn += 1;
          queueMicrotask(() => (inTurn = false));
        }
        counts.inserts.push({ turn, rows: bindings.length });
      }
      return exec.call(this, query, ...bindings);
    } as SqlStorage["exec"];
    const deserialize = WebSocket.prototype.deserializeAttachment;
    WebSocket.prototype.deserializeAttachment = function (this: WebSocket) {
      counts.attachmentReads += 1;
      return deserialize.call(this);
    };
    const scope = globalThis as { batchTally?: { counts: Tally; restore: () => void } };
    scope.batchTally = {
      counts,
      restore: () => {
        sql.exec = exec;
        WebSocket.prototype.deserializeAttachment = deserialize;
      },
    };
  });
  const scope = () => (globalThis as { batchTally?: { counts: Tally; restore: () => void } }).batchTally;
  return {
    read: () => runInDurableObject(stub(id), () => structuredClone(scope()?.counts ?? { inserts: [], attachmentReads: 0 })),
    restore: () => runInDurableObject(stub(id), () => scope()?.restore()),
  };
}

describe("PageRoom: one commit, one statement", () => {
  it("stores the updates of several editors that one commit covers in one statement, and every acknowledged one survives an abort right after", async () => {
    const id = await newPage({ title: "" });
    const ann = await connect(id, editor("ann"));
    const bob = await connect(id, editor("bob"));
    await until(() => ann.acknowledged() && bob.acknowledged());
    const counts = await tally(id);
    let expected = { title: "", paragraphs: 0 };
    try {
      // How many updates arrive within one commit window depends on the machine's load, so the
      // burst repeats until one commit held more than one update (each burst adds a paragraph).
      let bursts = 0;
      let inserts: Insert[] = [];
      do {
        ann.doc.getText("title").insert(bursts * 2, "a");
        bob.doc.getXmlFragment("body").insert(0, [new Y.XmlElement("paragraph")]);
        ann.doc.getText("title").insert(bursts * 2 + 1, "b");
        bursts += 1;
        await until(() => ann.acknowledged() && bob.acknowledged());
        inserts = (await counts.read()).inserts;
      } while (bursts < 5 && !inserts.some((insert) => insert.rows >= 2));
      expect(inserts.some((insert) => insert.rows >= 2)).toBe(true);
      // Whatever one commit holds goes to storage in one statement: no turn runs two inserts.
      const turns = inserts.map((insert) => insert.turn);
      expect(new Set(turns).size).toBe(turns.length);
      expected = { title: "ab".repeat(bursts), paragraphs: 1 + bursts };
    } finally {
      await counts.restore();
    }
    await abortAllDurableObjects();
    await until(() => ann.closed !== null && bob.closed !== null);
    const cy = await connect(id, editor("cy"));
    expect(cy.text("title")).toBe(expected.title);
    expect(cy.doc.getXmlFragment("body").length).toBe(expected.paragraphs);
    cy.close();
  });

  it("reads no socket's attachment for a keystroke on a connection it already knows", async () => {
    const id = await newPage({ title: "" });
    const ann = await connect(id, editor("ann"));
    const bob = await connect(id, editor("bob"));
    ann.doc.getText("title").insert(0, "warm");
    await until(() => ann.acknowledged() && bob.text("title") === "warm");
    const counts = await tally(id);
    try {
      ann.doc.getText("title").insert(4, "!");
      await until(() => ann.acknowledged() && bob.text("title") === "warm!");
      expect((await counts.read()).attachmentReads).toBe(0);
    } finally {
      await counts.restore();
    }
    ann.close();
    bob.close();
  });
});
