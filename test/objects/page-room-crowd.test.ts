import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { editorColor } from "../../src/shared/room-identity";
import { encodeAwarenessMessage } from "../../src/objects/room-wire";
import { connect, editor, newPage, until, type YClient } from "./room-client";

const CROWD = 100;

/* The editor ids a client sees present, each with the client id it is under. */
function present(client: YClient): Map<number, string> {
  const seen = new Map<number, string>();
  for (const [clientID, state] of client.awareness?.getStates() ?? []) {
    const user = state.user as { id?: unknown } | undefined;
    if (typeof user?.id === "string") seen.set(clientID, user.id);
  }
  return seen;
}

/*
 * Whether `client` sees exactly the other `members`, each under its own client id and with the
 * room's stamp (its own state is the one it set, which the room's stamped echo does not replace).
 */
function seesExactly(client: YClient, members: YClient[], names: Map<YClient, string>): boolean {
  const seen = present(client);
  const others = members.filter((member) => member !== client);
  return seen.size === others.length && others.every((member) => seen.get(member.doc.clientID) === `ed-${names.get(member)}`);
}

describe("PageRoom: a crowd in one room", () => {
  it("does not count a peer sending back the others' presence (as stock clients do) against its message budget", async () => {
    const id = await newPage({ title: "" });
    const mover = await connect(id, editor("mov"), { awareness: true });
    const echoer = await connect(id, editor("ech"), { awareness: true });
    mover.awareness?.setLocalState({ cursor: null });
    await until(() => present(echoer).get(mover.doc.clientID) === "ed-mov");
    const stamped = echoer.awareness?.getStates().get(mover.doc.clientID) ?? null;
    const clock = echoer.awareness?.meta.get(mover.doc.clientID)?.clock ?? 0;
    // More echoes than the budget's burst (400 messages): a crowd's cursor moves, sent back.
    for (let i = 0; i < 600; i++) echoer.sendRaw(encodeAwarenessMessage([{ clientID: mover.doc.clientID, clock, state: stamped }]));
    echoer.doc.getText("title").insert(0, "still here");
    await until(() => echoer.acknowledged() || echoer.closed !== null);
    expect(echoer.closed).toBeNull();
    await until(() => mover.text("title") === "still here");
    mover.close();
    echoer.close();
  });


  it("a join reads no other connection's attachment: the last of forty joins costs what the tenth did", { timeout: 120_000 }, async () => {
    const id = await newPage({ title: "" });
    // Counts the room's reads of socket attachments (each a structured-clone copy); the real method still answers.
    const read = WebSocket.prototype.deserializeAttachment;
    let reads = 0;
    WebSocket.prototype.deserializeAttachment = function (this: WebSocket) {
      reads++;
      return read.call(this);
    };
    try {
      const crowd: YClient[] = [];
      const readsOfJoin: number[] = [];
      for (let i = 0; i < 40; i++) {
        const before = reads;
        const client = await connect(id, editor(`j${i}`), { awareness: true });
        client.awareness?.setLocalState({ cursor: null });
        crowd.push(client);
        await until(() => crowd.every((member) => member.awareness?.getStates().size === crowd.length), 10_000);
        readsOfJoin.push(reads - before);
      }
      expect(readsOfJoin[39]).toBeLessThanOrEqual(readsOfJoin[9] as number);
      crowd.forEach((client) => client.close());
    } finally {
      WebSocket.prototype.deserializeAttachment = read;
    }
  });

  it(`${CROWD} editors join one by one: each sees every other's presence, nobody can take or clear one, and leaving removes it`, { timeout: 120_000 }, async () => {
    const id = await newPage({ title: "" });
    const names = new Map<YClient, string>();
    const crowd: YClient[] = [];
    for (let i = 0; i < CROWD; i++) {
      const name = `c${i}`;
      const client = await connect(id, editor(name), { awareness: true });
      names.set(client, name);
      client.awareness?.setLocalState({ cursor: null });
      crowd.push(client);
    }
    await until(() => crowd.every((client) => seesExactly(client, crowd, names)), 60_000);
    const first = crowd[0] as YClient;
    expect(first.awareness?.getStates().get((crowd[CROWD - 1] as YClient).doc.clientID)?.user).toEqual({
      name: `c${CROWD - 1}`,
      color: editorColor(`ed-c${CROWD - 1}`),
      id: `ed-c${CROWD - 1}`,
    });

    // A newcomer claims the ids of the first, a middle and the last to join, by presence and by writing.
    const victims = [crowd[0], crowd[CROWD / 2], crowd[CROWD - 1]] as YClient[];
    const eve = await connect(id, editor("eve"));
    eve.sendRaw(encodeAwarenessMessage(victims.map((victim) => ({ clientID: victim.doc.clientID, clock: 999, state: null }))));
    eve.sendRaw(encodeAwarenessMessage(victims.map((victim) => ({ clientID: victim.doc.clientID, clock: 1000, state: { cursor: null } }))));
    const probe = await connect(id, editor("pro"), { awareness: true });
    await until(() => seesExactly(probe, crowd, names));
    expect([...present(probe).values()]).not.toContain("ed-eve");
    const last = crowd[CROWD - 1] as YClient;
    last.doc.getText("title").insert(0, "last");
    await until(() => last.acknowledged());
    const forged = new Y.Doc();
    Y.applyUpdate(forged, Y.encodeStateAsUpdate(last.doc));
    forged.clientID = last.doc.clientID;
    const before = Y.encodeStateVector(forged);
    forged.getText("title").insert(4, "EVIL");
    Y.applyUpdate(eve.doc, Y.encodeStateAsUpdate(forged, before), "forged");
    await until(() => eve.closed !== null);
    expect(eve.closed?.code).toBe(ROOM_CLOSE.REFUSED);

    // Every other editor leaves: those who stay see exactly each other, and the ids of those who
    // left are free again for their own editor.
    const staying = crowd.filter((_, i) => i % 2 === 1);
    const leaving = crowd.filter((_, i) => i % 2 === 0);
    for (const client of leaving) client.close();
    await until(() => [...staying, probe].every((client) => seesExactly(client, staying, names)), 60_000);
    const back = await connect(id, editor("c0"));
    back.sendRaw(encodeAwarenessMessage([{ clientID: first.doc.clientID, clock: 5, state: { cursor: null } }]));
    await until(() => present(probe).get(first.doc.clientID) === "ed-c0");
    [...staying, probe, back].forEach((client) => client.close());
  });
});
