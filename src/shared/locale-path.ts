import type { Languages } from "./locales";

/*
 * The visitor's address of a page in a locale (issue 37), the one rule the page route, the edge
 * cache's purge, hreflang, the sitemap and redirects all follow: the default locale's pages at
 * `/<slug>`, every other locale's at `/<locale>/<slug>`, and the page whose slug is `home` at the
 * locale's root (`/`, `/de/`). A site without languages has every page at `/<slug>`, as before.
 */

/** The slug of the page served at a locale's root. */
export const HOME_SLUG = "home";

/** What the address rule needs of a site's languages; `null` for a site that declares none. */
export type LocaleAddressing = Pick<Languages, "locales" | "defaultLocale"> | null;

/** A page address read from a path: which locale, which slug, and whether the path named the locale. */
export interface LocaleAddress {
  locale: string;
  slug: string;
  /** The path began with a locale segment (`/de/…`, or `/en/…` for the default). */
  prefixed: boolean;
}

/**
 * The path visitors read the page of `slug` in `locale` at. A site without languages (or the
 * default locale) has no prefix.
 *
 * @example
 * localePath({ locales: ["en", "de"], defaultLocale: "en" }, "de", "ueber-uns") // "/de/ueber-uns"
 * localePath({ locales: ["en", "de"], defaultLocale: "en" }, "de", "home") // "/de/"
 * localePath(null, "en", "about") // "/about"
 */
export function localePath(languages: LocaleAddressing, locale: string, slug: string): string {
  const prefix = languages && locale !== languages.defaultLocale ? `/${locale}` : "";
  return slug === HOME_SLUG ? `${prefix}/` : `${prefix}/${slug}`;
}

/**
 * The page a path addresses: a first segment that is a declared locale names the locale (`/de/x`,
 * `/de/` and `/de` for its home), anything else is the default locale's, as on a site without
 * languages. `null` for a path of more segments than a page address has. The slug is not checked
 * here: it is the caller's rule (`isSlug`).
 *
 * @example
 * parseLocalePath({ locales: ["en", "de"], defaultLocale: "en" }, "/de/ueber-uns") // { locale: "de", slug: "ueber-uns", prefixed: true }
 * parseLocalePath(null, "/") // { locale: "", slug: "home", prefixed: false }
 */
export function parseLocalePath(languages: LocaleAddressing, path: string): LocaleAddress | null {
  const defaultLocale = languages?.defaultLocale ?? "";
  const segments = path.split("/").slice(1);
  const [first = "", ...rest] = segments;
  if (languages && languages.locales.includes(first)) {
    if (rest.length > 1) return null;
    return { locale: first, slug: rest[0] || HOME_SLUG, prefixed: true };
  }
  if (rest.length > 0) return null;
  return { locale: defaultLocale, slug: first || HOME_SLUG, prefixed: false };
}

/** One `<link rel="alternate" hreflang>` of a page, or one `xhtml:link` of its sitemap entry. */
export interface HreflangLink {
  /** A locale, or `x-default`: the default locale's page, for visitors whose language none matches. */
  hreflang: string;
  path: string;
}

/**
 * The hreflang alternates of a page from its published locales (itself included): one per locale,
 * then `x-default` when the default locale's page is among them. None on a site without languages.
 *
 * @example
 * hreflangLinks(languages, [{ locale: "en", slug: "about" }, { locale: "de", slug: "ueber-uns" }])
 * // [{ hreflang: "en", path: "/about" }, { hreflang: "de", path: "/de/ueber-uns" }, { hreflang: "x-default", path: "/about" }]
 */
export function hreflangLinks(languages: LocaleAddressing, published: readonly { locale: string; slug: string }[]): HreflangLink[] {
  if (!languages) return [];
  const links = published.map(({ locale, slug }) => ({ hreflang: locale, path: localePath(languages, locale, slug) }));
  const fallback = published.find(({ locale }) => locale === languages.defaultLocale);
  return fallback ? [...links, { hreflang: "x-default", path: localePath(languages, fallback.locale, fallback.slug) }] : links;
}
