import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyPublish, applySaveDraft, applyUnpublish } from "../../../src/cores/drafts";
import { deleteRow } from "../../../src/cores/pages/page-store";
import { rebuildSearchIndex, removeFromSearchIndex, SEARCH_RANK_CANDIDATES, searchPublished, syncSearchEntry } from "../../../src/cores/search";
import { tableMeta } from "../../../src/cores/table-meta";
import { pagesCollection } from "../../../src/site/collections";
import { pages } from "../../../src/tables/pages";
import { EDITOR, PUBLISHER } from "../../helpers/http";
import { deps, newPage, uniqueWord } from "../drafts/helpers";

const options = { table: pages, config: pagesCollection };
const search = (q: string, limit = 10) => searchPublished(env.DB, options, q, limit);

async function publishedPage(fields: Record<string, unknown>): Promise<number> {
  const id = await newPage();
  await applySaveDraft(env, deps, EDITOR, id, fields);
  await applyPublish(env, deps, PUBLISHER, id);
  return id;
}

describe("the search index holds published rows only", () => {
  it("the FTS5 table's columns are the collection's search.fields, in order (bm25 weights are positional)", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM pragma_table_info('pages_search')").all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(pagesCollection.search?.fields);
  });

  it("a draft is not searchable until it is published", async () => {
    const word = uniqueWord();
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: `Draft ${word}` });
    expect(await search(word)).toEqual([]);

    await applyPublish(env, deps, PUBLISHER, id);

    expect((await search(word)).map((hit) => hit.id)).toEqual([id]);
  });

  it("a publish replaces the page's entry; an unpublish removes it", async () => {
    const before = uniqueWord();
    const after = uniqueWord();
    const id = await publishedPage({ title: `Title ${before}` });
    await applySaveDraft(env, deps, EDITOR, id, { title: `Title ${after}` });
    await applyPublish(env, deps, PUBLISHER, id);
    expect(await search(before)).toEqual([]);
    expect((await search(after)).map((hit) => hit.id)).toEqual([id]);

    await applyUnpublish(env, deps, PUBLISHER, id);

    expect(await search(after)).toEqual([]);
    const entries = await env.DB.prepare("SELECT count(*) AS n FROM pages_search WHERE rowid = ?1").bind(id).first<{ n: number }>();
    expect(entries!.n).toBe(0);
  });

  it("removeFromSearchIndex takes a deleted page out", async () => {
    const word = uniqueWord();
    const id = await publishedPage({ title: word });
    await deleteRow(env.DB, tableMeta(pages), id);

    await removeFromSearchIndex(env.DB, pagesCollection, id);

    const entries = await env.DB.prepare("SELECT count(*) AS n FROM pages_search WHERE rowid = ?1").bind(id).first<{ n: number }>();
    expect(entries!.n).toBe(0);
  });

  it("syncSearchEntry follows a live row changed outside publish (PATCH of a published page, delete)", async () => {
    const old = uniqueWord();
    const patched = uniqueWord();
    const id = await publishedPage({ title: old });
    await env.DB.prepare("UPDATE pages SET title = ?1 WHERE id = ?2").bind(patched, id).run();

    await syncSearchEntry(env.DB, options, id);
    expect(await search(old)).toEqual([]);
    expect((await search(patched)).map((hit) => hit.id)).toEqual([id]);

    await deleteRow(env.DB, tableMeta(pages), id);
    await syncSearchEntry(env.DB, options, id);
    const entries = await env.DB.prepare("SELECT count(*) AS n FROM pages_search WHERE rowid = ?1").bind(id).first<{ n: number }>();
    expect(entries!.n).toBe(0);
  });

  it("a stale entry never surfaces a row that is no longer published", async () => {
    const word = uniqueWord();
    const id = await publishedPage({ title: word });
    await env.DB.prepare("UPDATE pages SET published_version_id = NULL WHERE id = ?1").bind(id).run();
    expect(await search(word)).toEqual([]);
  });

  it("stale entries among the best still leave a full page of published rows", async () => {
    const word = uniqueWord();
    const stale: number[] = [];
    for (let i = 0; i < 3; i++) stale.push(await publishedPage({ title: "Best", body: `<p>${word} ${word} ${word}</p>` }));
    const live: number[] = [];
    for (let i = 0; i < 6; i++) live.push(await publishedPage({ title: `Page ${i}`, body: `<p>${word} among other words</p>` }));
    await env.DB.batch(stale.map((id) => env.DB.prepare("UPDATE pages SET published_version_id = NULL WHERE id = ?1").bind(id)));

    const hits = await search(word, 5);

    expect(hits).toHaveLength(5);
    expect(hits.every((hit) => live.includes(hit.id))).toBe(true);
  });

  it("json fields are indexed by every string leaf; rich text by its words, not its tags", async () => {
    const inSection = uniqueWord();
    const inList = uniqueWord();
    const id = await publishedPage({
      sections: [{ type: "hero", heading: `Hero ${inSection}` }, { type: "features", items: [{ title: inList }] }],
      body: "<p>plain <strong>words</strong></p>",
    });
    expect((await search(inSection)).map((hit) => hit.id)).toEqual([id]);
    expect((await search(inList)).map((hit) => hit.id)).toEqual([id]);
    expect((await search(`strong ${inSection}`)).map((hit) => hit.id)).toEqual([]);
  });

  it("rebuildSearchIndex indexes every published row from the table and nothing else", async () => {
    const word = uniqueWord();
    const seeded = await newPage({ title: `Seeded ${word}` });
    const draftOnly = await newPage({ title: `Never published ${word}` });
    const vid = (await applySaveDraft(env, deps, EDITOR, seeded, {})).versionId;
    await env.DB.prepare("UPDATE pages SET published_version_id = ?1 WHERE id = ?2").bind(vid, seeded).run();
    expect(await search(word)).toEqual([]);

    const { indexed } = await rebuildSearchIndex(env.DB, options);

    const published = await env.DB.prepare("SELECT count(*) AS n FROM pages WHERE published_version_id IS NOT NULL").first<{ n: number }>();
    expect(indexed).toBe(published!.n);
    const ids = (await search(word)).map((hit) => hit.id);
    expect(ids).toEqual([seeded]);
    expect(ids).not.toContain(draftOnly);
  });
});

