import type { D1Client } from "../cores/d1-client";
import { DEFAULT_MENU_SIZE, defaultMenu, type MenuEntry } from "../shared/default-menu";
import type { Violation } from "../shared/errors";
import { localePath } from "../shared/locale-path";
import { SITE_LANGUAGES } from "./site-languages";

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
 * label, labels? }` with a positive integer id, a label of 1–60 characters and, optionally, a label
 * per other locale of the site (`labels: { de: "Über uns" }`, each 1–60 characters; the default
 * locale's label is `label`), nothing else.
 *
 * @example
 * menuViolations([{ pageId: 1, label: "" }], "menu") // [{ path: "menu.0.label", … }]
 * menuViolations([{ pageId: 2, label: "About", labels: { fr: "À propos" } }], "menu") // [{ path: "menu.0.labels.fr", code: "unknown_locale", … }]
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
    const { pageId, label, labels, ...rest } = entry as Record<string, unknown>;
    if (!Number.isSafeInteger(pageId) || (pageId as number) < 1) violations.push({ path: `${path}.pageId`, message: "pageId must be a page's id", code: "type" });
    violations.push(...labelViolations(label, `${path}.label`, "each menu entry needs a label"));
    if (labels !== undefined) violations.push(...localeLabelViolations(labels, `${path}.labels`));
    for (const extra of Object.keys(rest)) violations.push({ path: `${path}.${extra}`, message: `${extra} is not part of a menu entry`, code: "unknown" });
  });
  return violations;
}

/* The other locales' labels: an object keyed by the site's non-default locales, each a label. */
function localeLabelViolations(labels: unknown, path: string): Violation[] {
  if (labels === null || typeof labels !== "object" || Array.isArray(labels)) return [{ path, message: "labels must be { <locale>: label }", code: "type" }];
  const others: readonly string[] = SITE_LANGUAGES.locales.filter((locale) => locale !== SITE_LANGUAGES.defaultLocale);
  return Object.entries(labels).flatMap(([locale, text]): Violation[] => {
    if (locale === SITE_LANGUAGES.defaultLocale) return [{ path: `${path}.${locale}`, message: `the ${locale} label is the entry's label`, code: "unknown_locale" }];
    if (!others.includes(locale)) return [{ path: `${path}.${locale}`, message: `${locale} is not a language of this site (${others.join(", ")})`, code: "unknown_locale" }];
    return labelViolations(text, `${path}.${locale}`, `the ${locale} label is empty: leave it out to use the entry's label`);
  });
}

function labelViolations(label: unknown, path: string, missing: string): Violation[] {
  if (typeof label !== "string" || label.trim() === "") return [{ path, message: missing, code: "required" }];
  if (label.length > MENU_LIMITS.label) return [{ path, message: `a label is at most ${MENU_LIMITS.label} characters`, code: "too_long" }];
  return [];
}

/**
 * The menu visitors see on a page in `locale`: the `menu` setting's entries whose page is
 * published, in its order, under its labels (a page renamed since keeps its place: entries name
 * pages by id). With no `menu` set, the home page and the first published pages, by title. Entries
 * name English pages (the sources); on a German page each leads to its published German
 * translation, and to the English page while there is none. Its label there: the entry's German
 * label (`labels.de`) when it has one, else the entry's label; the default menu uses the
 * translation's title.
 *
 * @example
 * await menuLinks(env.DB, settings.menu) // [{ href: "/", label: "Home" }, { href: "/about", label: "About" }]
 * await menuLinks(env.DB, settings.menu, "de") // [{ href: "/de/", label: "Home" }, { href: "/de/ueber-uns", label: "Über uns" }]
 */
export async function menuLinks(db: D1Client, menu: unknown, locale: string = SITE_LANGUAGES.defaultLocale): Promise<MenuLink[]> {
  // Each published source with its published translation into `locale`, when it has one.
  const shown = `SELECT p.id AS id, coalesce(t.slug, p.slug) AS slug, coalesce(t.title, p.title) AS title, coalesce(t.locale, p.locale) AS locale
    FROM pages p LEFT JOIN pages t ON t.source_id = p.id AND t.locale = ?1 AND t.published_version_id IS NOT NULL
    WHERE p.published_version_id IS NOT NULL AND p.source_id IS NULL`;
  if (!Array.isArray(menu)) {
    // The query's order only narrows the pages to the ones defaultMenu keeps; defaultMenu decides.
    const { results } = await db.prepare(`${shown} ORDER BY p.slug <> 'home', p.id LIMIT ?2`).bind(locale, DEFAULT_MENU_SIZE).all<ShownPage>();
    const byId = new Map(results.map((page) => [page.id, page]));
    return defaultMenu(results).map((entry) => ({ href: hrefOf(byId.get(entry.pageId)), label: entry.label }));
  }
  const entries = menu as MenuEntry[];
  if (entries.length === 0) return [];
  const ids = entries.map((entry) => entry.pageId);
  const { results } = await db
    .prepare(`${shown} AND p.id IN (${ids.map((_, i) => `?${i + 2}`).join(", ")})`)
    .bind(locale, ...ids)
    .all<ShownPage>();
  const byId = new Map(results.map((page) => [page.id, page]));
  return entries.flatMap((entry) => {
    const page = byId.get(entry.pageId);
    return page === undefined ? [] : [{ href: hrefOf(page), label: labelIn(entry, locale) }];
  });
}

interface ShownPage {
  id: number;
  slug: string;
  title: string;
  locale: string;
}

/*
 * The default locale's pages show `label`; another's its own label, else `label`: the site owner
 * chose the entry's words, and a page title is rarely a menu label (a localized field falls back
 * to the default locale's value, as Payload's does).
 */
function labelIn(entry: MenuEntry, locale: string): string {
  if (locale === SITE_LANGUAGES.defaultLocale) return entry.label;
  const own = entry.labels && Object.hasOwn(entry.labels, locale) ? entry.labels[locale] : undefined;
  return own ?? entry.label;
}

function hrefOf(page: ShownPage | undefined): string {
  return page ? localePath(SITE_LANGUAGES, page.locale, page.slug) : "/";
}
