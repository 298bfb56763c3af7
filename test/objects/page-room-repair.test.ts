import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type * as Y from "yjs";
import { draftWriterFor } from "../../src/objects/room-client";
import { pagesRoute } from "../../src/routes/pages-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { saveRoute } from "../../src/routes/save-route";
import { versionsRoute } from "../../src/routes/versions-route";
import { siteSaveConfig } from "../../src/site/cms";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { asEditor, headerResolver, request } from "../helpers/http";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { connect, editor, newestDraft, newPage, until, withoutIds } from "./room-client";

/*
 * A live value that breaks the collection's rules must not wedge a page: a publisher's outside
 * write replaces it. And an outside write answered with a 4xx leaves nothing of itself behind.
 */

const versions = versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor });
const crud = pagesRoute({ table: pages, versionsTable: pagesVersions, collection: pagesCollection, fields: ["slug", "title", "body", "sections"], resolveEditor: headerResolver, writer: draftWriterFor });
const inline = saveRoute({ ...siteSaveConfig, resolveEditor: headerResolver, writer: draftWriterFor });
const asPublisher = () => ({ "x-test-editor": "publisher" });

const patch = (id: number, body: Record<string, unknown>, headers: Record<string, string>) =>
  runEditorRoute(crud, request("PATCH", `/api/cms/pages/${id}`, { body, headers }), env);
const publish = (id: number) => runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/publish`, { body: {}, headers: asPublisher() }), env);

/** The first section's heading as the room's shared text (sections live in their own root). */
const firstHeading = (doc: Y.Doc): Y.Text => doc.getArray<Y.Map<unknown>>("sections").get(0).get("heading") as Y.Text;

describe("a publisher's outside write repairs an invalid live value", () => {
  it("a 200+ character title typed live is replaced by a publisher's PATCH, and the page publishes", async () => {
    const id = await newPage({ title: "Short" });
    const a = await connect(id, editor("ann"));
    a.doc.getText("title").insert(5, "x".repeat(250));
    await until(() => a.events.some((e) => e.type === "violations"));

    const editorTry = await patch(id, { title: "Editor fix" }, asEditor());
    expect(editorTry.status).toBe(422);
    expect(a.text("title")).toBe(`Short${"x".repeat(250)}`);

    const res = await patch(id, { title: "Repaired" }, asPublisher());
    expect(res.status, await res.clone().text()).toBe(201);
    await until(() => a.text("title") === "Repaired");
    expect((await newestDraft(id))?.title).toBe("Repaired");
    expect((await publish(id)).status).toBe(200);
    a.close();
  });

  it("a section heading typed past its limit live is replaced by a publisher's PATCH, even with the value it had before", async () => {
    const section = { type: "hero", heading: "Fine" };
    const id = await newPage({ sections: [section] });
    const a = await connect(id, editor("ann"));
    firstHeading(a.doc).insert(4, "x".repeat(200));
    await until(() => a.events.some((e) => e.type === "violations"));

    const res = await patch(id, { sections: [section] }, asPublisher());
    expect(res.status, await res.clone().text()).toBe(201);
    await until(() => firstHeading(a.doc).toString() === "Fine");
    expect(withoutIds((await newestDraft(id))?.sections)).toEqual([section]);
    expect((await publish(id)).status).toBe(200);
    a.close();
  });

  it("a list replaced by a non-list over the socket is refused, so it never needs repairing", async () => {
    const id = await newPage({ sections: [] });
    const a = await connect(id, editor("ann"));
    a.doc.getMap("json").set("sections", "not-an-array");
    await until(() => a.closed !== null);
    expect(a.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    const saved = await runEditorRoute(versions, request("POST", `/api/cms/pages/${id}/versions`, { body: { sections: [{ type: "hero", heading: "Fixed" }] }, headers: asPublisher() }), env);
    expect(saved.status).toBe(201);
    expect(withoutIds((await newestDraft(id))?.sections)).toEqual([{ type: "hero", heading: "Fixed" }]);
    expect((await publish(id)).status).toBe(200);
  });
});

describe("a 4xx outside write leaves nothing behind", () => {
  it("an inline save whose merge with live typing would be too long is refused and changes nothing", async () => {
    const id = await newPage({ title: "Base" });
    const a = await connect(id, editor("ann"));
    const typed = `Base ${"y".repeat(150)}`;
    a.doc.getText("title").insert(4, ` ${"y".repeat(150)}`);
    await until(() => newestDraft(id).then((draft) => draft?.title === typed));

    const res = await runEditorRoute(inline, request("POST", "/api/cms/save", { body: { field: `pages:${id}:title`, value: `${"z".repeat(100)} Base` }, headers: asEditor() }), env);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "validation_failed" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.text("title")).toBe(typed);
    expect((await newestDraft(id))?.title).toBe(typed);
    a.close();
  });

  it("an inline save of a valid title succeeds while another live field is invalid, and writes only valid fields", async () => {
    const section = { type: "hero", heading: "Fine" };
    const id = await newPage({ title: "Before", sections: [section] });
    const a = await connect(id, editor("ann"));
    firstHeading(a.doc).insert(4, "x".repeat(200));
    const res = await runEditorRoute(inline, request("POST", "/api/cms/save", { body: { field: `pages:${id}:title`, value: "After" }, headers: asEditor() }), env);
    expect(res.status, await res.clone().text()).toBe(204);
    const draft = await newestDraft(id);
    expect(draft?.title).toBe("After");
    expect(withoutIds(draft?.sections)).toEqual([section]);
    await until(() => a.events.some((e) => e.type === "violations"));
    a.close();
  });
});
