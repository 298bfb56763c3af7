/**
 * One entry of a site menu: which page, under what label, and the label on the pages of each
 * other locale that has its own (`{ de: "Über uns" }`); the default locale's is `label`.
 */
export interface MenuEntry {
  pageId: number;
  label: string;
  labels?: Readonly<Record<string, string>>;
}

/** A published page, as the default menu needs it. */
export interface MenuPage {
  id: number;
  slug: string;
  title: string;
}

/** How many pages the default menu lists. */
export const DEFAULT_MENU_SIZE = 6;

/**
 * The menu visitors see while none is chosen: the home page ("Home") first, then the other
 * published pages by id, under their titles, at most {@link DEFAULT_MENU_SIZE}. The site renders
 * it and the menu editor starts from it, so saving a menu never silently drops these links.
 *
 * @example
 * defaultMenu([{ id: 2, slug: "about", title: "About" }, { id: 1, slug: "home", title: "Welcome" }])
 * // [{ pageId: 1, label: "Home" }, { pageId: 2, label: "About" }]
 */
export function defaultMenu(published: readonly MenuPage[]): MenuEntry[] {
  return [...published]
    .sort((a, b) => Number(a.slug !== "home") - Number(b.slug !== "home") || a.id - b.id)
    .slice(0, DEFAULT_MENU_SIZE)
    .map((page) => ({ pageId: page.id, label: page.slug === "home" ? "Home" : page.title }));
}
