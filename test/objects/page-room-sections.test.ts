import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { PageRoom } from "../../src/objects/PageRoom";
import { draftWriterFor } from "../../src/objects/room-client";
import { RoomStore } from "../../src/objects/room-store";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { versionsRoute } from "../../src/routes/versions-route";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { asEditor, headerResolver, request } from "../helpers/http";
import { connect, editor, listOf, newestDraft, newPage, until, withoutIds, type YClient } from "./room-client";

const versions = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor });
const HEADING = "one two three four five";

/** The first section's heading as a client's document holds it. */
const heading = (doc: Y.Doc): Y.Text => (doc.getArray<Y.Map<unknown>>("sections").get(0).get("heading") as Y.Text);
const headingOf = (client: YClient) => heading(client.doc).toString();

async function twoOnHeading(text = HEADING): Promise<{ id: number; a: YClient; b: YClient }> {
  const id = await newPage({ sections: [{ type: "hero", heading: text, text: "Body" }] });
  const a = await connect(id, editor("ann"));
  const b = await connect(id, editor("bob"));
  return { id, a, b };
}

/** Waits until both clients and the room (a fresh client's view of it) hold the same heading; returns it. */
async function converged(id: number, a: YClient, b: YClient, check: (text: string) => boolean): Promise<string> {
  await until(() => headingOf(a) === headingOf(b) && check(headingOf(a)));
  const room = await connect(id, editor("check"));
  await until(() => room.doc.getArray("sections").length > 0 && headingOf(room) === headingOf(a));
  room.close();
  return headingOf(a);
}

const after = (text: string, word: string) => text.indexOf(word) + word.length;