describe("search results", () => {
  it("rank a title match above a body match (bm25, title weighted)", async () => {
    const word = uniqueWord();
    const inBody = await publishedPage({ title: "Something else", body: `<p>${word} ${word}</p>` });
    const inTitle = await publishedPage({ title: `A much longer title that mentions ${word} only once`, body: "<p>Nothing here</p>" });

    const hits = await search(word);

    expect(hits.map((hit) => hit.id)).toEqual([inTitle, inBody]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[0]).toEqual({ id: inTitle, slug: expect.any(String), title: expect.stringContaining(word), snippet: expect.any(String), score: expect.any(Number) });
    const unweighted = await searchPublished(env.DB, { ...options, weights: { title: 1 } }, word, 10);
    expect(unweighted.map((hit) => hit.id)).toEqual([inBody, inTitle]);
  });

  it("refuse a weight that is not a finite number ≥ 0 before any query runs", async () => {
    for (const weight of [Number.NaN, Number.POSITIVE_INFINITY, -1]) {
      await expect(searchPublished(env.DB, { ...options, weights: { title: weight } }, "anything", 10)).rejects.toThrow(/weight of title/);
    }
  });

  it("carry an HTML-safe snippet with the matches in <mark>", async () => {
    const word = uniqueWord();
    await publishedPage({ title: "Plain", body: `<p>if 5 &lt; 6 then <em>${word}</em> &amp; more</p>` });

    const [hit] = await search(word);

    expect(hit!.snippet).toContain(`<mark>${word}</mark>`);
    expect(hit!.snippet).toContain("5 &#60; 6");
    expect(hit!.snippet).toContain("&#38; more");
  });

  it("honour the limit", async () => {
    const word = uniqueWord();
    for (let i = 0; i < 3; i++) await publishedPage({ title: `${word} ${i}` });
    expect(await search(word, 2)).toHaveLength(2);
  });

  it.each([
    ['"{w}', "an unbalanced quote"],
    ["{w}*", "a star"],
    ["NEAR({w}", "NEAR and an open parenthesis"],
    ["-{w}", "a leading minus"],
    ["title:{w}", "a column filter"],
    ["{w} AND OR NOT", "bare operators"],
    ["{w})", "a closing parenthesis"],
    ["^{w}", "a caret"],
  ])("treat %j (%s) as text: no error, the page is found", async (pattern, _what) => {
    const word = uniqueWord();
    const id = await publishedPage({ title: `Title ${word}`, body: "<p>and or not near title</p>" });
    const hits = await search(pattern.replace("{w}", word));
    expect(hits.map((hit) => hit.id)).toEqual([id]);
  });

  it("find nothing (and do not fail) when nothing searchable is left", async () => {
    expect(await search('*** ( ) " :')).toEqual([]);
  });
});

