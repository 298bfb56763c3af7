import { hashPassword } from "../src/site/auth";
import type { SiteEnv } from "../src/site/env";

/** Bench fixtures: the bench editor account and N pages, inserted idempotently. */
export async function benchSetup(request: Request, env: SiteEnv): Promise<Response> {
  const body = (await request.json()) as { email: string; password: string; pages?: number };
  const hash = await hashPassword(body.password);
  await env.DB.prepare(
    "INSERT INTO editors (email, name, role, password_hash) VALUES (?1, 'Bench', 'publisher', ?2) ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash",
  )
    .bind(body.email, hash)
    .run();
  const want = body.pages ?? 0;
  const have = (await env.DB.prepare("SELECT count(*) AS n FROM pages WHERE slug LIKE 'bench-%'").first<{ n: number }>())?.n ?? 0;
  const insert = env.DB.prepare("INSERT INTO pages (slug, title, body, sections) VALUES (?1, ?2, ?3, ?4)");
  for (let start = have; start < want; start += 500) {
    const batch = [];
    for (let i = start; i < Math.min(want, start + 500); i++) {
      batch.push(insert.bind(`bench-${i}`, `Bench page ${i}`, `<p>Body of bench page ${i} about ${WORDS[i % WORDS.length]} and ${WORDS[(i * 7) % WORDS.length]}.</p>`, "[]"));
    }
    await env.DB.batch(batch);
  }
  const first = await env.DB.prepare("SELECT id FROM pages WHERE slug LIKE 'bench-%' ORDER BY id LIMIT 1").first<{ id: number }>();
  return Response.json({ pages: want, firstId: first?.id ?? null });
}

const WORDS = ["gardens", "harbours", "lighthouses", "orchards", "bridges", "libraries", "markets", "railways", "glaciers", "vineyards"];
