import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import type { PageRoom } from "../../src/objects/PageRoom";
import { roomDraftWriter } from "../../src/objects/room-client";
import type { siteCollections } from "../../src/site/cms";
import { UNKNOWN_ACCOUNT } from "../../src/shared/activity";
import { png } from "../fixtures/images";
import { connect, firePublishNow, newPage, storedPublisher, until, editor } from "../objects/room-client";
import { PASSWORD, seedDemoEditors, signIn } from "../site/demo-helpers";
import { editorId, rowsAfter, rowsOf, rowsOfRecord, seedAdmin, site, type ActivityRow } from "./activity-helpers";

/*
 * One activity row for each kind, each driven through its real entry point of the reference site:
 * REST, inline save, the room's socket, the service binding, settings, media and sign-in.
 */

let pub: string;
let ed: string;
let adm: string;
let pubId: string;
beforeAll(async () => {
  await seedDemoEditors();
  await seedAdmin();
  [pub, ed, adm] = await Promise.all([signIn("pub@demo.test"), signIn("ed@demo.test"), signIn("adm@demo.test")]);
  pubId = await editorId("pub@demo.test");
});

const detailOf = (row: ActivityRow | undefined) => JSON.parse(row?.detail ?? "null") as Record<string, unknown>;
const asPub = (path: string, init: RequestInit = {}) => site(path, { ...init, cookie: pub });

