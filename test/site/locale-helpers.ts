import { env } from "cloudflare:workers";
import type { LocaleAddressing } from "../../src/shared/locale-path";

/* Fixtures of the site's pages in several locales, written straight to D1 as a publish leaves them. */

export const EN_DE: LocaleAddressing = { locales: ["en", "de"], defaultLocale: "en" };

let n = 0;

/** A slug no other test of the file has used. */
export const uniqueSlug = (name: string) => `${name}-${++n}-${Date.now().toString(36)}`;

/**
 * A page row in `locale` (a translation of `sourceId` when given), published from its one version
 * unless `published: false`. Answers its id.
 */
export async function putPage(slug: string, title: string, options: { locale?: string; sourceId?: number; published?: boolean } = {}): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO pages (slug, title, locale, source_id) VALUES (?1, ?2, ?3, ?4) RETURNING id")
    .bind(slug, title, options.locale ?? "en", options.sourceId ?? null)
    .first<{ id: number }>();
  const id = row!.id;
  const version = await env.DB.prepare("INSERT INTO pages_versions (parent_id, status, version_data) VALUES (?1, ?2, ?3) RETURNING id")
    .bind(id, options.published === false ? "draft" : "published", JSON.stringify({ slug, title, body: "", sections: [] }))
    .first<{ id: number }>();
  if (options.published !== false) await env.DB.prepare("UPDATE pages SET published_version_id = ?1 WHERE id = ?2").bind(version!.id, id).run();
  return id;
}
