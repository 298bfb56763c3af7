import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
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
 * What an outside write (REST, inline save, the service binding) hands the room is first put in
 * the form D1 stores: the room and the draft never hold different versions of a field, so no
 * later write of it is taken as conflicting with live typing.
 */

const versions = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor });
const crud = pagesRoute({ table: pages, versionsTable: pagesVersions, collection: pagesCollection, fields: ["slug", "title", "body", "sections"], resolveEditor: headerResolver, writer: draftWriterFor });
const inline = saveRoute({ ...siteSaveConfig, resolveEditor: headerResolver, writer: draftWriterFor });
const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;

type Entry = "versions" | "patch" | "inline" | "service";
const ENTRIES: Entry[] = ["versions", "patch", "inline", "service"];

/** Writes `fields` of page `id` through `entry`, without a base unless `ifMatch`; answers the status and any conflicts. */
async function write(entry: Entry, id: number, fields: Record<string, unknown>): Promise<{ status: number; conflicts: string[] }> {
  if (entry === "service") {
    const result = await service().saveDraft(editor("svc"), "pages", id, fields);
    return result.ok ? { status: 201, conflicts: result.value.conflicts ?? [] } : { status: result.status, conflicts: [] };
  }
  if (entry === "inline") {
    const conflicts: string[] = [];
    for (const [field, value] of Object.entries(fields)) {
      const res = await runEditorRoute(inline, request("POST", "/api/cms/save", { body: { field: `pages:${id}:${field}`, value }, headers: asEditor() }), env);
      if (res.status !== 204) return { status: res.status, conflicts };
      conflicts.push(...(res.headers.get("cms-conflicts") ?? "").split(",").filter((name) => name !== ""));
    }
    return { status: 201, conflicts };
  }
  const res =
    entry === "versions"
      ? await runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/versions`, { body: fields, headers: asEditor() }), env)
      : await runEditorRoute(crud, request("PATCH", `/api/cms/pages/${id}`, { body: fields, headers: asEditor() }), env);
  const json = (await res.json()) as { conflicts?: string[] };
  return { status: res.status, conflicts: json.conflicts ?? [] };
}

const bodyOf = (client: YClient) => fragmentToHtml(client.doc.getXmlFragment("body"));

describe("an outside write reaches the room in the form D1 stores", () => {
  it.each(ENTRIES)("an image from outside the media store never reaches the room, and the field stays writable (%s)", async (entry) => {
    const id = await newPage({ body: "<p>Hello</p>" });
    const a = await connect(id, editor("ann"));
    expect(await write(entry, id, { body: '<p>A<img src="https://example.com/a.png"></p>' })).toEqual({ status: 201, conflicts: [] });
    await until(() => bodyOf(a).includes("A"));
    expect(a.doc.getXmlFragment("body").toString()).not.toContain("example.com");
    expect(bodyOf(a)).toBe((await newestDraft(id))?.body);
    expect(await write(entry, id, { body: "<p>final</p>" })).toEqual({ status: 201, conflicts: [] });
    await until(() => bodyOf(a) === "<p>final</p>");
    expect((await newestDraft(id))?.body).toBe("<p>final</p>");
    a.close();
  });
});

describe("keys a JavaScript object cannot carry", () => {
  it.each([
    ["PATCH", (id: number) => `/api/cms/pages/${id}`],
    ["POST", (id: number) => `/api/cms/pages/${id}/versions`],
  ] as const)("a __proto__ key in a %s body is a 400, and nothing is written", async (method, path) => {
    const id = await newPage({ title: "Kept" });
    const handler = method === "PATCH" ? crud : versions;
    const send = (body: string) => runEditorRoute(handler, request(method, path(id), { rawBody: body, headers: { ...asEditor(), "content-type": "application/json" } }), env);
    for (const body of ['{"__proto__":{"x":1},"title":"T"}', '{"title":"T","sections":[{"__proto__":{"a":1}}]}', '{"title":"T","\\u005f_proto__":1}']) {
      const res = await send(body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_json" });
    }
    expect(await newestDraft(id)).toBeNull();
    // An ordinary key that only looks like one is no field: dropped, the rest written.
    expect((await send('{"constructor":{"prototype":{}},"title":"T"}')).status).toBe(201);
    expect((await newestDraft(id))?.title).toBe("T");
  });
});

describe("a base-less writer that read live typing after a settle flush", () => {
  it.each(ENTRIES)("never writes that typing twice while editors type on (%s)", async (entry) => {
    const id = await newPage({ title: "Report", body: "<p>Hello</p>" });
    const a = await connect(id, editor("ann"));
    for (let round = 1; round <= 3; round++) {
      a.doc.getText("title").insert(a.text("title").length, ` live${round}`);
      const typed = a.text("title");
      await until(() => newestDraft(id).then((draft) => draft?.title === typed));
      const read = (await newestDraft(id)) as { title: string; body: string };
      // Typing goes on after the flush the writer read.
      a.doc.getText("title").insert(a.text("title").length, ` more${round}`);
      expect((await write(entry, id, { title: `${read.title} script${round}`, body: `${read.body}<p>script${round}</p>` })).status).toBe(201);
    }
    await until(async () => (await newestDraft(id))?.title === a.text("title"));
    const words = a.text("title").split(/\s+/);
    expect(new Set(words).size, a.text("title")).toBe(words.length);
    for (const word of ["Report", "live1", "more1", "script1", "live3", "more3", "script3"]) expect(words).toContain(word);
    expect(bodyOf(a).match(/script\d/g)).toEqual(["script1", "script2", "script3"]);
    a.close();
  });
});
