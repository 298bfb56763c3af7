import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { defineCollection } from "../../src/cores/collection";
import { applyPublish, applySaveDraft, applyUnpublish } from "../../src/cores/drafts";
import { insertRow } from "../../src/cores/pages/page-store";
import { removeFromSearchIndex } from "../../src/cores/search";
import { tableMeta } from "../../src/cores/table-meta";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { searchRoute } from "../../src/routes/search-route";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { EDITOR, PUBLISHER, asEditor, headerResolver, request, type RequestOptions } from "../helpers/http";

const route = searchRoute({ table: pages, config: pagesCollection, resolveEditor: headerResolver });
let counter = 0;
const uniqueWord = () => `sr${Date.now().toString(36)}x${(++counter).toString(36)}`;

function call(method: string, path: string, options: RequestOptions = {}) {
  return runEditorRoute(route, request(method, path, options), env);
}

/** Inserts `count` published pages holding `word` (as a seed would: straight SQL), then reindexes. */
async function seedPublished(word: string, count: number): Promise<void> {
  const statements = Array.from({ length: count }, (_, i) =>
    env.DB.prepare("INSERT INTO pages (slug, title, body, published_version_id) VALUES (?1, ?2, ?3, 1)").bind(`${word}-${i}`, `${word} page ${i}`, `<p>${word}</p>`),
  );
  await env.DB.batch(statements);
  const res = await call("POST", "/api/cms/pages/reindex", { headers: asEditor() });
  expect(res.status).toBe(200);
}

async function hits(query: string): Promise<{ id: number; title: string; snippet: string }[]> {
  const res = await call("GET", `/api/cms/pages/search?${query}`, { headers: asEditor() });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: number; title: string; snippet: string }[] }).items;
}

describe("searchRoute", () => {
  it("answers ranked published rows with a highlighted snippet", async () => {
    const word = uniqueWord();
    await seedPublished(word, 1);
    const [hit] = await hits(`q=${word}`);
    expect(hit).toMatchObject({ title: `${word} page 0`, snippet: expect.stringContaining(`<mark>${word}</mark>`) });
  });

  it("defaults limit to 10", async () => {
    const word = uniqueWord();
    await seedPublished(word, 12);
    expect(await hits(`q=${word}`)).toHaveLength(10);
  });

  it("caps limit at 50 and clamps a limit below 1 to 1", async () => {
    const word = uniqueWord();
    await seedPublished(word, 55);
    expect(await hits(`q=${word}&limit=500`)).toHaveLength(50);
    expect(await hits(`q=${word}&limit=0`)).toHaveLength(1);
    expect(await hits(`q=${word}&limit=-4`)).toHaveLength(1);
  });

  it.each([["q="], ["q=%20%20"], [""], ["limit=5"]])("a blank q (%j) is a 400", async (query) => {
    const res = await call("GET", `/api/cms/pages/search?${query}`, { headers: asEditor() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.stringMatching(/q/) });
  });

  it.each([["abc"], ["1.5"], ["10x"]])("a limit that is not an integer (%j) is a 400", async (limit) => {
    expect((await call("GET", `/api/cms/pages/search?q=x&limit=${limit}`, { headers: asEditor() })).status).toBe(400);
  });

  it("FTS syntax in q is searched as text and never a 500", async () => {
    for (const q of ['"', "*", "NEAR(", "a -b", "title:x", "(((", "x OR", "^"]) {
      const res = await call("GET", `/api/cms/pages/search?q=${encodeURIComponent(q)}`, { headers: asEditor() });
      expect(res.status, q).toBe(200);
    }
  });

  it("needs an editor: 401 without a session for search and reindex", async () => {
    expect((await call("GET", "/api/cms/pages/search?q=x")).status).toBe(401);
    expect((await call("POST", "/api/cms/pages/reindex")).status).toBe(401);
  });

  it("refuses a cross-origin reindex (403) and wrong methods (405)", async () => {
    expect((await call("POST", "/api/cms/pages/reindex", { origin: "https://evil.test", headers: asEditor() })).status).toBe(403);
    expect((await call("GET", "/api/cms/pages/reindex", { headers: asEditor() })).status).toBe(405);
    expect((await call("POST", "/api/cms/pages/search?q=x", { headers: asEditor() })).status).toBe(405);
  });

  it("reindex rebuilds from the table and says how many rows it indexed", async () => {
    const word = uniqueWord();
    await env.DB.prepare("INSERT INTO pages (slug, title, published_version_id) VALUES (?1, ?2, 1)").bind(word, word).run();
    expect(await hits(`q=${word}`)).toEqual([]);

    const res = await call("POST", "/api/cms/pages/reindex", { headers: asEditor() });

    const published = await env.DB.prepare("SELECT count(*) AS n FROM pages WHERE published_version_id IS NOT NULL").first<{ n: number }>();
    expect(await res.json()).toEqual({ indexed: published!.n });
    expect(await hits(`q=${word}`)).toHaveLength(1);
  });

  it("leaves other paths alone", async () => {
    expect(await route(request("GET", "/api/cms/pages/12", { headers: asEditor() }), env, {} as ExecutionContext)).toBeUndefined();
  });

  it("requires a collection with a search config", () => {
    const plain = defineCollection({ slug: "plain", fields: { title: { type: "text" } } });
    expect(() => searchRoute({ table: pages, config: plain, resolveEditor: headerResolver })).toThrow(/search/);
  });
});

