import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { insertRow } from "../../src/cores/pages/page-store";
import { tableMeta } from "../../src/cores/table-meta";
import { draftWriterFor } from "../../src/objects/room-client";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { saveRoute } from "../../src/routes/save-route";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { siteSaveConfig, type siteCollections } from "../../src/site/cms";
import { courses } from "../../src/site/courses";
import { asEditor, asPublisher, headerResolver, request } from "../helpers/http";
import { roomRoute } from "../../src/routes/room-route";
import type { EditorSession } from "../../src/shared/session";
import type { SiteEnv } from "../../src/site/env";
import { editor, until, upgradeRequest, YClient } from "./room-client";

/*
 * A course's `free` is a NOT NULL column: no entry point may leave a null in its draft, or every
 * publish of the course fails at the database. A null (or "", which coerces to it) is refused
 * with 422 naming the field before the room sees it, the room refuses a peer's null, and the
 * field stays writable for everyone.
 */

const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;
const inline = saveRoute({ ...siteSaveConfig, resolveEditor: headerResolver, writer: draftWriterFor });
const courseRooms = roomRoute<SiteEnv>({
  resolveEditor: (request) => {
    const raw = request.headers.get("x-test-session");
    return raw ? (JSON.parse(raw) as EditorSession) : null;
  },
  collections: ["courses"],
});
const NOOP_CTX = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
let counter = 0;

async function newCourse(): Promise<number> {
  const row = await insertRow(env.DB, tableMeta(courses), { slug: `course-${Date.now().toString(36)}-${++counter}`, title: "Pottery", free: false });
  return row.id as number;
}

async function connectCourse(id: number): Promise<YClient> {
  const response = (await courseRooms(upgradeRequest(`/parties/page-room/courses:${id}`, editor("ann")), env as SiteEnv, NOOP_CTX)) as Response;
  if (response.status !== 101 || !response.webSocket) throw new Error(`upgrade failed: ${response.status}`);
  const client = new YClient(response.webSocket, false);
  client.start();
  await until(() => client.synced || client.closed !== null);
  return client;
}

async function publishes(id: number): Promise<void> {
  const result = await service().publish(editor("pub", true), "courses", id);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

async function inlineFree(id: number, value: unknown, headers = asPublisher()): Promise<Response> {
  return runEditorRoute(inline, request("POST", "/api/cms/save", { body: { field: `courses:${id}:free`, value }, headers }), env);
}

describe("a NOT NULL field never gets null from any entry point", () => {
  it.each([null, ""])("%j is refused with 422 naming the field, and the course still publishes (service, inline)", async (value) => {
    const id = await newCourse();
    const room = await connectCourse(id);
    // The service binding runs the same request core as REST versions POST and PATCH; an untyped caller may send anything.
    const viaService = await service().saveDraft(editor("svc"), "courses", id, { free: value as unknown as boolean, title: "Pottery II" });
    expect(viaService.ok ? { status: 201 } : { status: viaService.status, error: viaService.error }).toMatchObject({ status: 422, error: expect.stringContaining("free") });
    const viaInline = await inlineFree(id, value, asEditor());
    expect(viaInline.status).toBe(422);
    expect(await viaInline.json()).toMatchObject({ violations: [expect.objectContaining({ path: "free" })] });
    expect(room.doc.getMap("json").get("free")).toBe(false);
    expect((await inlineFree(id, true)).status).toBe(204);
    await publishes(id);
    const live = await env.DB.prepare("SELECT free, title FROM courses WHERE id = ?1").bind(id).first<{ free: number; title: string }>();
    expect(live).toEqual({ free: 1, title: "Pottery" });
    room.close();
  });

  it("a peer's json.free = null is refused by the room; publishing and later writes of free still work", async () => {
    const id = await newCourse();
    const bad = await connectCourse(id);
    const good = await connectCourse(id);
    bad.doc.getMap("json").set("free", null);
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    expect(good.doc.getMap("json").get("free")).toBe(false);
    expect((await inlineFree(id, true)).status).toBe(204);
    await until(() => good.doc.getMap("json").get("free") === true);
    await publishes(id);
    good.close();
  });
});
