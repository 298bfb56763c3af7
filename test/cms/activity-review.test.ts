import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { SUGGEST_INSERT, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import type { EditorSession } from "../../src/shared/session";
import type { siteCollections } from "../../src/site/cms";
import { connect, newPage, until, type YClient } from "../objects/room-client";
import { seedDemoEditors, signIn } from "../site/demo-helpers";
import { editorId, rowsAfter, rowsOfRecord, site, type ActivityRow } from "./activity-helpers";

/*
 * Review in the activity log: comments added, resolved and deleted, and suggestions accepted and
 * rejected, each one row with its actor and page, over REST, the room's socket and the service binding.
 */

let pub: string;
let pubId: string;
beforeAll(async () => {
  await seedDemoEditors();
  pub = await signIn("pub@demo.test");
  pubId = await editorId("pub@demo.test");
});

const asPub = (path: string, init: RequestInit = {}) => site(path, { ...init, cookie: pub });
const detailOf = (row: ActivityRow | undefined) => JSON.parse(row?.detail ?? "null") as Record<string, unknown>;
const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;

/* A suggestion typed in the room by `who`, as the browser writes one: marked words and their metadata in one transaction. */
async function suggestInRoom(id: number, who: EditorSession, sid: string, at: number, words: string): Promise<YClient> {
  const client = await connect(id, who);
  client.doc.transact(() => {
    client.doc.getText("title").insert(at, words, { [SUGGEST_INSERT]: sid });
    const meta = new Y.Map<unknown>();
    for (const [key, value] of Object.entries({ kind: "insert", field: "title", author: who.id, authorName: who.name, at: new Date().toISOString() })) meta.set(key, value);
    client.doc.getMap(SUGGESTIONS_ROOT).set(sid, meta);
  });
  await until(() => client.acknowledged());
  return client;
}

describe("review in the activity log", () => {
  it("over REST: a comment added, a reply, resolved and deleted each leave one row with the actor and the page", async () => {
    const id = await newPage({ title: "Reviewed page" });
    const added = await asPub(`/api/cms/pages/${id}/comments`, { method: "POST", body: JSON.stringify({ field: "title", from: 0, to: 8, text: "Wording?" }) });
    expect(added.status).toBe(201);
    const thread = (await added.json<{ id: string }>()).id;
    const [addedRow] = await rowsAfter(added);
    expect(addedRow).toMatchObject({ kind: "comment.added", actor_id: pubId, actor_name: "Pub", collection: "pages", record_id: id, request_id: added.headers.get("x-request-id") });
    expect(detailOf(addedRow)).toEqual({ fields: ["title"], thread });
    // Never the comment's text.
    expect(addedRow!.detail).not.toContain("Wording?");
    const replied = await asPub(`/api/cms/pages/${id}/comments/${thread}/replies`, { method: "POST", body: JSON.stringify({ text: "Fine" }) });
    expect(detailOf((await rowsAfter(replied))[0])).toEqual({ fields: ["title"], thread, reply: true });
    const resolved = await asPub(`/api/cms/pages/${id}/comments/${thread}`, { method: "PATCH", body: JSON.stringify({ resolved: true }) });
    expect((await rowsAfter(resolved))[0]).toMatchObject({ kind: "comment.resolved", actor_id: pubId, record_id: id });
    const deleted = await asPub(`/api/cms/pages/${id}/comments/${thread}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await rowsAfter(deleted))[0]).toMatchObject({ kind: "comment.deleted", actor_id: pubId, record_id: id });
    expect((await rowsOfRecord("pages", id)).map((row) => row.kind).filter((kind) => kind.startsWith("comment."))).toEqual(["comment.added", "comment.added", "comment.resolved", "comment.deleted"]);
  });

  it("suggestions made in the room: accepted over REST and rejected through the service binding, one row each with the settled ids and the draft", async () => {
    const id = await newPage({ title: "Launch" });
    const author: EditorSession = { id: pubId, email: "pub@demo.test", name: "Pub", roles: ["editor", "publisher"], access: { publish: true } };
    const live = await suggestInRoom(id, author, "s-soon", 6, " soon");
    const accepted = await asPub(`/api/cms/pages/${id}/suggestions/s-soon/accept`, { method: "POST", body: "{}" });
    expect(accepted.status).toBe(200);
    const { versionId } = await accepted.json<{ versionId: number }>();
    const [acceptedRow] = await rowsAfter(accepted);
    expect(acceptedRow).toMatchObject({ kind: "suggestion.accepted", actor_id: pubId, actor_name: "Pub", collection: "pages", record_id: id, version_id: versionId });
    expect(detailOf(acceptedRow)).toEqual({ suggestions: ["s-soon"] });
    live.close();
    (await suggestInRoom(id, author, "s-now", 0, "Now ")).close();
    expect(await service().settleSuggestion(author, "pages", id, "reject", { all: true })).toMatchObject({ ok: true, value: { settled: ["s-now"] } });
    await until(async () => (await rowsOfRecord("pages", id)).some((row) => row.kind === "suggestion.rejected"), 20_000);
    const rejected = (await rowsOfRecord("pages", id)).find((row) => row.kind === "suggestion.rejected");
    expect(rejected).toMatchObject({ actor_id: pubId, actor_name: "Pub", record_id: id });
    expect(detailOf(rejected)).toEqual({ suggestions: ["s-now"] });
    // Nothing open: settling nothing writes no row.
    expect(await service().settleSuggestion(author, "pages", id, "reject", { all: true })).toMatchObject({ ok: true, value: { settled: [] } });
  });
});
