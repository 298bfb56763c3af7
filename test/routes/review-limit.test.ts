import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { draftWriterFor, roomComments } from "../../src/objects/room-client";
import { commentsRoute } from "../../src/routes/comments-route";
import { composeRoutes } from "../../src/routes/compose-routes";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { suggestionsRoute } from "../../src/routes/suggestions-route";
import type { EditorSession } from "../../src/shared/session";
import { pagesCollection } from "../../src/site/collections";
import type { SiteEnv } from "../../src/site/env";
import { request } from "../helpers/http";
import { newPage } from "../objects/room-client";

/* The comment and suggestion routes as createCms mounts them, with a budget of 3 review writes. */
const limit = { limit: 3, windowSeconds: 600 };
const resolveEditor = (req: Request) => {
  const raw = req.headers.get("x-test-session");
  return raw ? (JSON.parse(raw) as EditorSession) : null;
};
const api = composeRoutes<SiteEnv>(
  commentsRoute<SiteEnv>({ resolveEditor, collections: ["pages"], run: roomComments, limit }),
  suggestionsRoute<SiteEnv>({ config: pagesCollection, resolveEditor, writer: draftWriterFor, limit }),
);
let counter = 0;

function editor(): EditorSession {
  const id = `limit-${Date.now().toString(36)}-${++counter}`;
  return { id, email: `${id}@example.test`, name: id, roles: ["editor", "publisher"], access: { publish: true } };
}

const call = (who: EditorSession, method: string, path: string, body?: unknown) =>
  runEditorRoute(api, request(method, `/api/cms/pages${path}`, { ...(body === undefined ? {} : { body }), headers: { "x-test-session": JSON.stringify(who) } }), env as SiteEnv);

describe("review writes are rate limited per editor", () => {
  it("past the budget a comment or suggestion write answers 429 rate_limited with Retry-After and changes nothing; reads and other editors go on", async () => {
    const ann = editor();
    const bob = editor();
    const id = await newPage({ title: "Limited page" });
    const first = await call(ann, "POST", `/${id}/comments`, { field: "title", from: 0, to: 7, text: "One" });
    expect(first.status).toBe(201);
    const thread = ((await first.json()) as { id: string }).id;
    expect((await call(ann, "POST", `/${id}/comments/${thread}/replies`, { text: "Two" })).status).toBe(201);
    expect((await call(ann, "POST", `/${id}/suggestions/reject-all`, {})).status).toBe(200);
    for (const refused of [
      await call(ann, "PATCH", `/${id}/comments/${thread}`, { resolved: true }),
      await call(ann, "POST", `/${id}/comments`, { field: "title", from: 0, to: 7, text: "Four" }),
      await call(ann, "POST", `/${id}/suggestions/accept-all`, {}),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ code: "rate_limited", error: expect.stringContaining("try again in") });
    }
    const listed = await call(ann, "GET", `/${id}/comments`);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({ threads: [{ id: thread, text: "One", resolved: null, replies: [{ text: "Two" }] }] });
    expect((await call(ann, "GET", `/${id}/suggestions`)).status).toBe(200);
    expect((await call(bob, "PATCH", `/${id}/comments/${thread}`, { resolved: true })).status).toBe(200);
  });
});
