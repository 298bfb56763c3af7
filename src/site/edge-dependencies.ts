import type { VisibleChange } from "../cores/drafts";
import type { D1Client } from "../cores/d1-client";
import { readSettings } from "../cores/settings";
import type { EdgeAddresses } from "../cms/edge-cache";
import type { SiteEnv } from "./env";
import { siteSettingsConfig } from "./settings-config";

/*
 * The reference site's one registry of what a published page's change shows on, for the edge
 * cache's purge. A page is read at its own address (`/` for `home`, `/<slug>` the others); after a
 * rename its old address and every address that redirected to it answer a new 308 (the rename
 * collapses redirect chains onto the new address). The menu is on every page: when a change could
 * move it (a page in it appears, goes, or changes its address or title), every page is purged.
 * Courses are not served from the edge (src/site/course-pages.ts), so their changes purge nothing.
 */

/**
 * The path visitors read the page of `slug` at.
 *
 * @example
 * pagePath("home") // "/"
 */
export function pagePath(slug: string): string {
  return slug === "home" ? "/" : `/${slug}`;
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
  for (const row of [before, after]) if (row) paths.add(pagePath(row.slug));
  if (before && after && before.slug !== after.slug) {
    for (const from of await redirectSources(env.DB, after.slug)) paths.add(pagePath(from));
  }
  const menuMay = before?.slug !== after?.slug || before?.title !== after?.title;
  if (menuMay && (await inMenu(env, change.id))) return "all";
  return [...paths];
}

function addressed(row: Record<string, unknown> | null): { slug: string; title: unknown } | null {
  return row && typeof row.slug === "string" ? { slug: row.slug, title: row.title } : null;
}

/* Old addresses that now lead to `slug`: their cached 308s named the address it left. */
async function redirectSources(db: D1Client, slug: string): Promise<string[]> {
  const { results } = await db.prepare("SELECT from_slug AS \"from\" FROM page_redirects WHERE to_slug = ?1").bind(slug).all<{ from: string }>();
  return results.map((row) => row.from);
}

/* The `menu` setting names pages by id; without one the default menu lists published pages by title, so any may be in it. */
async function inMenu(env: SiteEnv, id: number): Promise<boolean> {
  const { menu } = await readSettings(env.DB, siteSettingsConfig);
  if (!Array.isArray(menu)) return true;
  return menu.some((entry: unknown) => typeof entry === "object" && entry !== null && (entry as { pageId?: unknown }).pageId === id);
}