describe("searchRoute's published-generation cache", () => {
  const deps = { table: pages, versionsTable: pagesVersions, config: pagesCollection };
  /* Takes a page out of the index behind the toolkit's back: no write core runs, so nothing says so. */
  const dropFromIndexSilently = (id: number) => env.DB.prepare("DELETE FROM pages_search WHERE rowid = ?1").bind(id).run();

  it("answers a repeated search from memory, and the next search after a write core ran from the database", async () => {
    const word = uniqueWord();
    await seedPublished(word, 1);
    const [hit] = await hits(`q=${word}`);
    await dropFromIndexSilently(hit!.id);
    expect(await hits(`q=${word}`)).toHaveLength(1); // served from memory
    await removeFromSearchIndex(env.DB, pagesCollection, hit!.id); // a write core: the generation moves
    expect(await hits(`q=${word}`)).toEqual([]);
  });

  it("sees a publish and an unpublish through the draft cores at once", async () => {
    const word = uniqueWord();
    const page = await insertRow(env.DB, tableMeta(pages), { slug: word, title: "Not yet" });
    const id = page.id as number;
    expect(await hits(`q=${word}`)).toEqual([]);
    await applySaveDraft(env, deps, EDITOR, id, { title: `${word} launch` });
    await applyPublish(env, deps, PUBLISHER, id);
    expect((await hits(`q=${word}`)).map((h) => h.id)).toEqual([id]);
    await applyUnpublish(env, deps, PUBLISHER, id);
    expect(await hits(`q=${word}`)).toEqual([]);
  });

  it("with cache: false, every search reaches the database", async () => {
    const uncached = searchRoute({ table: pages, config: pagesCollection, resolveEditor: headerResolver, cache: false });
    const word = uniqueWord();
    await seedPublished(word, 1);
    const search = async () => {
      const res = await runEditorRoute(uncached, request("GET", `/api/cms/pages/search?q=${word}`, { headers: asEditor() }), env);
      return ((await res.json()) as { items: { id: number }[] }).items;
    };
    const [hit] = await search();
    await dropFromIndexSilently(hit!.id);
    expect(await search()).toEqual([]);
  });

  it("answers each limit separately", async () => {
    const word = uniqueWord();
    await seedPublished(word, 3);
    expect(await hits(`q=${word}&limit=1`)).toHaveLength(1);
    expect(await hits(`q=${word}&limit=3`)).toHaveLength(3);
  });

  it("answers a burst of equal and different searches in parallel, emoji and astral text included", async () => {
    const word = uniqueWord();
    await seedPublished(word, 2);
    // NFKC turns the fraktur letters into "Unicode", a word no page holds; emoji are separators.
    const queries: [string, number][] = [[word, 2], [`${word} 😀`, 2], [`𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ${word}`, 0], ["😀😀😀", 0], [word.toUpperCase(), 2]];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => hits(`q=${encodeURIComponent(queries[i % queries.length]![0])}`)));
    answers.forEach((items, i) => expect(items, queries[i % queries.length]![0]).toHaveLength(queries[i % queries.length]![1]));
  });
});
