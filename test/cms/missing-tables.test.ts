import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { cmsCollection } from "../../src/cms/cms-collection";
import { cmsRoutes } from "../../src/cms/cms-routes";
import { createCmsService } from "../../src/cms/cms-service";
import { listPublished, readPublished } from "../../src/cores/drafts";
import { draftWriterFor } from "../../src/objects/room-client";
import { defineCollection } from "../../src/cores/collection";
import { tableMeta } from "../../src/cores/table-meta";
import { pagesColumns } from "../../src/tables/pages";
import { versionsTable } from "../../src/tables/versions-table";
import { isMisconfigured } from "../../src/shared/misconfigured";
import type { SiteEnv } from "../../src/site/env";
import { asEditor, EDITOR, headerResolver, request } from "../helpers/http";

/*
 * A collection whose migration was never applied: its tables do not exist in the test D1, as on a
 * site that skipped `wrangler d1 migrations apply`. Every read of it answers 503 naming the tables
 * and the command, found by asking D1's schema after the failed query.
 */
const ghosts = sqliteTable("ghost_posts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  publishedVersionId: integer("published_version_id"),
});
const collections = {
  ghosts: cmsCollection(ghosts, { versionsTable: versionsTable("ghost_posts"), drafts: true, fields: { title: { type: "text" } }, search: ["title"] }),
};
const cms = cmsRoutes<SiteEnv, typeof collections>({ collections, auth: { resolveEditor: headerResolver } });
const bindings = env as unknown as SiteEnv;
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const FIX = "npx wrangler d1 migrations apply DB --local";

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe("tables whose migration is not applied", () => {
  it("answer 503 naming every missing table and the migration command on each route, logged once", async () => {
    const paths = ["/api/cms/ghosts/1", "/api/cms/ghosts", "/api/cms/ghosts/1/versions", "/api/cms/ghosts/search?q=hello"];
    for (const path of paths) {
      const response = (await cms.route(request("GET", path, { headers: asEditor() }), bindings, ctx)) as Response;
      expect(response.status, path).toBe(503);
      const body = await response.json<{ error: string; code: string; fix: string }>();
      expect(body.code).toBe("misconfigured");
      expect(body.error).toContain("ghost_posts, ghost_posts_versions, ghosts_search");
      expect(body.fix).toContain(FIX);
    }
    const lines = logged.mock.calls.filter(([line]) => String(line).includes("ghost_posts"));
    expect(lines).toHaveLength(1);
  });

  it("make cms.view throw the same 503 for a visitor and for an editor, not a bare D1 error", async () => {
    for (const headers of [{}, asEditor()]) {
      const failure = await cms.view(request("GET", "/ghosts/1", { headers }), bindings, "ghosts", 1).then(() => null, (error: unknown) => error);
      expect(isMisconfigured(failure), String(failure)).toBe(true);
      const response = (failure as { toResponse(): Response }).toResponse();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: "misconfigured", fix: expect.stringContaining(FIX) });
    }
  });

  it("reach a CmsService caller as the same 503", async () => {
    const Service = createCmsService<SiteEnv, typeof collections>({ registry: cms.registry, writer: draftWriterFor });
    const service = new Service(createExecutionContext(), bindings);
    const result = await service.readPage(EDITOR, "ghosts", 1);
    expect(result).toMatchObject({ ok: false, status: 503, code: "misconfigured", details: { fix: expect.stringContaining(FIX) } });
  });

  it("name only what is missing once the tables are there", async () => {
    await env.DB.prepare("CREATE TABLE ghost_posts (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, published_version_id INTEGER)").run();
    const read = (path: string) => cms.route(request("GET", path, { headers: asEditor() }), bindings, ctx) as Promise<Response>;
    // A list read needs only the table that now exists and works as ever: nothing is checked on success.
    expect((await read("/api/cms/ghosts")).status).toBe(200);
    const response = await read("/api/cms/ghosts/1/versions");
    expect(response.status).toBe(503);
    const body = await response.json<{ error: string }>();
    expect(body.error).toContain("tables ghost_posts_versions, ghosts_search");
    expect(body.error).not.toContain("ghost_posts,");
  });
});

describe("the exported published reads a site calls from its own code", () => {
  const phantoms = sqliteTable("phantom_posts", { id: integer("id").primaryKey({ autoIncrement: true }), title: text("title"), publishedVersionId: integer("published_version_id") });
  const deps = (table: typeof phantoms | typeof renamed) => ({ table, versionsTable: versionsTable(tableMeta(table).name), config: defineCollection({ slug: "x", fields: { title: { type: "text" } }, versions: { drafts: true } }) });
  const renamed = sqliteTable("pages", { ...pagesColumns(), headline: text("headline") });

  it("throw a 503 naming the migration command when the table is missing, not a bare D1 error", async () => {
    for (const read of [() => listPublished(env.DB, deps(phantoms), { limit: 5, cursor: null }), () => readPublished(env.DB, deps(phantoms), 1)]) {
      const failure = await read().then(() => null, (error: unknown) => error);
      expect(isMisconfigured(failure), String(failure)).toBe(true);
      expect((failure as Error).message).toContain("phantom_posts");
      expect((failure as { fix: string }).fix).toContain(FIX);
    }
  });

  it("throw a 503 naming the column the database lacks (a renamed or added column) and how to generate its migration", async () => {
    for (const read of [() => listPublished(env.DB, deps(renamed), { limit: 5, cursor: null }), () => readPublished(env.DB, deps(renamed), 1)]) {
      const failure = await read().then(() => null, (error: unknown) => error);
      expect(isMisconfigured(failure), String(failure)).toBe(true);
      expect((failure as Error).message).toContain("table pages has no column headline");
      expect((failure as { fix: string }).fix).toContain("npx cms-toolkit migrations generate");
    }
    expect(logged.mock.calls.filter(([line]) => String(line).includes("headline"))).toHaveLength(1);
  });
});
