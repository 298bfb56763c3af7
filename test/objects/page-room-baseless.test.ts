import { env, exports } from "cloudflare:workers";
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
 * A writer that names no base (no If-Match, no baseVersionId) read the page, then live editors
 * typed; whatever ran in between (another write of the same script, the room's settle flush),
 * the base-less write keeps what it never saw. Each sequence runs through every entry point.
 */

const versions = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor });
const crud = pagesRoute({ table: pages, versionsTable: pagesVersions, collection: pagesCollection, fields: ["slug", "title", "body", "sections"], resolveEditor: headerResolver, writer: draftWriterFor });
const inline = saveRoute({ ...siteSaveConfig, resolveEditor: headerResolver, writer: draftWriterFor });
const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;

type Entry = "versions" | "patch" | "inline" | "service";
const ENTRIES: Entry[] = ["versions", "patch", "inline", "service"];

/** Writes `fields` of page `id` through `entry` without a base; fails the test on anything but success. */
async function write(entry: Entry, id: number, fields: Record<string, string>): Promise<void> {
  if (entry === "service") {
    const result = await service().saveDraft(editor("svc"), "pages", id, fields);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    return;
  }
  if (entry === "inline") {
    for (const [field, value] of Object.entries(fields)) {
      const res = await runEditorRoute(inline, request("POST", "/api/cms/save", { body: { field: `pages:${id}:${field}`, value }, headers: asEditor() }), env);
      expect(res.status, await res.clone().text()).toBe(204);
    }
    return;
  }
  const res =
    entry === "versions"
      ? await runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/versions`, { body: fields, headers: asEditor() }), env)
      : await runEditorRoute(crud, request("PATCH", `/api/cms/pages/${id}`, { body: fields, headers: asEditor() }), env);
  expect(res.status, await res.clone().text()).toBe(201);
}

/** What a script reads first: the record over REST. */
async function read(id: number): Promise<{ title: string; body: string }> {
  const res = await runEditorRoute(crud, request("GET", `/api/cms/pages/${id}`, { headers: asEditor() }), env);
  expect(res.status).toBe(200);
  return (await res.json()) as { title: string; body: string };
}

function paragraph(text: string): Y.XmlElement {
  const element = new Y.XmlElement("paragraph");
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

const bodyOf = (client: YClient) => fragmentToHtml(client.doc.getXmlFragment("body"));

/** Two editors in the room; the first types a paragraph and the second has it (the room accepted it). */
async function liveParagraph(id: number): Promise<[YClient, YClient]> {
  const a = await connect(id, editor("ann"));
  const b = await connect(id, editor("bob"));
  a.doc.getXmlFragment("body").insert(a.doc.getXmlFragment("body").length, [paragraph("live paragraph")]);
  await until(() => bodyOf(b).includes("live paragraph"));
  return [a, b];
}

async function expectKept(id: number, a: YClient, parts: string[]): Promise<void> {
  await until(() => parts.every((part) => bodyOf(a).includes(part)));
  const draft = await newestDraft(id);
  for (const part of parts) expect(draft?.body, part).toContain(part);
}

describe("a base-less write never deletes what its writer could not have seen", () => {
  it.each(ENTRIES)("title then body from one read, two requests (%s)", async (entry) => {
    const id = await newPage({ title: "Report", body: "<p>Hello</p>" });
    const seen = await read(id);
    const [a, b] = await liveParagraph(id);
    await write(entry, id, { title: `${seen.title} edited` });
    await write(entry, id, { body: `${seen.body}<p>script paragraph</p>` });
    await expectKept(id, a, ["live paragraph", "script paragraph", "Hello"]);
    expect(a.text("title")).toBe("Report edited");
    a.close();
    b.close();
  });

  it.each(ENTRIES)("a settle flush between the read and the write (%s)", async (entry) => {
    const id = await newPage({ body: "<p>Hello</p>" });
    const seen = await read(id);
    const [a, b] = await liveParagraph(id);
    await until(() => newestDraft(id).then((draft) => String(draft?.body).includes("live paragraph")));
    await write(entry, id, { body: seen.body.replace("Hello", "Hello again") });
    await expectKept(id, a, ["live paragraph", "Hello again"]);
    a.close();
    b.close();
  });

  it.each([
    ["versions", "patch"],
    ["inline", "service"],
    ["service", "versions"],
    ["patch", "inline"],
  ] as [Entry, Entry][])("one read, then %s, then %s, each adding a paragraph", async (first, second) => {
    const id = await newPage({ body: "<p>Hello</p>" });
    const seen = await read(id);
    const [a, b] = await liveParagraph(id);
    await write(first, id, { body: `${seen.body}<p>first write</p>` });
    await write(second, id, { body: `${seen.body}<p>second write</p>` });
    await expectKept(id, a, ["live paragraph", "first write", "second write", "Hello"]);
    a.close();
    b.close();
  });

  it("a writer that read what was typed live edits on it: no text twice, and it may take back its own words", async () => {
    const id = await newPage({ title: "About us" });
    const a = await connect(id, editor("ann"));
    a.doc.getText("title").insert(8, ", published X");
    await until(() => newestDraft(id).then((draft) => draft?.title === "About us, published X"));
    for (const title of ["About us, published X AAA", "About us, published X AAA BBB", "About us, published X AAA"]) {
      await write("inline", id, { title });
      await until(() => a.text("title") === title);
      expect((await newestDraft(id))?.title).toBe(title);
    }
    a.close();
  });

  it("with nothing changed meanwhile, a base-less save is the plain save (it may delete and rewrite)", async () => {
    const id = await newPage({ title: "Old words here", body: "<p>One</p><p>Two</p>" });
    const a = await connect(id, editor("ann"));
    await write("versions", id, { title: "New", body: "<p>Two</p>" });
    await until(() => a.text("title") === "New" && bodyOf(a) === "<p>Two</p>");
    expect(await newestDraft(id)).toMatchObject({ title: "New", body: "<p>Two</p>" });
    // A second writer that read the first one's draft replaces it in turn.
    await write("patch", id, { body: "<p>Three</p>" });
    await until(() => bodyOf(a) === "<p>Three</p>");
    a.close();
  });
});
