import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { fragmentToHtml } from "../../src/cores/rich-text";
import { draftWriterFor } from "../../src/objects/room-client";
import { pagesRoute } from "../../src/routes/pages-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { saveRoute } from "../../src/routes/save-route";
import { versionsRoute } from "../../src/routes/versions-route";
import { siteSaveConfig, type siteCollections } from "../../src/site/cms";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { asEditor, headerResolver, request } from "../helpers/http";
import { connect, editor, newestDraft, newPage, until, type YClient } from "./room-client";

/*
 * Property, against a real room: after any sequence of outside writes (versions POST, PATCH, inline
 * save, the service binding; with and without a base; some with an image from outside the media
 * store) and live typing over the room's WebSocket, the room's document and the D1 draft hold the
 * same title and body, no word is there twice, and a later write of each field is applied as sent.
 */

const versions = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor });
const crud = pagesRoute({ table: pages, versionsTable: pagesVersions, collection: pagesCollection, fields: ["slug", "title", "body", "sections"], resolveEditor: headerResolver, writer: draftWriterFor });
const inline = saveRoute({ ...siteSaveConfig, resolveEditor: headerResolver, writer: draftWriterFor });
const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;

type Entry = "versions" | "patch" | "inline" | "service";
type Op = { kind: "live-title"; at: number } | { kind: "live-body" } | { kind: "write"; entry: Entry; based: boolean; field: "title" | "body"; image: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("live-title" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("live-body" as const) }),
  fc.record({
    kind: fc.constant("write" as const),
    entry: fc.constantFrom<Entry>("versions", "patch", "inline", "service"),
    based: fc.boolean(),
    field: fc.constantFrom<"title" | "body">("title", "body"),
    image: fc.boolean(),
  }),
);

/** What a script reads: the newest draft and its version (the page row before any draft). */
async function readPage(id: number): Promise<{ title: string; body: string; version: number | null }> {
  const row = await env.DB.prepare("SELECT id, version_data AS data FROM pages_versions WHERE parent_id = ?1 ORDER BY id DESC LIMIT 1").bind(id).first<{ id: number; data: string }>();
  if (row) return { ...(JSON.parse(row.data) as { title: string; body: string }), version: row.id };
  const res = await runEditorRoute(crud, request("GET", `/api/cms/pages/${id}`, { headers: asEditor() }), env);
  return { ...((await res.json()) as { title: string; body: string }), version: null };
}

/** Writes one field through `entry`; `version` is the base, when the write names one. Answers the status. */
async function write(entry: Entry, id: number, field: string, value: string, version: number | null): Promise<number> {
  if (entry === "service") {
    const result = await service().saveDraft(editor("svc"), "pages", id, { [field]: value }, version === null ? {} : { baseVersionId: version });
    return result.ok ? 201 : result.status;
  }
  if (entry === "inline") {
    const res = await runEditorRoute(inline, request("POST", "/api/cms/save", { body: { field: `pages:${id}:${field}`, value }, headers: asEditor() }), env);
    return res.status === 204 ? 201 : res.status;
  }
  const headers = version === null ? asEditor() : asEditor({ "if-match": `"v${version}"` });
  const req = entry === "versions" ? request("POST", `/api/cms/pages/${id}/versions`, { body: { [field]: value }, headers }) : request("PATCH", `/api/cms/pages/${id}`, { body: { [field]: value }, headers });
  const res = await runEditorRoute(entry === "versions" ? versions : crud, req, env);
  await res.arrayBuffer();
  return res.status;
}

function paragraph(text: string): Y.XmlElement {
  const element = new Y.XmlElement("paragraph");
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

const bodyOf = (client: YClient) => fragmentToHtml(client.doc.getXmlFragment("body"));

async function agreed(id: number, client: YClient): Promise<boolean> {
  const draft = await newestDraft(id);
  return draft !== null && draft.title === client.text("title") && draft.body === bodyOf(client);
}

describe("property: every entry point and live typing leave the room and D1 agreeing, and no field frozen", () => {
  it("random sequences of writes and live typing", { timeout: 120_000 }, async () => {
    let word = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        const id = await newPage({ title: "Start", body: "<p>Hello</p>" });
        const live = await connect(id, editor("ann"));
        for (const step of ops) {
          if (step.kind === "live-title") {
            const title = live.doc.getText("title");
            title.insert(step.at % (title.length + 1), ` l${++word} `);
          } else if (step.kind === "live-body") {
            const body = live.doc.getXmlFragment("body");
            body.insert(body.length, [paragraph(`live ${++word}`)]);
          } else {
            const read = await readPage(id);
            const image = step.image ? '<img src="https://example.com/x.png">' : "";
            const value = step.field === "title" ? `${read.title} w${++word}` : `${read.body}<p>w${++word}${image}</p>`;
            expect(await write(step.entry, id, step.field, value, step.based ? read.version : null)).toBe(201);
          }
        }
        await until(() => agreed(id, live));
        expect(live.doc.getXmlFragment("body").toString()).not.toContain("example.com");
        // Every word was typed or written once, so it is there at most once.
        for (const text of [live.text("title"), bodyOf(live)]) {
          const marks = text.match(/\b(?:w|l|live )\d+\b/g) ?? [];
          expect(new Set(marks).size, text).toBe(marks.length);
        }
        // A later write of each field, based on what the writer read, is applied as sent.
        for (const [field, value] of [["title", "Final title"], ["body", "<p>Final body</p>"]] as const) {
          const read = await readPage(id);
          expect(await write("versions", id, field, value, read.version)).toBe(201);
        }
        await until(() => live.text("title") === "Final title" && bodyOf(live) === "<p>Final body</p>");
        await until(() => agreed(id, live));
        live.close();
      }),
      { numRuns: 12 },
    );
  });
});
