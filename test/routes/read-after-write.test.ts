import { env } from "cloudflare:workers";
import { draftWriterFor } from "../../src/objects/room-client";
import { describe, expect, it } from "vitest";
import {
  D1_BOOKMARK_COOKIE,
  d1Bookmark,
  openD1Session,
  readD1BookmarkCookie,
  resumeReadSession,
  serializeD1BookmarkCookie,
} from "../../src/cores/d1-session";
import type { D1Client } from "../../src/cores/d1-client";
import { directDraftWriter, loadEditableDocument } from "../../src/cores/drafts";
import { insertRow } from "../../src/cores/pages/page-store";
import { tableMeta } from "../../src/cores/table-meta";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { versionsRoute } from "../../src/routes/versions-route";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { asEditor, headerResolver, request } from "../helpers/http";

const deps = { table: pages, versionsTable: pagesVersions, config: pagesCollection };
// Read-after-write holds for both writers: the room when the env has PAGE_ROOM, else the cores.
const route = versionsRoute({
  ...deps,
  resolveEditor: headerResolver,
  writer: (bindings: { DB: D1Database; PAGE_ROOM?: unknown }, collection: string) => (bindings.PAGE_ROOM ? draftWriterFor(bindings, collection) : directDraftWriter(bindings, deps)),
});
let counter = 0;

async function newPage(): Promise<number> {
  return (await insertRow(env.DB, tableMeta(pages), { slug: `raw-${Date.now().toString(36)}-${++counter}`, title: "Live" })).id as number;
}

/** The real binding, recording how each session was opened. */
function recordingDb(): { db: D1Database; opened: string[] } {
  const opened: string[] = [];
  const db = Object.create(env.DB) as D1Database;
  db.withSession = (start) => {
    opened.push(String(start));
    return env.DB.withSession(start);
  };
  return { db, opened };
}

/** A binding without session support (replication off, or an older runtime). */
function sessionlessDb(): D1Client {
  return { prepare: (sql) => env.DB.prepare(sql), batch: (statements) => env.DB.batch(statements) };
}

describe("D1 session helpers", () => {
  it("openD1Session opens a session when the binding has one, and d1Bookmark reads its bookmark", async () => {
    const session = openD1Session(env.DB, "first-primary");
    await session.prepare("SELECT 1").run();
    const bookmark = d1Bookmark(session);
    expect(bookmark).toEqual(expect.any(String));
    expect(readD1BookmarkCookie(`${D1_BOOKMARK_COOKIE}=${bookmark}`)).toBe(bookmark);
  });

  it("without session support the raw binding is used and there is no bookmark", async () => {
    const raw = sessionlessDb();
    expect(openD1Session(raw, "first-primary")).toBe(raw);
    expect(d1Bookmark(raw)).toBeNull();
    const read = resumeReadSession(raw, `${D1_BOOKMARK_COOKIE}=0000000e-00000005`);
    expect(read.client).toBe(raw);
    expect(read.commit()).toBeNull();
  });

  it("serializes the bookmark as an HttpOnly, SameSite=Lax cookie named cms_d1_bookmark", () => {
    const cookie = serializeD1BookmarkCookie("0000000e-00000005-00004f8e");
    expect(cookie.split("; ")).toEqual(["cms_d1_bookmark=0000000e-00000005-00004f8e", "Path=/", "Max-Age=3600", "HttpOnly", "SameSite=Lax", "Secure"]);
    expect(serializeD1BookmarkCookie("00ab", { secure: false, maxAge: 60, path: "/api" })).toBe("cms_d1_bookmark=00ab; Path=/api; Max-Age=60; HttpOnly; SameSite=Lax");
    expect(() => serializeD1BookmarkCookie("x; Domain=evil.test")).toThrow(TypeError);
  });

  it.each([
    ["other=1; cms_d1_bookmark=00ab-cd; x=2", "00ab-cd"],
    ["cms_d1_bookmark=not a bookmark", null],
    ["cms_d1_bookmark=00ab;evil", "00ab"],
    ["cms_d1_bookmarkx=00ab", null],
    [null, null],
  ])("reads %j as %j (a malformed value is ignored, never passed to withSession)", (header, bookmark) => {
    expect(readD1BookmarkCookie(header)).toBe(bookmark);
  });

  it("resumeReadSession anchors at the cookie's bookmark, or starts unconstrained without one", async () => {
    const { db, opened } = recordingDb();
    const write = openD1Session(env.DB, "first-primary");
    await write.prepare("SELECT 1").run();
    const bookmark = d1Bookmark(write)!;

    const anchored = resumeReadSession(db, `${D1_BOOKMARK_COOKIE}=${bookmark}`);
    await anchored.client.prepare("SELECT 1").run();
    resumeReadSession(db, { [D1_BOOKMARK_COOKIE]: "garbage!" });

    expect(opened).toEqual([bookmark, "first-unconstrained"]);
    expect(anchored.commit()).toMatch(/^cms_d1_bookmark=[0-9a-f-]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/);
  });
});

describe("read-after-write through versionsRoute", () => {
  it("the draft write runs through a first-primary session and stores the bookmark in the cms_d1_bookmark cookie", async () => {
    const id = await newPage();
    const { db, opened } = recordingDb();

    const res = await runEditorRoute(route, request("POST", `/api/cms/pages/${id}/versions`, { body: { title: "Draft" }, headers: asEditor() }), { DB: db });

    expect(res.status).toBe(201);
    expect(opened).toEqual(["first-primary"]);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^cms_d1_bookmark=[0-9a-f-]+; /);
    expect(cookie).toContain("HttpOnly");
  });

  it("the versions list reads the primary (with the session check, in one batch) and sees the write; edit mode's resume read, anchored at the cookie, sees it too", async () => {
    const id = await newPage();
    const saved = await runEditorRoute(route, request("POST", `/api/cms/pages/${id}/versions`, { body: { title: "Fresh draft" }, headers: asEditor() }), env);
    const cookie = saved.headers.get("set-cookie")!.split(";")[0]!;
    const { versionId } = (await saved.json()) as { versionId: number };
    const { db, opened } = recordingDb();

    const list = await runEditorRoute(route, request("GET", `/api/cms/pages/${id}/versions`, { headers: asEditor({ cookie }) }), { DB: db });
    const read = resumeReadSession(env.DB, cookie);
    const editable = await loadEditableDocument(read.client, deps, id);

    // The list goes to the primary, so a lagging replica can neither hide the write nor answer for a revoked session.
    expect(opened).toEqual(["first-primary"]);
    expect(((await list.json()) as { items: { id: number }[] }).items[0]!.id).toBe(versionId);
    expect(list.headers.get("set-cookie")).toMatch(/^cms_d1_bookmark=/);
    expect(editable).toMatchObject({ pendingVersionId: versionId, document: { title: "Fresh draft" } });
  });

  it("with no session support the raw binding is used: same answers, no cookie", async () => {
    const id = await newPage();
    const DB = sessionlessDb() as D1Database;

    const saved = await runEditorRoute(route, request("POST", `/api/cms/pages/${id}/versions`, { body: { title: "Plain" }, headers: asEditor() }), { DB });
    const list = await runEditorRoute(route, request("GET", `/api/cms/pages/${id}/versions`, { headers: asEditor() }), { DB });

    expect(saved.status).toBe(201);
    expect(saved.headers.get("set-cookie")).toBeNull();
    expect(((await list.json()) as { items: { versionData: { title: string } }[] }).items[0]!.versionData.title).toBe("Plain");
  });
});
