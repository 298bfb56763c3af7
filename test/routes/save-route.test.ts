import { env } from "cloudflare:workers";
import { draftWriterFor } from "../../src/objects/room-client";
import { describe, expect, it } from "vitest";
import { applyFieldSave, type SaveConfig } from "../../src/cores/save";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { saveRoute } from "../../src/routes/save-route";
import { pages } from "../../src/tables/pages";
import { siteSaveConfig } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { withoutIds } from "../helpers/entry-ids";
import { asEditor, EDITOR, headerResolver, request, type RequestOptions } from "../helpers/http";

const route = saveRoute({ ...siteSaveConfig, resolveEditor: headerResolver, writer: draftWriterFor });
const save = (body: unknown, options: RequestOptions = {}) =>
  runEditorRoute(route, request("POST", "/api/cms/save", { body, headers: asEditor(), ...options }), env);

const SECTIONS = [
  { type: "hero", heading: "Old heading", text: "Old text" },
  { type: "features", heading: "F", items: [{ title: "One", text: "1" }, { title: "Two", text: "2" }] },
];

let n = 0;
async function page(): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO pages (slug, title, body, sections) VALUES (?1, 'Live title', '<p>live</p>', ?2) RETURNING id")
    .bind(`save-${Date.now()}-${++n}`, JSON.stringify(SECTIONS))
    .first<{ id: number }>();
  return row!.id;
}
const live = (id: number) => env.DB.prepare("SELECT title, body, sections FROM pages WHERE id = ?1").bind(id).first<Record<string, string>>();
const drafts = async (id: number) =>
  (await env.DB.prepare("SELECT status, version_data FROM pages_versions WHERE parent_id = ?1 ORDER BY id").bind(id).all<{ status: string; version_data: string }>()).results.map(
    (r) => ({ status: r.status, data: JSON.parse(r.version_data) as Record<string, unknown> }),
  );

