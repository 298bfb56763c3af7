import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fragmentToHtml } from "../../src/cores/rich-text";
import type { PageRoom } from "../../src/objects/PageRoom";
import { draftWriterFor, roomDraftWriter } from "../../src/objects/room-client";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { saveRoute } from "../../src/routes/save-route";
import { versionsRoute } from "../../src/routes/versions-route";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { siteSaveConfig } from "../../src/site/cms";
import { asEditor, headerResolver, request } from "../helpers/http";
import { connect, editor, listOf, newestDraft, newPage, until, withoutIds, type YClient } from "./room-client";

const writer = roomDraftWriter(env.PAGE_ROOM, "pages");
const pat = editor("pat", true);
const save = saveRoute({ ...siteSaveConfig, resolveEditor: headerResolver, writer: draftWriterFor });
const versions = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor });

function paragraph(text: string): Y.XmlElement {
  const element = new Y.XmlElement("paragraph");
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

const bodyOf = (client: YClient) => fragmentToHtml(client.doc.getXmlFragment("body"));
const stub = (id: number) => env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;

/** Waits until a second editor has the first one's edit: the room has accepted (and stored) it. */
async function acknowledged(check: () => boolean): Promise<void> {
  await until(check);
}

describe("PageRoom write path: every entry merges, nothing acknowledged is lost", () => {
  it("a REST body save keeps a paragraph live editors added before the settle flush", async () => {
    const id = await newPage({ body: "<p>Hello</p>" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    a.doc.getXmlFragment("body").insert(1, [paragraph("live paragraph")]);
    await acknowledged(() => bodyOf(b) === "<p>Hello</p><p>live paragraph</p>");

    const saved = await writer.applySaveDraft(pat, id, { body: "<p>REST body</p>" });

    expect(saved.conflicts).toEqual([]);
    await until(() => bodyOf(a) === "<p>REST body</p><p>live paragraph</p>" && bodyOf(b) === bodyOf(a));
    expect((await newestDraft(id))?.body).toBe("<p>REST body</p><p>live paragraph</p>");
    expect(a.events).toContainEqual({ type: "edited", fields: ["body"], by: "pat", conflicts: [] });
    a.close();
    b.close();
  });

  it("a REST title save keeps live insertions at both ends (the issue's title)", async () => {
    const id = await newPage({ title: "Quarterly report draft" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    a.doc.getText("title").insert(0, "Q3 ");
    a.doc.getText("title").insert(a.text("title").length, " (v2)");
    await acknowledged(() => b.text("title") === "Q3 Quarterly report draft (v2)");

    const res = await runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/versions`, { body: { title: "Quarterly sales report draft" }, headers: asEditor() }), env);

    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ conflicts: [] });
    await until(() => a.text("title") === "Q3 Quarterly sales report draft (v2)");
    expect((await newestDraft(id))?.title).toBe("Q3 Quarterly sales report draft (v2)");
    a.close();
    b.close();
  });

  it("a REST save based on an older version merges against that version, not the room's last write", async () => {
    const id = await newPage({ title: "alpha beta" });
    const first = await writer.applySaveDraft(pat, id, { title: "alpha beta gamma" });
    const a = await connect(id, editor("ann"));
    a.doc.getText("title").insert(0, "live ");
    await until(() => a.events.some((e) => e.type === "saved" && e.versionId > first.versionId));
    // The writer read "alpha beta gamma" (version `first`) and capitalised alpha.
    const res = await runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/versions`, { body: { title: "ALPHA beta gamma", baseVersionId: first.versionId }, headers: asEditor() }), env);
    expect(res.status).toBe(201);
    await until(() => a.text("title") === "live ALPHA beta gamma");
    a.close();
  });

  it.each([
    ["a version of another page", async (other: number) => other, 404],
    ["not an integer", async () => "12" as unknown as number, 400],
    ["zero", async () => 0, 400],
  ])("refuses a baseVersionId that is %s, and changes nothing", async (_label, pick, status) => {
    const id = await newPage({ title: "mine" });
    const elsewhere = await writer.applySaveDraft(pat, await newPage({ title: "theirs" }), { title: "theirs 2" });
    const a = await connect(id, editor("ann"));
    const res = await runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/versions`, { body: { title: "changed", baseVersionId: await pick(elsewhere.versionId) }, headers: asEditor() }), env);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("ersion") });
    expect(a.text("title")).toBe("mine");
    expect(await newestDraft(id)).toBeNull();
    a.close();
  });

  it("a conflicting REST change loses to live typing in that region and is reported", async () => {
    const id = await newPage({ title: "hello world" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    a.doc.getText("title").insert(8, "X");
    await acknowledged(() => b.text("title") === "hello woXrld");
    const saved = await writer.applySaveDraft(pat, id, { title: "hello earth" });
    expect(saved.conflicts).toEqual(["title"]);
    await until(() => a.events.some((e) => e.type === "edited"));
    expect(a.text("title")).toBe("hello woXrld");
    a.close();
    b.close();
  });

  it("an acknowledged inline save reaches the room and survives the next live flush", async () => {
    const id = await newPage({ title: "Title" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    a.doc.getText("title").insert(5, " typed");
    await acknowledged(() => b.text("title") === "Title typed");

    const res = await runEditorRoute(save, request("POST", "/api/cms/save", { body: { field: `pages:${id}:title`, value: "Inline Title" }, headers: asEditor() }), env);

    expect(res.status).toBe(204);
    await until(() => a.text("title") === "Inline Title typed");
    a.doc.getText("title").insert(a.text("title").length, "!");
    await until(() => newestDraft(id).then((d) => d?.title === "Inline Title typed!"));
    expect(b.text("title")).toBe("Inline Title typed!");
    a.close();
    b.close();
  });

  it("inline saves of two list items at once both land (a leaf set in the room, not a read-modify-write)", async () => {
    const id = await newPage({ sections: [{ type: "hero", heading: "one" }, { type: "hero", heading: "two" }] });
    const a = await connect(id, editor("ann"));
    const post = (field: string, value: string) => runEditorRoute(save, request("POST", "/api/cms/save", { body: { field, value }, headers: asEditor() }), env);
    const results = await Promise.all([post(`pages:${id}:sections.0.heading`, "ONE"), post(`pages:${id}:sections.1.heading`, "TWO")]);
    expect(results.map((r) => r.status)).toEqual([204, 204]);
    await until(() => JSON.stringify(withoutIds(listOf(a.doc))) === JSON.stringify([{ type: "hero", heading: "ONE" }, { type: "hero", heading: "TWO" }]));
    expect(withoutIds((await newestDraft(id))?.sections)).toEqual([{ type: "hero", heading: "ONE" }, { type: "hero", heading: "TWO" }]);
    a.close();
  });

  it("a flush that fails validation writes the valid fields, keeps the rest pending and tells the editors", async () => {
    const id = await newPage({ title: "ok", body: "<p>old</p>" });
    const a = await connect(id, editor("ann"));
    a.doc.getText("title").insert(2, "x".repeat(300));
    a.doc.getXmlFragment("body").insert(1, [paragraph("kept body")]);
    await until(() => a.events.some((e) => e.type === "violations"));
    await until(() => newestDraft(id).then((d) => d?.body === "<p>old</p><p>kept body</p>"));
    expect((await newestDraft(id))?.title).toBe("ok");
    const dirty = await runInDurableObject(stub(id), (_room: PageRoom, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM room_meta WHERE key = 'dirtySince'").one().n);
    expect(dirty).toBe(1);
    // Fixing the title writes it.
    a.doc.getText("title").delete(2, 300);
    a.doc.getText("title").insert(2, " fixed");
    await until(() => newestDraft(id).then((d) => d?.title === "ok fixed"));
    a.close();
  });
});
