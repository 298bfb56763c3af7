import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { encodeAwarenessMessage } from "../../src/objects/room-wire";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { connect, editor, newPage, until, type YClient } from "../objects/room-client";
import { seedDemoEditors, signIn, SITE } from "../site/demo-helpers";

/*
 * Property-based fuzzing of a page's live room over real WebSockets (through the room gate, into
 * the PageRoom Durable Object): per run, a fresh page gets a sequence of hostile but well-formed
 * frames: Yjs updates (any Unicode in the plain title, paragraphs, headings and the schema's marks
 * in the rich body, deletions) and awareness states (any JSON, junk cursors, other clients' ids).
 * Every update the room's guard refuses (unknown roots, unknown nodes, attributes or marks, unsafe
 * links, embeds in plain text) must close the connection with 4422, each time, and the fuzzer joins
 * again. Properties: no
 * connection is ever closed as a server fault (1011), and afterwards the page is not wedged: a
 * publisher's REST write is stored (201, merged with live typing as the contract says) and
 * published (200), no request answers 5xx, and the room, the draft and the published row agree.
 *
 * Among the refused kinds are the audit's (issue 25, findings 2 and 4): junk keys in the `json`
 * map, a list replaced by a plain value there, a remote image under the strict media rule, a
 * protocol-relative link and a heading level off the schema. Left out: a title past its limit and
 * slug edits, which the room takes and answers with `violations` (a publisher's REST write
 * replaces them: test/objects/page-room-repair.test.ts).
 */

/** Property runs; each sends up to MAX_OPS frames (plus the joins), so several hundred frames in all. */
const RUNS = 25;
const MAX_OPS = 30;
const TITLE_LIMIT = 150;

let publisher = "";

beforeAll(async () => {
  await seedDemoEditors();
  publisher = await signIn("pub@demo.test");
});

const unicode = fc.string({ unit: "binary", maxLength: 12 });
// Marks as the editor writes them (the schema's names, attributes as an object): a mark the schema
// lacks is one of the refused kinds below.
const mark = fc.constantFrom<[string, Record<string, string>]>(["strong", {}], ["em", {}], ["link", { href: "https://example.test/a" }], ["link", { href: "/local" }], ["link", { href: "mailto:a@example.test" }]);

type Op =
  | { kind: "title-insert"; at: number; text: string }
  | { kind: "title-delete"; at: number; length: number }
  | { kind: "paragraph"; text: string; marks: [string, Record<string, string>][] }
  | { kind: "heading"; level: number; text: string }
  | { kind: "body-delete"; at: number }
  | { kind: "awareness"; clientID: number; clock: number; state: Record<string, unknown> | null }
  | { kind: "refused"; what: Refused };

/** Updates the guard is meant to refuse, each built as a stock Yjs client would send it. */
type Refused =
  | "unknown-root"
  | "unknown-node"
  | "off-schema-attribute"
  | "unknown-mark"
  | "javascript-link"
  | "embed-in-title"
  | "json-junk-key"
  | "list-as-json-value"
  | "remote-image"
  | "protocol-relative-link"
  | "heading-level-off-schema";

/** Every hostile kind: the fuzzer waits for its 4422 each time. */
const REFUSED: readonly Refused[] = [
  "unknown-root",
  "unknown-node",
  "off-schema-attribute",
  "unknown-mark",
  "javascript-link",
  "embed-in-title",
  "json-junk-key",
  "list-as-json-value",
  "remote-image",
  "protocol-relative-link",
  "heading-level-off-schema",
];

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("title-insert" as const), at: fc.nat(), text: unicode }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("title-delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("paragraph" as const), text: unicode, marks: fc.array(mark, { maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("heading" as const), level: fc.integer({ min: 1, max: 6 }), text: unicode }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("body-delete" as const), at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("awareness" as const),
      clientID: fc.oneof(fc.integer({ min: 1, max: 2 ** 31 }), fc.constant(0)),
      clock: fc.nat({ max: 1_000 }),
      state: fc.oneof(
        fc.constant(null),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
        fc.record({ cursor: fc.jsonValue({ maxDepth: 3 }), field: fc.jsonValue({ maxDepth: 2 }), user: fc.jsonValue({ maxDepth: 2 }) }),
        fc.record({ cursor: fc.record({ anchor: fc.record({ junk: fc.boolean() }), head: fc.record({ tname: fc.string({ maxLength: 300 }) }) }) }),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("refused" as const),
      what: fc.constantFrom<Refused>(...REFUSED),
    }),
  },
);

