/*
 * The address rule of a page (the reference site's `/<slug>`), shared by the server's checks and
 * the editor's dialogs so both say the same thing.
 */

/** Lower-case letters, digits and hyphens, starting with a letter or digit, at most 120 characters. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/;

/**
 * Addresses the site answers itself, before any page: the API (`/api/cms/…`), public media
 * (`/media/…`), the live rooms (`/parties/…`), shared drafts (`/share/…`) and sign-in (`/login`).
 * A page there could never be visited, so no write path accepts one.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["api", "login", "media", "parties", "share"]);

/**
 * Whether `value` is a slug the site keeps for itself ({@link RESERVED_SLUGS}).
 *
 * @example
 * isReservedSlug("login") // true
 * isReservedSlug("login-help") // false
 */
export function isReservedSlug(value: string): boolean {
  return RESERVED_SLUGS.has(value);
}

/**
 * Whether `value` is a well-formed slug.
 *
 * @example
 * isSlug("about-us") // true
 * isSlug("About us") // false
 */
export function isSlug(value: unknown): value is string {
  return typeof value === "string" && SLUG_PATTERN.test(value);
}

/**
 * A slug proposed from a title: accents dropped, lower-cased, anything else a single hyphen,
 * trimmed to 120 characters; `page` when nothing is left.
 *
 * @example
 * slugFrom("Café & Bar: Opening hours") // "cafe-bar-opening-hours"
 */
export function slugFrom(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/, "");
  return slug === "" ? "page" : slug;
}

/**
 * `base`, or `base-2`, `base-3`, … : the first neither in `taken` nor reserved.
 *
 * @example
 * uniqueSlug("about", new Set(["about"])) // "about-2"
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base) && !isReservedSlug(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 120 - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate) && !isReservedSlug(candidate)) return candidate;
  }
}
