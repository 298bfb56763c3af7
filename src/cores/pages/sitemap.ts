import { hreflangLinks, localePath, type LocaleAddressing } from "../../shared/locale-path";
import type { PageAlternate } from "./localized-pages";

/*
 * The sitemap (https://www.sitemaps.org/protocol.html) of a site's published pages: one `<url>` per
 * page in each locale, each listing every published locale of that page as an `xhtml:link`
 * alternate (the form search engines read hreflang from in a sitemap), with `x-default`.
 */

/** Where a site serves its sitemap. */
export const SITEMAP_PATH = "/sitemap.xml";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/**
 * The sitemap document of `groups` (each a page's published locales, from `publishedPageGroups`),
 * with absolute addresses under `origin`.
 *
 * @example
 * sitemapXml("https://site.example", languages, [[{ locale: "en", slug: "home" }, { locale: "de", slug: "home" }]])
 * // <?xml …?><urlset …><url><loc>https://site.example/</loc><xhtml:link rel="alternate" hreflang="en" href="https://site.example/"/>…
 */
export function sitemapXml(origin: string, languages: LocaleAddressing, groups: readonly (readonly PageAlternate[])[]): string {
  const urls = groups.flatMap((group) => {
    const links = hreflangLinks(languages, group)
      .map(({ hreflang, path }) => `\n    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(origin + path)}"/>`)
      .join("");
    return group.map(({ locale, slug }) => `  <url>\n    <loc>${escapeXml(origin + localePath(languages, locale, slug))}</loc>${links}\n  </url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.map((url) => `${url}\n`).join("")}</urlset>
`;
}
