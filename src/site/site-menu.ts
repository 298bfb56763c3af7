import type { D1Client } from "../cores/d1-client";
import { DEFAULT_MENU_SIZE, defaultMenu, type MenuEntry } from "../shared/default-menu";
import type { Violation } from "../shared/errors";

export type { MenuEntry };

/** A link the layout renders. */
export interface MenuLink {
  href: string;
  label: string;
}

/** Most entries a menu holds, and the longest label. */
export const MENU_LIMITS = { entries: 20, label: 60 } as const;

/**
 * The `menu` setting's rule: `null` (the default menu), or at most 20 entries, each `{ pageId,
 * label }` with a positive integer id and a label of 1–60 characters, nothing else.
 *
 * @example
 * menuViolations([{ pageId: 1, label: "" }], "menu") // [{ path: "menu.0.label", … }]
 */
export function menuViolations(value: unknown, key: string): Violation[] {
  if (value === null) return [];
  if (!Array.isArray(value)) return [{ path: key, message: `${key} must be a list of pages`, code: "type" }];
  if (value.length > MENU_LIMITS.entries) return [{ path: key, message: `${key} holds at most ${MENU_LIMITS.entries} pages`, code: "too_many" }];
  const violations: Violation[] = [];
  value.forEach((entry: unknown, i) => {
    const path = `${key}.${i}`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
      violations.push({ path, message: `${path} must be { pageId, label }`, code: "type" });
      return;
    }
    const { pageId, label, ...rest } = entry as Record<string, unknown>;
    if (!Number.isSafeInteger(pageId) || (pageId as number) < 1) violations.push({ path: `${path}.pageId`, message: "pageId must be a page's id", code: "type" });
    if (typeof label !== "string" || label.trim() === "") violations.push({ path: `${path}.label`, message: "each menu entry needs a label", code: "required" });
    else if (label.length > MENU_LIMITS.label) violations.push({ path: `${path}.label`, message: `a label is at most ${MENU_LIMITS.label} characters`, code: "too_long" });
    for (const extra of Object.keys(rest)) violations.push({ path: `${path}.${extra}`, message: `${extra} is not part of a menu entry`, code: "unknown" });
  });
  return violations;
}

/**
 * The menu visitors see: the `menu` setting's entries whose page is published, in its order,
 * under its labels (a page renamed since keeps its place: entries name pages by id). With no
 * `menu` set, the home page and the first published pages, by title.
 *
 * @example
 * await menuLinks(env.DB, settings.menu) // [{ href: "/", label: "Home" }, { href: "/about", label: "About" }]
 */
export async function menuLinks(db: D1Client, menu: unknown): Promise<MenuLink[]> {
  const href = (slug: string) => (slug === "home" ? "/" : `/${slug}`);
  if (!Array.isArray(menu)) {
    // The query's order only narrows the pages to the ones defaultMenu keeps; defaultMenu decides.
    const { results } = await db
      .prepare("SELECT id, slug, title FROM pages WHERE published_version_id IS NOT NULL ORDER BY slug <> 'home', id LIMIT ?1")
      .bind(DEFAULT_MENU_SIZE)
      .all<{ id: number; slug: string; title: string }>();
    const slugs = new Map(results.map((page) => [page.id, page.slug]));
    return defaultMenu(results).map((entry) => ({ href: href(slugs.get(entry.pageId) ?? ""), label: entry.label }));
  }
  const entries = menu as MenuEntry[];
  if (entries.length === 0) return [];
  const ids = entries.map((entry) => entry.pageId);
  const { results } = await db
    .prepare(`SELECT id, slug FROM pages WHERE published_version_id IS NOT NULL AND id IN (${ids.map((_, i) => `?${i + 1}`).join(", ")})`)
    .bind(...ids)
    .all<{ id: number; slug: string }>();
  const slugs = new Map(results.map((page) => [page.id, page.slug]));
  return entries.flatMap((entry) => {
    const slug = slugs.get(entry.pageId);
    return slug === undefined ? [] : [{ href: href(slug), label: entry.label }];
  });
}
