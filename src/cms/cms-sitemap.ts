import { publishedPageGroups } from "../cores/pages/localized-pages";
import { sitemapXml } from "../cores/pages/sitemap";
import { tableMeta } from "../cores/table-meta";
import type { CmsRegistry } from "./cms-registry";

/** What {@link cmsSitemap} lists: collections whose records are pages at `localePath(locale, slug)`. */
export interface CmsSitemapOptions {
  /** Collections of the registry, each with a `slug` field and no `address` rule of its own. */
  collections: readonly string[];
}

/**
 * The handler of a site's `GET /sitemap.xml`: every published record of `collections` at its
 * address in its locale, with its published translations as `xhtml:link` alternates. The answer
 * may be shared (the edge cache keeps it; the site's edge registry purges `/sitemap.xml` when a
 * page appears, goes or moves). Refuses at start-up a collection it cannot address.
 *
 * @example
 * const sitemap = cmsSitemap(cms.registry, { collections: ["pages"] });
 * if (url.pathname === "/sitemap.xml") return sitemap(request, env);
 */
export function cmsSitemap(registry: CmsRegistry, options: CmsSitemapOptions): (request: Request, env: { DB: D1Database }) => Promise<Response> {
  const tables = options.collections.map((slug) => {
    const entry = registry.get(slug);
    if (!entry) throw new TypeError(`cmsSitemap: ${slug} is not a collection of this site (${registry.collections.map((c) => c.slug).join(", ")})`);
    if (entry.config.address) throw new TypeError(`cmsSitemap: collection ${slug} has its own address rule; the sitemap lists records at /<slug> and /<locale>/<slug>`);
    const meta = tableMeta(entry.declared.table);
    if (!meta.columns.slug) throw new TypeError(`cmsSitemap: collection ${slug} has no slug column to address its records by`);
    return meta;
  });
  return async (request, env) => {
    const groups = (await Promise.all(tables.map((meta) => publishedPageGroups(env.DB, meta, registry.languages)))).flat();
    const body = request.method === "HEAD" ? null : sitemapXml(new URL(request.url).origin, registry.languages, groups);
    return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=0, must-revalidate" } });
  };
}
