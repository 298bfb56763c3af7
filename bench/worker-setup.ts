import { hashPassword } from "../src/auth";
import type { SiteEnv } from "../src/site/env";

const VOCABULARY = 5000;
const WORDS_PER_PAGE = 220;
/* Ranks whose words appear in about 1% of pages: what a visitor's search term typically hits. */
const QUERY_RANKS = [1500, 1800, 2100, 2400, 2700];

/** A pronounceable pseudo-word for a vocabulary rank, the same on every run. */
function word(rank: number): string {
  const consonants = "bdfgklmnprstvz";
  const vowels = "aeiou";
  let out = "";
  let n = rank + 1;
  while (n > 0) {
    out += consonants[n % consonants.length]! + vowels[Math.floor(n / consonants.length) % vowels.length]!;
    n = Math.floor(n / (consonants.length * vowels.length));
  }
  return out + "n";
}

/* Zipf-distributed words from a seeded generator, so the corpus looks like prose to the ranker. */
function zipfWords(seed: number, count: number): string[] {
  let state = seed >>> 0 || 1;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const harmonic = Math.log(VOCABULARY) + 0.5772;
  return Array.from({ length: count }, () => word(Math.min(VOCABULARY - 1, Math.floor(Math.exp(random() * harmonic)) - 1)));
}

/**
 * The generated bench page number `i`: the same text on every run, ~1.5 KB of Zipf-distributed words.
 *
 * @example
 * benchPage(0).slug // "bench-0"
 */
export function benchPage(i: number): { slug: string; title: string; html: string } {
  const words = zipfWords(i + 1, WORDS_PER_PAGE);
  return {
    slug: `bench-${i}`,
    title: `Bench page ${i}: ${words.slice(0, 4).join(" ")}`,
    html: `<p>${words.slice(4, 110).join(" ")}.</p><p>${words.slice(110).join(" ")}.</p>`,
  };
}

/** The bench's query terms: words that each appear in about 1% of pages. */
export const BENCH_TERMS = QUERY_RANKS.map(word);

/** 200 further words in about 0.5–1.5% of pages each: queries that no cache has seen. */
export const BENCH_COLD_TERMS = Array.from({ length: 200 }, (_, i) => word(1000 + i * 10));

/** Common words, in about 14%, 26%, 44% and 68% of pages: the searches that match the most. */
export const BENCH_COMMON_TERMS = [160, 80, 40, 20].map(word);

/** Bench fixtures: the bench editor account and N published pages with ~1.5 KB bodies, inserted idempotently. */
export async function benchSetup(request: Request, env: SiteEnv): Promise<Response> {
  const body = (await request.json()) as { email: string; password: string; pages?: number; editors?: number };
  const hash = await hashPassword(body.password);
  // The room budgets messages per editor, so room scenarios give every client its own account:
  // `body.email`, then `bench-1@…` … `bench-N@…` with the same password.
  const [local, domain] = body.email.split("@");
  const emails = [body.email, ...Array.from({ length: body.editors ?? 0 }, (_, i) => `${local}-${i + 1}@${domain}`)];
  const upsert = env.DB.prepare(
    "INSERT INTO editors (email, name, role, password_hash) VALUES (?1, ?2, 'publisher', ?3) ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash",
  );
  await env.DB.batch(emails.map((email, i) => upsert.bind(email, i === 0 ? "Bench" : `Bench ${i}`, hash)));
  const want = body.pages ?? 0;
  const have = (await env.DB.prepare("SELECT count(*) AS n FROM pages WHERE slug LIKE 'bench-%'").first<{ n: number }>())?.n ?? 0;
  // Published (non-null pointer) so search sees them; the pointer value itself is not read here.
  const insert = env.DB.prepare("INSERT INTO pages (slug, title, body, sections, published_version_id) VALUES (?1, ?2, ?3, ?4, 0)");
  for (let start = have; start < want; start += 250) {
    const batch = [];
    for (let i = start; i < Math.min(want, start + 250); i++) {
      const page = benchPage(i);
      batch.push(insert.bind(page.slug, page.title, page.html, "[]"));
    }
    await env.DB.batch(batch);
  }
  const first = await env.DB.prepare("SELECT id FROM pages WHERE slug LIKE 'bench-%' ORDER BY id LIMIT 1").first<{ id: number }>();
  return Response.json({ emails, pages: want, firstId: first?.id ?? null, terms: BENCH_TERMS, coldTerms: BENCH_COLD_TERMS, commonTerms: BENCH_COMMON_TERMS });
}

/**
 * A new unpublished page, so a scenario that types into a page's room starts from the same
 * document every run instead of the growth the last run left (rooms keep their state). Empty, or
 * with `content` a bench page's title and two paragraphs of prose (~1.5 KB).
 */
export async function benchFreshPage(env: SiteEnv, content: boolean): Promise<Response> {
  const slug = `fresh-${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  const page = content ? benchPage(0) : { title: "A page typed into for an hour", html: "" };
  const row = await env.DB.prepare("INSERT INTO pages (slug, title, body, sections) VALUES (?1, ?2, ?3, '[]') RETURNING id")
    .bind(slug, page.title, page.html)
    .first<{ id: number }>();
  return Response.json({ id: row?.id ?? null });
}