describe("a search with more matches than it ranks (rankCandidates)", () => {
  const bounded = (q: string, rankCandidates: number, locale?: string) => searchPublished(env.DB, { ...options, rankCandidates }, q, 10, locale);

  /* An old page that bm25 ranks first (the word three times, nothing in its title), then `newer` pages with the word once. */
  async function oldBestThenNewer(word: string, newer: number, oldTitle = "Something else"): Promise<{ old: number; newer: number[] }> {
    const old = await publishedPage({ title: oldTitle, body: `<p>${word} ${word} ${word}</p>` });
    const ids: number[] = [];
    for (let i = 0; i < newer; i++) ids.push(await publishedPage({ title: `Page ${i}`, body: `<p>${word} and many other words here</p>` }));
    return { old, newer: ids };
  }

  it("rank only the newest matches past the bound, and every match up to it", async () => {
    const word = uniqueWord();
    const { old, newer } = await oldBestThenNewer(word, 3);

    expect((await bounded(word, Number.POSITIVE_INFINITY)).map((hit) => hit.id)[0]).toBe(old);
    expect((await bounded(word, 4)).map((hit) => hit.id)[0]).toBe(old);
    const hits = await bounded(word, 3);

    expect(hits.map((hit) => hit.id).sort((a, b) => a - b)).toEqual(newer);
    // With no field weighted above 1 there is no heading to rescue an older page by.
    const flat = await searchPublished(env.DB, { ...options, weights: { title: 1 }, rankCandidates: 3 }, word, 10);
    expect(flat.map((hit) => hit.id).sort((a, b) => a - b)).toEqual(newer);
  });

  it("still rank an older page whose title holds every word, with the score a full ranking gives it", async () => {
    const word = uniqueWord();
    const other = uniqueWord();
    const named = await publishedPage({ title: `About ${word} ${other}`, body: "<p>Nothing else</p>" });
    const partly = await publishedPage({ title: `About ${word}`, body: `<p>${other}</p>` });
    const { old, newer } = await oldBestThenNewer(`${word} ${other}`, 2);

    const all = await bounded(`${word} ${other}`, Number.POSITIVE_INFINITY);
    const hits = await bounded(`${word} ${other}`, 2);

    expect(all.map((hit) => hit.id)).toEqual(expect.arrayContaining([named, partly, old, ...newer]));
    expect(hits.map((hit) => hit.id)).toEqual([named, ...all.map((hit) => hit.id).filter((id) => newer.includes(id))]);
    expect(hits[0]).toEqual(all.find((hit) => hit.id === named));
    expect(hits[0]!.snippet).toContain(`<mark>${word}</mark>`);
  });

  it("apply the bound by default (SEARCH_RANK_CANDIDATES)", async () => {
    const word = uniqueWord();
    const old = await publishedPage({ title: "Something else", body: `<p>${word} ${word} ${word}</p>` });
    // SEARCH_RANK_CANDIDATES newer matches, written straight into the table and its index.
    const first = Number((await env.DB.prepare("SELECT coalesce(max(id), 0) + 1000 AS id FROM pages").first<{ id: number }>())!.id);
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < SEARCH_RANK_CANDIDATES; i++) {
      const id = first + i;
      statements.push(env.DB.prepare("INSERT INTO pages (id, slug, title, body, sections, published_version_id) VALUES (?1, ?2, 'Filler', ?3, '[]', 0)").bind(id, `${word}-${i}`, `<p>${word} and many other words here</p>`));
      statements.push(env.DB.prepare("INSERT INTO pages_search (rowid, title, body, sections) VALUES (?1, 'Filler', ?2, '')").bind(id, `${word} and many other words here`));
    }
    await env.DB.batch(statements);

    expect((await searchPublished(env.DB, { ...options, rankCandidates: Number.POSITIVE_INFINITY }, word, 10))[0]!.id).toBe(old);
    expect((await search(word)).map((hit) => hit.id)).not.toContain(old);
  });

  it("count the newest matches within the locale searched", async () => {
    const word = uniqueWord();
    const { old: de, newer } = await oldBestThenNewer(word, 3);
    const deNewer = await publishedPage({ title: "Seite", body: `<p>${word} und andere Worte</p>` });
    await env.DB.batch([de, deNewer].map((id) => env.DB.prepare("UPDATE pages SET locale = 'de' WHERE id = ?1").bind(id)));

    expect((await bounded(word, 2, "de")).map((hit) => hit.id)).toEqual([de, deNewer]);
    expect((await bounded(word, 2, "en")).map((hit) => hit.id).sort((a, b) => a - b)).toEqual(newer.slice(1));
  });

  it("refuse a bound that is not a whole number ≥ 1 or Infinity before any query runs", async () => {
    for (const rankCandidates of [0, -1, 1.5, Number.NaN]) {
      await expect(searchPublished(env.DB, { ...options, rankCandidates }, "anything", 10)).rejects.toThrow(/rankCandidates/);
    }
  });
});
