import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cmsCollection, type CmsCollection } from "../../src/cms/cms-collection";
import { buildRegistry } from "../../src/cms/cms-registry";
import { signInRoutes } from "../../src/cms/cms-sign-in";
import { LouiseValidationError } from "../../src/shared/errors";
import { pages, pagesVersions } from "../../src/tables/pages";
import { versionsTable } from "../../src/tables/versions-table";

const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;

describe("the collection registry", () => {
  it("refuses drafts without a versions table, a bad field type and a search field that is not declared", () => {
    expect(() => buildRegistry({ pages: cmsCollection(pages, { fields: { title: { type: "text" } }, drafts: true }) })).toThrow(/versionsTable/);
    expect(() => buildRegistry({ pages: cmsCollection(pages, { fields: { title: { type: "txt" as "text" } } }) })).toThrow(/unknown type/);
    expect(() => buildRegistry({ pages: { table: pages, fields: { title: { type: "text" } }, search: ["body"] } })).toThrow(/search field body/);
    expect(() => buildRegistry({ "bad slug": cmsCollection(pages, { fields: { title: { type: "text" } } }) })).toThrow(/plain identifier/);
  });

  it("refuses a number field over a text column, an image field over a column without JSON mode, and drafts without publishedVersionId", () => {
    const things = sqliteTable("things", {
      id: integer("id").primaryKey({ autoIncrement: true }),
      price: text("price"),
      cost: real("cost"),
      pic: text("pic"),
      photo: text("photo", { mode: "json" }),
    });
    // cmsCollection refuses these two when the site compiles (test/types); a declaration written as a plain object meets the same rule at start-up.
    const plain = (fields: CmsCollection["fields"]): CmsCollection => ({ table: things, fields });
    expect(() => buildRegistry({ things: plain({ price: { type: "number" } }) })).toThrow(/number field price needs a number column/);
    expect(() => buildRegistry({ things: plain({ pic: { type: "image" } }) })).toThrow(/image field pic needs a JSON column/);
    expect(() => buildRegistry({ things: cmsCollection(things, { versionsTable: versionsTable("things"), drafts: true, fields: { cost: { type: "number" } } }) })).toThrow(
      /drafts need a publishedVersionId column/,
    );
    expect(() => buildRegistry({ things: cmsCollection(things, { fields: { cost: { type: "number" }, photo: { type: "image" } } }) })).not.toThrow();
  });

  it("refuses a slug field without a unique column, and an inline editor that does not fit the field's type", () => {
    expect(() => buildRegistry({ pages: cmsCollection(pages, { fields: { title: { type: "slug" } } }) })).toThrow(/slug field title needs a unique column/);
    expect(() => buildRegistry({ pages: cmsCollection(pages, { fields: { slug: { type: "slug" } } }) })).not.toThrow();
    expect(() => buildRegistry({ pages: cmsCollection(pages, { fields: { title: { type: "date" } }, inline: { title: "text" } }) })).toThrow(/inline title is "text" but the field is date/);
  });

  it("holds one search cache per searchable collection, and none for the others", () => {
    const registry = buildRegistry({
      pages: cmsCollection(pages, { fields: { title: { type: "text" }, body: { type: "richtext" } }, search: ["title", "body"] }),
      notes: cmsCollection(pages, { fields: { title: { type: "text" } } }),
    });
    const cache = registry.get("pages")!.searchCache;
    expect(typeof cache?.read).toBe("function");
    expect(registry.get("pages")!.searchCache).toBe(cache);
    expect(registry.get("notes")!.searchCache).toBeNull();
  });

  it("gives every write path the same deps and the same validate hook, with the media base", async () => {
    const seen: unknown[] = [];
    const registry = buildRegistry({
      pages: cmsCollection(pages, {
        versionsTable: pagesVersions,
        fields: { title: { type: "text" } },
        drafts: { maxPerDoc: 7 },
        inline: { title: "text" },
        validate: (data, context) => {
          seen.push(context);
          if (data.title === "no") throw new LouiseValidationError([{ path: "title", message: "no" }]);
        },
      }),
      notes: cmsCollection(pages, { fields: { title: { type: "text" } } }),
    });
    expect(registry.roomSlugs).toEqual(["pages"]);
    expect(registry.draftDeps("notes", undefined)).toBeUndefined();
    expect(registry.draftDeps("nope", undefined)).toBeUndefined();
    const deps = registry.draftDeps("pages", "https://media.example/m")!;
    expect(deps.config.versions).toEqual({ drafts: true, maxPerDoc: 7 });
    await expect(deps.validate!({ title: "no" }, { operation: "draft" })).rejects.toBeInstanceOf(LouiseValidationError);
    const save = registry.saveCollections<{ DB: D1Database; MEDIA_URL: string }>().pages!;
    await save.validate!({ title: "ok" }, { operation: "draft", env: { DB: env.DB, MEDIA_URL: "https://media.example/m" } });
    expect(seen).toEqual([
      { operation: "draft", mediaBase: "https://media.example/m" },
      { operation: "draft", mediaBase: "https://media.example/m" },
    ]);
    expect(Object.keys(registry.saveCollections())).toEqual(["pages"]);
    expect(registry.mediaReferences.map((ref) => ref.fields)).toEqual([["title"], ["versionData"], ["title"]]);
  });
});

describe("the built-in sign-in of createCms", () => {
  it("answers 503 naming the missing RATE_LIMIT binding instead of failing, and leaves other paths alone", async () => {
    const { route } = signInRoutes<{ DB: D1Database }>({});
    const post = new Request("https://site.example/api/cms/session", {
      method: "POST",
      headers: { origin: "https://site.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.test", password: "x" }),
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await route(post, { DB: env.DB }, ctx);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("Fix: add to wrangler.toml"));
    logged.mockRestore();
    expect(response?.status).toBe(503);
    expect(await response?.json()).toMatchObject({ code: "misconfigured", fix: expect.stringContaining("RATE_LIMIT") });
    expect(await route(new Request("https://site.example/api/cms/pages"), { DB: env.DB }, ctx)).toBeUndefined();
  });

  it("resolves nobody without a session secret", async () => {
    const { resolveEditor } = signInRoutes<{ DB: D1Database }>({});
    const request = new Request("https://site.example/", { headers: { cookie: "cms_session=forged.value" } });
    expect(await resolveEditor(request, { DB: env.DB })).toBeNull();
  });
});
