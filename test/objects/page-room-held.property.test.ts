import fc from "fast-check";
import * as encoding from "lib0/encoding";
import { describe, expect, it } from "vitest";
import { writeUpdate } from "y-protocols/sync";
import * as Y from "yjs";
import { connect, editor, newPage, until, type YClient } from "./room-client";

/*
 * Property, against a real room: the room sends an update to every editor but its author, and to
 * its author too when applying it let in items it held back (someone else's, which the author
 * lacks). Three editors type into the title in any interleaving; some type right after a letter
 * that only they have (learned elsewhere, never sent), so the room holds their letter back until
 * another editor brings that letter. Whatever the order, every editor ends with the document the
 * room holds, as an editor joining afterwards reads it.
 */

type Op = { kind: "type"; who: number; at: number; letter: string } | { kind: "hold"; who: number } | { kind: "bring"; who: number; which: number };

const who = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("type" as const), who, at: fc.nat(), letter: fc.constantFrom("a", "b", "c", "é", "😀") }),
  fc.record({ kind: fc.constant("hold" as const), who }),
  fc.record({ kind: fc.constant("bring" as const), who, which: fc.nat() }),
);

/* Sends `letter` through `client`, whether or not its document has it already (it may be the one that learned it). */
function bring(client: YClient, letter: Uint8Array): void {
  Y.applyUpdate(client.doc, letter, client);
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  writeUpdate(encoder, letter);
  client.sendRaw(encoding.toUint8Array(encoder));
}

describe("PageRoom broadcast: every editor ends with the room's document, whatever was held back", () => {
  it("three editors typing, some after letters the room has not seen, in any interleaving", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const id = await newPage({ title: "" });
        const clients: YClient[] = [];
        for (const name of ["ann", "bob", "cy"]) clients.push(await connect(id, editor(name)));
        /** Letters some editor has and the room has not seen yet. */
        const unseen: Uint8Array[] = [];
        for (const step of ops) {
          const client = clients[step.who] as YClient;
          const title = client.doc.getText("title");
          if (step.kind === "type") title.insert(step.at % (title.length + 1), step.letter);
          else if (step.kind === "hold") {
            const elsewhere = new Y.Doc();
            elsewhere.getText("title").insert(0, "w");
            const letter = Y.encodeStateAsUpdate(elsewhere);
            unseen.push(letter);
            // Learned without sending (the client's own origin), then typed right after.
            Y.applyUpdate(client.doc, letter, client);
            title.insert(title.toString().indexOf("w") + 1, "!");
          } else if (unseen.length > 0) {
            bring(client, unseen.splice(step.which % unseen.length, 1)[0] as Uint8Array);
          }
        }
        for (const letter of unseen) bring(clients[0] as YClient, letter);
        await until(() => clients.every((client) => client.acknowledged()));
        const check = await connect(id, editor("check"));
        const held = check.text("title");
        // Converged in milliseconds when it holds; an editor missing a letter never would.
        await until(() => clients.every((client) => client.text("title") === held), 5_000).catch(() => undefined);
        expect(clients.map((client) => client.text("title"))).toEqual([held, held, held]);
        for (const client of [...clients, check]) client.close();
      }),
      // A failing run waits out the convergence: stop at the first rather than shrink for minutes.
      { numRuns: 12, endOnFailure: true },
    );
  }, 120_000);
});