describe("a section heading typed by two editors at once (issue 26)", () => {
  it("keeps every letter where each typist put it when they type alternately after different words, and the draft holds it", async () => {
    const { id, a, b } = await twoOnHeading();
    for (let i = 0; i < 10; i++) {
      heading(a.doc).insert(after(headingOf(a), "two") + i, "q");
      heading(b.doc).insert(after(headingOf(b), "four") + i, "z");
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const expected = `one two${"q".repeat(10)} three four${"z".repeat(10)} five`;
    expect(await converged(id, a, b, (text) => text === expected)).toBe(expected);
    await until(async () => ((await newestDraft(id))?.sections as { heading: string }[] | undefined)?.[0]?.heading === expected);
    a.close();
    b.close();
  });

  it("keeps all of both typists' letters when they type at the same spot at once", async () => {
    const { id, a, b } = await twoOnHeading();
    const spot = after(HEADING, "three");
    for (let i = 0; i < 5; i++) {
      heading(a.doc).insert(spot + i, "X");
      heading(b.doc).insert(spot + i, "Y");
    }
    const text = await converged(id, a, b, (t) => t.length === HEADING.length + 10);
    expect(text.match(/X/g)).toHaveLength(5);
    expect(text.match(/Y/g)).toHaveLength(5);
    expect(text.replace(/[XY]/g, "")).toBe(HEADING);
    a.close();
    b.close();
  });

  it("keeps both replacements when both replace the same word", async () => {
    const { id, a, b } = await twoOnHeading();
    const start = HEADING.indexOf("three");
    for (const [client, word] of [[a, "when"], [b, "how"]] as const) {
      client.doc.transact(() => {
        heading(client.doc).delete(start, "three".length);
        heading(client.doc).insert(start, word);
      });
    }
    const text = await converged(id, a, b, (t) => t.includes("when") && t.includes("how"));
    expect(["one two whenhow four five", "one two howwhen four five"]).toContain(text);
    a.close();
    b.close();
  });

  it("an outside REST write to the same section text keeps what a live editor typed meanwhile", async () => {
    const { id, a, b } = await twoOnHeading();
    heading(a.doc).insert(0, "Live ");
    await until(() => headingOf(b) === `Live ${HEADING}`);
    // The writer read the page before the live edit (content without ids) and changed its last word.
    const sections = [{ type: "hero", heading: "one two three four six", text: "Body" }];
    const res = await runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/versions`, { body: { sections }, headers: asEditor() }), env);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ conflicts: [] });
    const expected = "Live one two three four six";
    expect(await converged(id, a, b, (text) => text === expected)).toBe(expected);
    const draft = (await newestDraft(id))?.sections as { heading: string; id: string }[];
    expect(draft[0]?.heading).toBe(expected);
    expect(draft[0]?.id).toMatch(/^[a-z0-9]{12}$/);
    a.close();
    b.close();
  });
});

describe("a room stored before lists were structures", () => {
  it("converts the plain json value on load, stores it converted, and its editors type in it by character", async () => {
    const sections = [{ type: "hero", heading: "Old shape" }];
    const id = await newPage({ sections });
    const stub = () => env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
    // What such a room stored: the list as one value in the `json` map.
    await runInDurableObject(stub(), (_room: PageRoom, state) => {
      const old = new Y.Doc();
      old.getText("title").insert(0, "Live title");
      old.getMap("json").set("sections", sections);
      new RoomStore(state.storage).compact(old);
    });
    await abortAllDurableObjects();
    const a = await connect(id, editor("ann"));
    expect(withoutIds(listOf(a.doc))).toEqual(sections);
    expect(a.doc.getMap("json").has("sections")).toBe(false);
    // What the room stored is the converted document.
    const stored = await runInDurableObject(stub(), (_room: PageRoom, state) => {
      const doc = new Y.Doc();
      new RoomStore(state.storage).loadInto(doc, null);
      return { json: doc.getMap("json").toJSON(), sections: doc.getArray("sections").toJSON() };
    });
    expect(stored.json).toEqual({});
    expect(withoutIds(stored.sections)).toEqual(sections);
    heading(a.doc).insert(0, "No ");
    await until(async () => ((await newestDraft(id))?.sections as { heading: string }[] | undefined)?.[0]?.heading === "No Old shape");
    a.close();
  });
});

/** One typist: its own copy of the document, connected to the room through a client whose traffic it releases at will. */
interface Typist {
  local: Y.Doc;
  client: YClient;
  alphabet: string;
  typed: string;
}

type Step = { typist: number; action: "type"; at: number } | { typist: number; action: "send" | "receive" };

const step = (typists: number) =>
  fc.oneof(
    fc.record({ typist: fc.nat(typists - 1), action: fc.constant("type" as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
    fc.record({ typist: fc.nat(typists - 1), action: fc.constantFrom("send" as const, "receive" as const) }),
  );

async function interleave(field: "title" | "section", count: number, steps: Step[]): Promise<void> {
  const start = "abc def";
  const id = await newPage(field === "title" ? { title: start } : { sections: [{ type: "hero", heading: start }] });
  const textOf = (doc: Y.Doc) => (field === "title" ? doc.getText("title") : heading(doc));
  const typists: Typist[] = [];
  for (let t = 0; t < count; t++) {
    const client = await connect(id, editor(`typist${t}`));
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(client.doc));
    typists.push({ local, client, alphabet: ["ABCDEFGHIJ", "klmnopqrst", "0123456789"][t] as string, typed: "" });
  }
  const send = (t: Typist) => Y.applyUpdate(t.client.doc, Y.encodeStateAsUpdate(t.local, Y.encodeStateVector(t.client.doc)));
  const receive = (t: Typist) => Y.applyUpdate(t.local, Y.encodeStateAsUpdate(t.client.doc, Y.encodeStateVector(t.local)));
  for (const s of steps) {
    const t = typists[s.typist] as Typist;
    if (s.action === "send") send(t);
    else if (s.action === "receive") receive(t);
    else if (s.action === "type") {
      const text = textOf(t.local);
      const char = t.alphabet[t.typed.length % t.alphabet.length] as string;
      text.insert(Math.floor(s.at * (text.length + 1)) % (text.length + 1), char);
      t.typed += char;
    }
  }
  typists.forEach(send);
  const everything = [...start, ...typists.flatMap((t) => [...t.typed])].sort().join("");
  const sorted = (text: string) => [...text].sort().join("");
  await until(() => typists.every((t) => textOf(t.client.doc).toString() === textOf((typists[0] as Typist).client.doc).toString() && sorted(textOf(t.client.doc).toString()) === everything));
  typists.forEach(receive);
  const final = textOf((typists[0] as Typist).local).toString();
  for (const t of typists) expect(textOf(t.local).toString()).toBe(final);
  expect(sorted(final)).toBe(everything);
  const room = await connect(id, editor("check"));
  await until(() => textOf(room.doc).toString() === final);
  room.close();
  for (const t of typists) t.client.close();
}

describe("random interleavings of two or three typists converge and keep every character", () => {
  for (const field of ["title", "section"] as const) {
    it(`in ${field === "title" ? "a field of its own (title)" : "a field inside a section (heading)"}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 3 }).chain((count) => fc.tuple(fc.constant(count), fc.array(step(count), { minLength: 5, maxLength: 40 }))),
          async ([count, steps]) => interleave(field, count, steps),
        ),
        { numRuns: 12 },
      );
    }, 60_000);
  }
});