describe("the draft path over REST and inline save", () => {
  it("records each write once, with its actor, record, version, detail and request id", async () => {
    const id = await newPage({ title: "Logged" });
    const saved = await asPub(`/api/cms/pages/${id}/versions`, { method: "POST", body: JSON.stringify({ title: "Logged draft", body: "<p>secret body text</p>" }) });
    expect(saved.status).toBe(201);
    const { versionId } = await saved.json<{ versionId: number }>();
    const [row] = await rowsAfter(saved);
    expect(row).toMatchObject({ kind: "draft.saved", actor_id: pubId, actor_name: "Pub", collection: "pages", record_id: id, version_id: versionId, request_id: saved.headers.get("x-request-id") });
    expect(row!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(detailOf(row)).toEqual({ title: "Logged draft", slug: expect.any(String), fields: ["title", "body"] });
    // Never a content body.
    expect(row!.detail).not.toContain("secret body text");

    const patched = await asPub(`/api/cms/pages/${id}`, { method: "PATCH", body: JSON.stringify({ title: "Patched" }) });
    expect(patched.status).toBe(201);
    expect((await rowsAfter(patched))[0]).toMatchObject({ kind: "draft.saved", record_id: id });

    const inline = await asPub("/api/cms/save", { method: "POST", body: JSON.stringify({ field: `pages:${id}:title`, value: "Inline" }) });
    expect(inline.status).toBe(204);
    const [inlineRow] = await rowsAfter(inline);
    expect(inlineRow).toMatchObject({ kind: "draft.saved", actor_id: pubId, collection: "pages", record_id: id, version_id: expect.any(Number) });
    expect(detailOf(inlineRow)).toEqual({ title: "Inline", slug: expect.any(String), fields: ["title"] });

    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await asPub(`/api/cms/pages/${id}/publish`, { method: "POST", body: JSON.stringify({ at }) });
    expect(scheduled.status).toBe(202);
    expect((await rowsAfter(scheduled))[0]).toMatchObject({ kind: "record.scheduled", record_id: id });
    expect(detailOf((await rowsOf(scheduled.headers.get("x-request-id")))[0])).toEqual({ at });
    const unscheduled = await asPub(`/api/cms/pages/${id}/publish`, { method: "DELETE" });
    expect(unscheduled.status).toBe(200);
    expect((await rowsAfter(unscheduled))[0]).toMatchObject({ kind: "record.unscheduled", record_id: id });

    const published = await asPub(`/api/cms/pages/${id}/publish`, { method: "POST", body: "{}" });
    expect(published.status).toBe(200);
    const live = await published.json<{ versionId: number }>();
    const [publishRow] = await rowsAfter(published);
    expect(publishRow).toMatchObject({ kind: "record.published", record_id: id, version_id: live.versionId });
    expect(detailOf(publishRow)).toEqual({ title: "Inline", slug: expect.any(String) });

    const restored = await asPub(`/api/cms/pages/${id}/versions`, { method: "POST", body: JSON.stringify({ restoreVersionId: versionId }) });
    expect(restored.status).toBe(201);
    const [restoreRow] = await rowsAfter(restored);
    expect(restoreRow).toMatchObject({ kind: "draft.restored", record_id: id });
    expect(detailOf(restoreRow)).toEqual({ title: "Logged draft", slug: expect.any(String), restoredFrom: versionId });

    const unpublished = await asPub(`/api/cms/pages/${id}/unpublish`, { method: "POST" });
    expect(unpublished.status).toBe(200);
    expect((await rowsAfter(unpublished))[0]).toMatchObject({ kind: "record.unpublished", record_id: id });

    const deleted = await asPub(`/api/cms/pages/${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await rowsAfter(deleted))[0]).toMatchObject({ kind: "record.deleted", collection: "pages", record_id: id, actor_id: pubId });

    const created = await site("/api/cms/pages", { method: "POST", cookie: ed, body: JSON.stringify({ slug: `made-${id}`, title: "Made" }) });
    expect(created.status).toBe(201);
    const made = await created.json<{ id: number }>();
    const [createRow] = await rowsAfter(created);
    expect(createRow).toMatchObject({ kind: "record.created", collection: "pages", record_id: made.id, actor_name: "Ed" });
    expect(detailOf(createRow)).toEqual({ title: "Made", slug: `made-${id}` });
  });

  it("records nothing for a refused write", async () => {
    const id = await newPage({ title: "Refused" });
    const invalid = await asPub(`/api/cms/pages/${id}/versions`, { method: "POST", body: JSON.stringify({ title: "x".repeat(500) }) });
    expect(invalid.status).toBe(422);
    const forbidden = await site(`/api/cms/pages/${id}/publish`, { method: "POST", cookie: ed, body: "{}" });
    expect(forbidden.status).toBe(403);
    const noSuchMedia = await asPub("/api/cms/media?key=nothing.png", { method: "DELETE" });
    expect(noSuchMedia.status).toBe(404);
    // A write that stood afterwards: once its row is there, the refused ones had their chance.
    const ok = await asPub(`/api/cms/pages/${id}/versions`, { method: "POST", body: JSON.stringify({ title: "Fine" }) });
    await rowsAfter(ok);
    for (const refused of [invalid, forbidden, noSuchMedia]) expect(await rowsOf(refused.headers.get("x-request-id"))).toEqual([]);
    expect((await rowsOfRecord("pages", id)).map((row) => row.kind)).toEqual(["draft.saved"]);
  });
});

describe("the room and the service binding", () => {
  it("a room's own flush records one row for the typing of a settle window, as the editor of the latest edit", async () => {
    const id = await newPage({ title: "Room" });
    const ann = await storedPublisher("ann");
    const client = await connect(id, ann);
    const watcher = await connect(id, editor("bob"));
    for (const word of ["One ", "Two ", "Three "]) client.doc.getText("title").insert(0, word);
    await until(() => watcher.text("title") === "Three Two One Room", 20_000);
    watcher.close();
    client.close();
    await until(async () => (await rowsOfRecord("pages", id)).length > 0, 20_000);
    const rows = await rowsOfRecord("pages", id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "draft.saved", actor_id: ann.id, actor_name: "ann", record_id: id, version_id: expect.any(Number) });
    expect(detailOf(rows[0])).toEqual({ title: "Three Two One Room", slug: expect.any(String), fields: ["title"] });
  });

  it("the service binding's writes record their rows under the call's request id", async () => {
    type Service = Pick<CmsServiceApi<typeof siteCollections>, "saveDraft" | "publish" | "patchSettings">;
    const service = (exports as unknown as { CmsService: Service }).CmsService;
    const id = await newPage({ title: "Served" });
    const pat = editor("pat", true);
    expect((await service.saveDraft(pat, "pages", id, { title: "Served draft" })).ok).toBe(true);
    expect((await service.publish(editor("eve"), "pages", id)).ok).toBe(false);
    expect((await service.publish(pat, "pages", id)).ok).toBe(true);
    await until(async () => (await rowsOfRecord("pages", id)).length >= 2, 20_000);
    const rows = await rowsOfRecord("pages", id);
    expect(rows.map((row) => [row.kind, row.actor_id, row.actor_name])).toEqual([["draft.saved", pat.id, "pat"], ["record.published", pat.id, "pat"]]);
    expect(rows[0]!.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.request_id).not.toBe(rows[1]!.request_id);
  });

  it("a scheduled publish that fires records the publish as its scheduler", async () => {
    const id = await newPage({ title: "Later" });
    const pat = await storedPublisher("pat");
    const room = env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)) as DurableObjectStub<PageRoom>;
    const writer = roomDraftWriter(env.PAGE_ROOM, "pages");
    const { versionId } = await writer.applySaveDraft(pat, id, { title: "Later on" });
    await writer.schedulePublish(pat, id, { at: new Date(Date.now() + 60_000).toISOString() });
    await firePublishNow(room);
    const rows = await rowsOfRecord("pages", id);
    expect(rows.map((row) => [row.kind, row.actor_id, row.version_id])).toEqual([["record.published", pat.id, versionId]]);
    expect(detailOf(rows[0])).toEqual({ scheduled: true });
  });
});

describe("settings, menu, media and sign-in", () => {
  it("a settings patch records settings.changed with the keys, and menu.changed for the menu", async () => {
    const id = await newPage({ title: "In the menu" });
    const patched = await site("/api/cms/settings", { method: "PATCH", cookie: adm, body: JSON.stringify({ siteName: "Logged site", menu: [{ pageId: id, label: "Here" }] }) });
    expect(patched.status).toBe(200);
    const rows = await rowsAfter(patched, 2);
    expect(rows.map((row) => [row.kind, row.actor_name, detailOf(row)])).toEqual([
      ["menu.changed", "Adm", { keys: ["menu"] }],
      ["settings.changed", "Adm", { keys: ["siteName"] }],
    ]);
  });

  it("an upload records media.uploaded, a delete media.deleted", async () => {
    const uploaded = await asPub("/api/cms/upload?name=door.png", { method: "POST", headers: { "content-type": "application/octet-stream" }, body: png(11, 5) });
    expect(uploaded.status).toBe(201);
    const { key } = await uploaded.json<{ key: string }>();
    const [upload] = await rowsAfter(uploaded);
    expect(upload).toMatchObject({ kind: "media.uploaded", actor_id: pubId, collection: null, record_id: null });
    expect(detailOf(upload)).toEqual({ key, name: "door.png" });
    const deleted = await asPub(`/api/cms/media?key=${encodeURIComponent(key)}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect(detailOf((await rowsAfter(deleted))[0])).toEqual({ key, name: "door.png" });
    expect((await rowsOf(deleted.headers.get("x-request-id")))[0]!.kind).toBe("media.deleted");
  });

  it("a sign-in records its account; a failed one the account tried, or only 'unknown account'; never a password", async () => {
    const attempt = (email: string, password: string) => site("/api/cms/session", { method: "POST", body: JSON.stringify({ email, password }) });
    const good = await attempt("ed@demo.test", PASSWORD);
    expect(good.status).toBe(204);
    const edId = await editorId("ed@demo.test");
    expect((await rowsAfter(good))[0]).toMatchObject({ kind: "signin", actor_id: edId, actor_name: "Ed" });
    const wrong = await attempt("ed@demo.test", "not the password 51c2");
    expect(wrong.status).toBe(401);
    expect((await rowsAfter(wrong))[0]).toMatchObject({ kind: "signin.failed", actor_id: edId, actor_name: "Ed", detail: "{}" });
    const stranger = await attempt("nobody-7f@example.test", "guess 7f");
    expect(stranger.status).toBe(401);
    const [unknown] = await rowsAfter(stranger);
    expect(unknown).toMatchObject({ kind: "signin.failed", actor_id: null, actor_name: UNKNOWN_ACCOUNT });
    expect(JSON.stringify(unknown)).not.toContain("nobody-7f");
    expect(JSON.stringify(await rowsOf(wrong.headers.get("x-request-id")))).not.toContain("not the password");
  });
});

describe("people", () => {
  it("an admin's invite, change and removal of an account each record one row naming the account, never the link", async () => {
    const email = `colleague-${crypto.randomUUID()}@demo.test`;
    const asAdmin = (path: string, init: RequestInit = {}) => site(path, { ...init, cookie: adm });
    const invited = await asAdmin("/api/cms/editors", { method: "POST", body: JSON.stringify({ email, name: "Col League", role: "editor" }) });
    expect(invited.status).toBe(201);
    const { url } = await invited.json<{ url: string }>();
    const [invitedRow] = await rowsAfter(invited);
    expect(invitedRow).toMatchObject({ kind: "editor.invited", actor_id: await editorId("adm@demo.test"), actor_name: "Adm" });
    expect(detailOf(invitedRow)).toEqual({ editorId: "", email, name: "Col League", role: "editor" });
    expect(invitedRow!.detail).not.toContain(url.split("/").at(-1)!);

    const id = await editorId("ed@demo.test");
    const changed = await asAdmin(`/api/cms/editors/${id}`, { method: "PATCH", body: JSON.stringify({ scopes: { paths: ["/blog"] } }) });
    expect(changed.status).toBe(200);
    expect(detailOf((await rowsAfter(changed))[0])).toMatchObject({ editorId: id, email: "ed@demo.test", role: "editor", changed: ["scopes"] });
    await asAdmin(`/api/cms/editors/${id}`, { method: "PATCH", body: JSON.stringify({ scopes: {} }) });

    const doomed = await env.DB.prepare("INSERT INTO editors (email, name, role, password_hash) VALUES (?1, 'Gone Soon', 'editor', 'x') RETURNING id").bind(`gone-${crypto.randomUUID()}@demo.test`).first<{ id: number }>();
    const removed = await asAdmin(`/api/cms/editors/${doomed!.id}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
    expect((await rowsAfter(removed))[0]).toMatchObject({ kind: "editor.removed" });
    expect(detailOf((await rowsAfter(removed))[0])).toMatchObject({ editorId: String(doomed!.id), name: "Gone Soon" });

    const refused = await site("/api/cms/editors", { method: "POST", cookie: pub, body: JSON.stringify({ email: `x-${email}`, name: "X", role: "editor" }) });
    expect(refused.status).toBe(403);
    expect(await rowsOf(refused.headers.get("x-request-id"))).toEqual([]);
  });
});