describe("saveRoute on a versioned collection", () => {
  it("saves a top-level field as a draft (204) and leaves the live row alone", async () => {
    const id = await page();
    const before = await live(id);
    const res = await save({ field: `pages:${id}:title`, value: "Draft title" });
    expect(res.status).toBe(204);
    expect(await live(id)).toEqual(before);
    const versions = await drafts(id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ status: "draft", data: { title: "Draft title", body: "<p>live</p>", sections: SECTIONS } });
  });

  it("sanitizes a rich value before it is stored", async () => {
    const id = await page();
    await save({ field: `pages:${id}:body`, value: '<p onmouseover="x()">Hi<script>alert(1)</script><img src="https://evil.test/a.png"></p>' });
    expect((await drafts(id))[0]!.data.body).toBe("<p>Hi</p>");
  });

  it("changes one list leaf over the newest pending draft and saves the whole sections field", async () => {
    const id = await page();
    await save({ field: `pages:${id}:sections.0.heading`, value: "First edit" });
    await save({ field: `pages:${id}:sections.1.items.1.title`, value: "Second edit" });
    const versions = await drafts(id);
    expect(versions).toHaveLength(2);
    // The room gives every entry a stable id on the way; the content is the leaf edits.
    expect((versions[1]!.data.sections as { id?: unknown }[]).every((entry) => typeof entry.id === "string")).toBe(true);
    expect(withoutIds(versions[1]!.data.sections)).toEqual([
      { type: "hero", heading: "First edit", text: "Old text" },
      { type: "features", heading: "F", items: [{ title: "One", text: "1" }, { title: "Second edit", text: "2" }] },
    ]);
    expect(JSON.parse((await live(id))!.sections!)).toEqual(SECTIONS);
  });

  it.each([
    ["a field that is not allowlisted", (id: number) => ({ field: `pages:${id}:slug`, value: "hijack" }), "field_not_allowed"],
    ["the publish pointer", (id: number) => ({ field: `pages:${id}:publishedVersionId`, value: 1 }), "field_not_allowed"],
    ["an unknown collection", (id: number) => ({ field: `users:${id}:title`, value: "x" }), "field_not_allowed"],
    ["an index out of range", (id: number) => ({ field: `pages:${id}:sections.7.heading`, value: "x" }), "index_out_of_range"],
    ["a list item index out of range", (id: number) => ({ field: `pages:${id}:sections.1.items.2.title`, value: "x" }), "index_out_of_range"],
    ["a malformed address", (id: number) => ({ field: `pages-${id}-title`, value: "x" }), "invalid_field"],
    ["a non-numeric key", () => ({ field: "pages:abc:title", value: "x" }), "invalid_field"],
    ["a missing value", (id: number) => ({ field: `pages:${id}:title` }), "missing_value"],
    ["a missing field", () => ({ value: "x" }), "invalid_field"],
  ])("answers 400 for %s and writes nothing", async (_name, body, code) => {
    const id = await page();
    const res = await save(body(id));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String), code });
    expect(await drafts(id)).toEqual([]);
  });

  it("answers 403 without an editor and for a cross-origin request", async () => {
    const id = await page();
    expect((await save({ field: `pages:${id}:title`, value: "x" }, { headers: {} })).status).toBe(403);
    expect((await save({ field: `pages:${id}:title`, value: "x" }, { origin: "https://evil.test" })).status).toBe(403);
    expect(await drafts(id)).toEqual([]);
  });

  it("answers 404 for a page that does not exist", async () => {
    expect((await save({ field: "pages:999999:title", value: "x" })).status).toBe(404);
    expect((await save({ field: "pages:999999:sections.0.heading", value: "x" })).status).toBe(404);
  });

  it.each([
    ["a non-string text", "title", 5],
    ["a title over its maxLength", "title", "x".repeat(201)],
    ["a section heading over its maxLength", "sections.0.heading", "x".repeat(161)],
    ["a remote image (strict media rule)", "sections.0.image", "https://evil.test/x.png"],
  ])("answers 422 for %s", async (_name, field, value) => {
    const id = await page();
    const res = await save({ field: `pages:${id}:${field}`, value });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: expect.any(Array) });
    expect(await drafts(id)).toEqual([]);
  });

  it("allows only POST", async () => {
    expect((await runEditorRoute(route, request("GET", "/api/cms/save", { headers: asEditor() }), env)).status).toBe(405);
  });
});

describe("applyFieldSave: the route-free core", () => {
  it("writes a collection without drafts straight onto the live row", async () => {
    const config: SaveConfig<SiteEnv> = { collections: { plain: { table: pages, fields: { title: "text", "sections.*.heading": "text" } } } };
    const id = await page();
    expect(await applyFieldSave(env, config, EDITOR, { field: `plain:${id}:sections.0.heading`, value: "Live edit" })).toEqual({
      collection: "plain",
      id,
      field: "sections.0.heading",
      saved: "live",
    });
    expect(JSON.parse((await live(id))!.sections!)[0].heading).toBe("Live edit");
    expect(await drafts(id)).toEqual([]);
  });

  it("finds the record by another key field", async () => {
    const config: SaveConfig<SiteEnv> = { collections: { bySlug: { ...siteSaveConfig.collections.pages!, keyField: "slug" } } };
    const id = await page();
    const slug = (await env.DB.prepare("SELECT slug FROM pages WHERE id = ?1").bind(id).first<{ slug: string }>())!.slug;
    expect(await applyFieldSave(env, config, EDITOR, { field: `bySlug:${slug}:title`, value: "Via slug" })).toMatchObject({ id, saved: "draft" });
    await expect(applyFieldSave(env, config, EDITOR, { field: "bySlug:no-such-slug:title", value: "x" })).rejects.toMatchObject({ status: 404 });
  });

  it("refuses without a session", async () => {
    await expect(applyFieldSave(env, siteSaveConfig, null, { field: "pages:1:title", value: "x" })).rejects.toMatchObject({ status: 403 });
  });
});
