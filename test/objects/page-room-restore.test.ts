import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { fragmentToHtml } from "../../src/cores/rich-text";
import { draftWriterFor } from "../../src/objects/room-client";
import { pagesRoute } from "../../src/routes/pages-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { versionsRoute } from "../../src/routes/versions-route";
import type { siteCollections } from "../../src/site/cms";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { asEditor, headerResolver, request } from "../helpers/http";
import { connect, editor, newestDraft, newPage, until, type YClient } from "./room-client";

/*
 * Restoring a version (the history panel) after editors typed live: the restore names the
 * version, and the page, the newest draft and every live editor show that version's text,
 * whatever wrote the newer versions (live typing flushed or not, REST), through every entry point.
 */

const versions = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor });
const crud = pagesRoute({ table: pages, versionsTable: pagesVersions, collection: pagesCollection, fields: ["slug", "title", "body", "sections"], resolveEditor: headerResolver, writer: draftWriterFor });
const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;

type Entry = "versions" | "patch" | "service";
const ENTRIES: Entry[] = ["versions", "patch", "service"];

async function post(id: number, body: Record<string, unknown>): Promise<Response> {
  return runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/versions`, { body, headers: asEditor() }), env);
}

async function saveVersion(id: number, fields: Record<string, unknown>): Promise<number> {
  const res = await post(id, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { versionId: number }).versionId;
}

async function restore(entry: Entry, id: number, versionId: number): Promise<void> {
  if (entry === "service") {
    const result = await service().saveDraft(editor("svc"), "pages", id, { restoreVersionId: versionId } as never);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    return;
  }
  const res =
    entry === "versions"
      ? await post(id, { restoreVersionId: versionId })
      : await runEditorRoute(crud, request("PATCH", `/api/cms/pages/${id}`, { body: { restoreVersionId: versionId }, headers: asEditor() }), env);
  expect(res.status, await res.clone().text()).toBe(201);
}

function typeAtEnd(client: YClient, text: string): void {
  const title = client.doc.getText("title");
  title.insert(title.length, text);
  const body = client.doc.getXmlFragment("body");
  const paragraph = new Y.XmlElement("paragraph");
  paragraph.insert(0, [new Y.XmlText(text)]);
  body.insert(body.length, [paragraph]);
}

const bodyOf = (client: YClient) => fragmentToHtml(client.doc.getXmlFragment("body"));

describe("restoring a version after live typing", () => {
  it.each(ENTRIES)("replaces what was typed live, flushed or not, for every editor and in the draft (%s)", async (entry) => {
    const id = await newPage({ title: "Old title", body: "<p>Old words</p>" });
    const old = await saveVersion(id, { title: "Old title", body: "<p>Old words</p>" });
    await saveVersion(id, { title: "REST title", body: "<p>REST words</p>" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    typeAtEnd(a, " typed and flushed");
    await until(async () => String((await newestDraft(id))?.title).includes("typed and flushed"));
    // Typed just before the restore: acknowledged by the room, not yet in D1.
    typeAtEnd(b, " typed last");
    await until(() => a.text("title").includes("typed last") && b.acknowledged());

    await restore(entry, id, old);
    await until(() => a.text("title") === "Old title" && b.text("title") === "Old title");
    expect(bodyOf(a)).toBe("<p>Old words</p>");
    expect(bodyOf(b)).toBe("<p>Old words</p>");
    const draft = await newestDraft(id);
    expect(draft?.title).toBe("Old title");
    expect(draft?.body).toBe("<p>Old words</p>");
    a.close();
    b.close();
  });

  it("is refused in words for another page's version, a version with fields beside it, or a malformed id", async () => {
    const id = await newPage({ title: "Mine" });
    const other = await newPage({ title: "Theirs" });
    const theirs = await saveVersion(other, { title: "Theirs again" });
    const mine = await saveVersion(id, { title: "Mine again" });
    const foreign = await post(id, { restoreVersionId: theirs });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { code: string }).code).toBe("version_not_found");
    const mixed = await post(id, { restoreVersionId: mine, title: "Extra" });
    expect(mixed.status).toBe(400);
    expect(((await mixed.json()) as { code: string }).code).toBe("invalid_body");
    const malformed = await post(id, { restoreVersionId: "x" });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe("invalid_restore_version_id");
    expect((await newestDraft(id))?.title).toBe("Mine again");
  });
});