/** Applies one op to the client's document (the client sends it as one update frame). */
function apply(client: YClient, next: Op): void {
  const title = client.doc.getText("title");
  const body = client.doc.getXmlFragment("body");
  switch (next.kind) {
    case "title-insert": {
      const room = TITLE_LIMIT - title.length;
      if (room > 0) title.insert(next.at % (title.length + 1), next.text.slice(0, room));
      return;
    }
    case "title-delete":
      if (title.length > 0) title.delete(next.at % title.length, Math.min(next.length, title.length - (next.at % title.length)));
      return;
    case "paragraph": {
      const paragraph = new Y.XmlElement("paragraph");
      const text = new Y.XmlText();
      paragraph.insert(0, [text]);
      body.insert(body.length, [paragraph]);
      text.insert(0, next.text, Object.fromEntries(next.marks));
      return;
    }
    case "heading": {
      const heading = new Y.XmlElement("heading");
      heading.setAttribute("level", next.level as unknown as string);
      const text = new Y.XmlText();
      heading.insert(0, [text]);
      body.insert(body.length, [heading]);
      text.insert(0, next.text);
      return;
    }
    case "body-delete":
      if (body.length > 0) body.delete(next.at % body.length, 1);
      return;
    case "awareness":
      client.sendRaw(encodeAwarenessMessage([{ clientID: next.clientID, clock: next.clock, state: next.state }]));
      return;
    case "refused":
      applyRefused(client.doc, next.what);
  }
}

function applyRefused(doc: Y.Doc, what: Refused): void {
  const body = doc.getXmlFragment("body");
  const withText = (element: Y.XmlElement, attributes: Record<string, unknown> = {}) => {
    const text = new Y.XmlText();
    element.insert(0, [text]);
    body.insert(body.length, [element]);
    text.insert(0, "x", attributes);
  };
  if (what === "unknown-root") doc.getText("junk").insert(0, "x".repeat(64));
  else if (what === "unknown-node") withText(new Y.XmlElement("script"));
  else if (what === "off-schema-attribute") {
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.setAttribute("onclick", "alert(1)");
    withText(paragraph);
  } else if (what === "unknown-mark") withText(new Y.XmlElement("paragraph"), { blink: true });
  else if (what === "javascript-link") withText(new Y.XmlElement("paragraph"), { link: { href: "javascript:alert(1)" } });
  else if (what === "protocol-relative-link") withText(new Y.XmlElement("paragraph"), { link: { href: "//evil.test/x" } });
  else if (what === "json-junk-key") doc.getMap("json").set("junk", "x".repeat(64));
  else if (what === "list-as-json-value") doc.getMap("json").set("sections", "not-an-array");
  else if (what === "remote-image" || what === "heading-level-off-schema") {
    const element = what === "remote-image" ? new Y.XmlElement("image") : new Y.XmlElement("heading");
    if (what === "remote-image") element.setAttribute("src", "https://evil.test/pixel.png");
    else element.setAttribute("level", "1 onmouseover=alert(1)");
    body.insert(body.length, [element]);
  } else doc.getText("title").insertEmbed(0, { image: "https://evil.test/x.png" });
}

async function rest(method: string, path: string, payload?: unknown): Promise<Response> {
  const res = await exports.default.fetch(`${SITE}${path}`, {
    method,
    headers: { cookie: publisher, origin: SITE, "content-type": "application/json" },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  expect(res.status, `${method} ${path} → ${res.status}`).toBeLessThan(500);
  return res;
}

describe("fuzzing a page's room with hostile frames: no server fault, no wedged page", () => {
  it("hundreds of frames over real WebSockets, then a publisher's REST write and publish still go through", { timeout: 240_000 }, async () => {
    let frames = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: MAX_OPS }), async (ops) => {
        const id = await newPage({ title: "Fuzzed", body: "<p>Start</p>" });
        let client = await connect(id, editor("fuzz"));
        for (const next of ops) {
          apply(client, next);
          frames += 1;
          if (next.kind === "refused") {
            await until(() => client.closed !== null, 10_000);
            expect(client.closed?.code, `${next.what} → ${JSON.stringify(client.closed)}`).toBe(ROOM_CLOSE.REFUSED);
          }
          if (client.closed) {
            expect([ROOM_CLOSE.REFUSED, ROOM_CLOSE.RATE_LIMITED]).toContain(client.closed.code);
            client = await connect(id, editor("fuzz"));
          }
        }
        client.close();

        // Written without a base, the title merges with live typing its writer never saw (the
        // contract): the publisher's words land unless the answer names a conflict on the title,
        // and the room, the draft and the published row agree.
        const title = `Repaired ${id}`;
        const saved = await rest("PATCH", `/api/cms/pages/${id}`, { title });
        const draft = (await saved.clone().json()) as { snapshot?: { title?: string }; conflicts?: string[] };
        expect(saved.status, JSON.stringify(draft)).toBe(201);
        // Base-less, it merges with live typing, which may sit between its words: each word lands.
        if (!draft.conflicts?.includes("title")) for (const word of title.split(" ")) expect(draft.snapshot?.title).toContain(word);
        const published = await rest("POST", `/api/cms/pages/${id}/publish`, {});
        expect(published.status, await published.clone().text()).toBe(200);
        await (await rest("GET", `/api/cms/pages/${id}/versions`)).arrayBuffer();
        const live = await env.DB.prepare("SELECT title FROM pages WHERE id = ?1").bind(id).first<{ title: string }>();
        expect(live?.title).toBe(draft.snapshot?.title);
        const joiner = await connect(id, editor("later"));
        expect(joiner.closed).toBeNull();
        expect(joiner.text("title")).toBe(live?.title);
        joiner.close();
      }),
      // No shrinking: a failing sequence is reported as found (shrinking replays whole room sessions, minutes each).
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(frames).toBeGreaterThanOrEqual(RUNS * 5);
  });
});
