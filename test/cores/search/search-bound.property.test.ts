import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchPublished, type SearchHit } from "../../../src/cores/search";
import { pagesCollection } from "../../../src/site/collections";
import { pages } from "../../../src/tables/pages";
import { uniqueWord } from "../drafts/helpers";

/*
 * Random sites of a few dozen pages holding two words in their titles and bodies, some of them
 * stale (unpublished, their index entry left), searched with a random bound and limit. The
 * bounded search must be the full ranking (`rankCandidates: Infinity`) of the candidates the
 * contract names: the newest `rankCandidates` index matches and the newest `rankCandidates` whose
 * title holds every word, published only, best first with the full ranking's scores, and the page
 * filled while no more stale entries than `limit` stand among the best.
 */

const RUNS = 40;
const options = { table: pages, config: pagesCollection };

interface Page {
  inTitle: boolean[];
  inBody: number[];
  stale: boolean;
}

const PAGE: fc.Arbitrary<Page> = fc.record({
  inTitle: fc.tuple(fc.boolean(), fc.boolean()),
  inBody: fc.tuple(fc.nat(3), fc.nat(3)),
  stale: fc.boolean(),
});

const SITE = fc
  .record({
    pages: fc.array(PAGE, { minLength: 1, maxLength: 30 }),
    bothWords: fc.boolean(),
    rankCandidates: fc.integer({ min: 1, max: 8 }),
    limit: fc.integer({ min: 1, max: 6 }),
  })
  // At most `limit` stale pages: the spare rows the search reads keep the page full up to there.
  .map((site) => {
    let stale = 0;
    return { ...site, pages: site.pages.map((page) => ({ ...page, stale: page.stale && ++stale <= site.limit })) };
  });

/* Inserts the pages straight into the live table and its index, as a publish leaves them; stale ones lose their pointer only. */
async function build(words: string[], site: { pages: Page[] }): Promise<{ id: number; page: Page }[]> {
  const first = Number((await env.DB.prepare("SELECT coalesce(max(id), 0) + 1 AS id FROM pages").first<{ id: number }>())!.id);
  const built = site.pages.map((page, i) => ({ id: first + i, page }));
  const statements = built.flatMap(({ id, page }) => {
    const title = ["Page", ...words.filter((_, w) => page.inTitle[w])].join(" ");
    const body = ["Some", ...words.flatMap((word, w) => Array<string>(page.inBody[w]!).fill(word)), "text"].join(" ");
    return [
      env.DB.prepare("INSERT INTO pages (id, slug, title, body, sections, published_version_id) VALUES (?1, ?2, ?3, ?4, '[]', ?5)").bind(
        id,
        uniqueWord("bound-"),
        title,
        `<p>${body}</p>`,
        page.stale ? null : 0,
      ),
      env.DB.prepare("INSERT INTO pages_search (rowid, title, body, sections) VALUES (?1, ?2, ?3, '')").bind(id, title, body),
    ];
  });
  await env.DB.batch(statements);
  return built;
}

/* The hits' scores, and the ids of those scoring better than the last (a tie at the cut may go either way). */
function shape(hits: readonly SearchHit[]) {
  const last = hits.at(-1)?.score ?? 0;
  return {
    scores: hits.map((hit) => hit.score.toFixed(6)),
    above: hits
      .filter((hit) => hit.score > last + 1e-9)
      .map((hit) => hit.id)
      .sort((a, b) => a - b),
  };
}

describe("a search past its rank bound, over random sites", () => {
  it("is the full ranking of the newest matches and the newest whose title holds every word", async () => {
    await fc.assert(
      fc.asyncProperty(SITE, async (site) => {
        const words = [uniqueWord("alpha"), uniqueWord("beta")];
        const built = await build(words, site);
        const searched = site.bothWords ? [0, 1] : [0];
        const q = searched.map((w) => words[w]).join(" ");

        const matches = built.filter(({ page }) => searched.every((w) => page.inTitle[w] || page.inBody[w]! > 0)).sort((a, b) => b.id - a.id);
        const headed = matches.filter(({ page }) => searched.every((w) => page.inTitle[w]));
        const candidates = new Set([...matches.slice(0, site.rankCandidates), ...headed.slice(0, site.rankCandidates)].map(({ id }) => id));
        const full = await searchPublished(env.DB, { ...options, rankCandidates: Number.POSITIVE_INFINITY }, q, 50);
        const expected = full.filter((hit) => candidates.has(hit.id)).slice(0, site.limit);

        const bounded = await searchPublished(env.DB, { ...options, rankCandidates: site.rankCandidates }, q, site.limit);

        expect(full.every((hit) => built.some(({ id, page }) => id === hit.id && !page.stale))).toBe(true);
        expect(shape(bounded)).toEqual(shape(expected));
        for (const hit of bounded) expect(hit).toEqual(full.find((entry) => entry.id === hit.id));
      }),
      { numRuns: RUNS },
    );
  });
});
