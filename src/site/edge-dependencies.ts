import type { VisibleChange } from "../cores/drafts";
import type { D1Client } from "../cores/d1-client";
import { readSettings } from "../cores/settings";
import type { EdgeAddresses } from "../cms/edge-cache";
import type { SiteEnv } from "./env";
import { siteSettingsConfig } from "./settings-config";
import { publishedAlternates } from "../cores/pages/localized-pages";
import { SITEMAP_PATH } from "../cores/pages/sitemap";
import { tableMeta } from "../cores/table-meta";
import { localePath } from "../shared/locale-path";
import { pages } from "../tables/pages";
import { SITE_LANGUAGES } from "./site-languages";

/*
 * The reference site's one registry of what a published page's change shows on, for the edge
 * cache's purge. A page is read at its own address in its locale (`localePath`: `/` for `home`,
 * `/<slug>` the others, `/de/…` for German); after a rename its old address and every address
 * that redirected to it in that locale answer a new 308 (the rename collapses redirect chains onto
 * the new address). When a page appears, goes or moves, the sitemap changes, and so do the hreflang
 * alternates of each of its published locales: every locale's address is purged once. The menu is
 * on every page: when a change could move it (a page in it appears, goes, or changes its address
 * or title), every page is purged. Courses are not served from the edge (src/site/course-pages.ts),
 * so their changes purge nothing.
 */

const pagesMeta = tableMeta(pages);

/**
 * The path visitors read the page of `slug` in `locale` at (the default locale's when omitted).
 *
 * @example
 * pagePath("home") // "/"
 */
export function pagePath(slug: string, locale: string = SITE_LANGUAGES.defaultLocale): string {
  return localePath(SITE_LANGUAGES, locale, slug);
}

/**
 * What a visible change of a record moved: the paths to purge, or `"all"` when the menu may show it.
 *
 * @example
 * await siteEdgeAffects(env, "pages", { id: 2, before: aboutBefore, after: aboutAfter }) // ["/about"]
 */
export async function siteEdgeAffects(env: SiteEnv, collection: string, change: VisibleChange): Promise<EdgeAddresses> {
  if (collection !== "pages") return [];
  // A deleted page's address and the redirects to it are gone from D1 before this runs, and
  // deletes are rare: the whole site is purged rather than reading them first.
  if (change.deleted) return "all";
  const before = addressed(change.before);
  const after = addressed(change.after);
  const paths = new Set<string>();
  for (const row of [before, after]) if (row) paths.add(pagePath(row.slug, row.locale));
  const moved = before?.slug !== after?.slug;
  const row = after ?? before;
  if (moved && row) {
    paths.add(SITEMAP_PATH);
    const alternates = await publishedAlternates(env.DB, pagesMeta, SITE_LANGUAGES, { id: change.id, sourceId: row.sourceId });
    for (const other of alternates) paths.add(pagePath(other.slug, other.locale));
  }
  if (before && after && before.slug !== after.slug) {
    for (const from of await redirectSources(env.DB, after.slug, after.locale)) paths.add(pagePath(from, after.locale));
  }
  const menuMay = moved || before?.title !== after?.title;
  // The menu names sources; a translation shows in it on its locale's pages.
  if (menuMay && (await inMenu(env, typeof row?.sourceId === "number" ? row.sourceId : change.id))) return "all";
  return [...paths];
}

interface Addressed {
  slug: string;
  title: unknown;
  locale: string | undefined;
  sourceId: unknown;
}

function addressed(row: Record<string, unknown> | null): Addressed | null {
  if (!row || typeof row.slug !== "string") return null;
  return { slug: row.slug, title: row.title, locale: typeof row.locale === "string" ? row.locale : undefined, sourceId: row.sourceId ?? null };
}

/* Old addresses in the page's locale that now lead to `slug`: their cached 308s named the address it left. */
async function redirectSources(db: D1Client, slug: string, locale: string | undefined): Promise<string[]> {
  const inLocale = locale === undefined ? "" : " AND locale = ?2";
  const statement = db.prepare(`SELECT from_slug AS "from" FROM page_redirects WHERE to_slug = ?1${inLocale}`);
  const { results } = await (locale === undefined ? statement.bind(slug) : statement.bind(slug, locale)).all<{ from: string }>();
  return results.map((found) => found.from);
}

/* The `menu` setting names pages by id; without one the default menu lists published pages by title, so any may be in it. */
async function inMenu(env: SiteEnv, id: number): Promise<boolean> {
  const { menu } = await readSettings(env.DB, siteSettingsConfig);
  if (!Array.isArray(menu)) return true;
  return menu.some((entry: unknown) => typeof entry === "object" && entry !== null && (entry as { pageId?: unknown }).pageId === id);
}
