/**
 * The address a page lives at: `/` for `home`, else `/<slug>`.
 *
 * @example
 * pagePath("about") // "/about"
 */
export function pagePath(slug: string): string {
  return slug === "home" ? "/" : `/${slug}`;
}
