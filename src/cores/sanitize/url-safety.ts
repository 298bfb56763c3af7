import { decodeCharacterReferences } from "./decode-references";

/**
 * Which attribute a URL is for: `mailto:` makes sense in a link, never as an image.
 *
 * @example
 * const kind: UrlKind = "src";
 */
export type UrlKind = "href" | "src";

const COLON = 58;
const SLASH = 47;
const BACKSLASH = 92;
const QUESTION = 63;
const HASH = 35;
/** Longer than any allowed scheme, so a longer one is refused without being copied whole. */
const MAX_SCHEME = 6;

/**
 * Whether a URL may be stored in an `href` (`kind: "href"`) or `src` (`kind: "src"`): http:,
 * https:, mailto: (href only) and relative URLs pass; every other scheme (javascript:, vbscript:,
 * data:, file:, …) is refused. The scheme is read the way a browser would find it, only more
 * eagerly: character references are decoded, every control, space and invisible character is
 * removed, and case is folded, so obfuscations such as `jav&#x09;ascript:` or ` JaVaScRiPt:` are
 * seen through. An empty URL is refused.
 *
 * @example
 * isSafeUrl("https://example.com/a", "href"); // true
 * isSafeUrl("jav&#x09;ascript:alert(1)", "href"); // false
 * isSafeUrl("mailto:a@example.com", "src"); // false
 */
export function isSafeUrl(value: string, kind: UrlKind): boolean {
  if (typeof value !== "string") return false;
  // A scheme ends at the first `:`; a raw `/`, `\\` or `?` before it means there is none. Only
  // that prefix needs decoding (references hold `#` and `;`, never these four).
  let prefix = value.slice(0, schemeEnd(value));
  if (prefix.includes("&")) prefix = decodeCharacterReferences(prefix);
  let scheme = "";
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix.charCodeAt(i);
    if (isInvisible(c)) continue;
    if (c === SLASH || c === BACKSLASH || c === QUESTION || c === HASH) return true;
    if (c === COLON) {
      scheme = scheme.toLowerCase();
      return scheme === "http" || scheme === "https" || (scheme === "mailto" && kind === "href");
    }
    // No allowed scheme is this long, and the colon may still come: keep scanning, stop growing.
    if (scheme.length <= MAX_SCHEME) scheme += prefix[i];
  }
  return scheme !== "";
}

/** Index just past the first `:`, `/`, `\\` or `?` in `value`, or its length when there is none. */
function schemeEnd(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === COLON || c === SLASH || c === BACKSLASH || c === QUESTION) return i + 1;
  }
  return value.length;
}

/**
 * What a browser ignores or strips inside a URL (ASCII whitespace and controls) plus the Unicode
 * spaces and zero-width characters that could hide a scheme from a stricter reader.
 */
function isInvisible(c: number): boolean {
  return c <= 0x20 || (c >= 0x7f && c <= 0xa0) || (c >= 0x2000 && c <= 0x200f) || c === 0x2028 || c === 0x2029 || c === 0xfeff;
}

const RELATIVE_ROOT = "https://relative.invalid";

/**
 * Whether `url` points under the media base (the `MEDIA_URL` of a site): the same origin and a
 * path inside the base's path, on a `/` boundary. Dot segments (`.`, `..`, also percent-encoded)
 * and encoded slashes are refused outright rather than resolved, and so are credentials, so a URL
 * cannot walk out of the media path or dress another host up as the media host.
 *
 * @example
 * isMediaUrl("https://media.example.com/a.png", "https://media.example.com"); // true
 * isMediaUrl("https://media.example.com.evil.test/x.png", "https://media.example.com"); // false
 * isMediaUrl("http://localhost:8787/media/../admin.png", "http://localhost:8787/media"); // false
 */
export function isMediaUrl(url: string, mediaBase: string): boolean {
  if (typeof url !== "string" || typeof mediaBase !== "string" || !isSafeUrl(url, "src")) return false;
  if (hasUnsafePathSegment(url)) return false;
  const base = parseMediaBase(mediaBase);
  if (base === null) return false;
  let target: URL;
  try {
    target = new URL(url, RELATIVE_ROOT);
  } catch {
    return false;
  }
  if (target.origin !== base.origin || target.username !== "" || target.password !== "") return false;
  return target.pathname.length > base.prefix.length && target.pathname.startsWith(base.prefix);
}

interface MediaBase {
  source: string;
  origin: string;
  /** The base's path, ending in `/`, so `/media` never matches `/media-evil/…`. */
  prefix: string;
}

// One sanitized document checks many images against the same base: parse it once.
let lastBase: MediaBase | null = null;

function parseMediaBase(source: string): MediaBase | null {
  if (lastBase?.source === source) return lastBase;
  let base: URL;
  try {
    base = new URL(source, RELATIVE_ROOT);
  } catch {
    return null;
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") return null;
  const prefix = base.pathname.endsWith("/") ? base.pathname : `${base.pathname}/`;
  lastBase = { source, origin: base.origin, prefix };
  return lastBase;
}

/** True when the path of `url` has a `.`/`..` segment or an encoded `/` or `\`, in any spelling. */
function hasUnsafePathSegment(url: string): boolean {
  let end = url.length;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === QUESTION || c === HASH) {
      end = i;
      break;
    }
  }
  // Browsers drop tabs and newlines anywhere in a URL and read `\` as `/`.
  const path = url.slice(0, end).replace(/[\t\n\r]/g, "").replaceAll("\\", "/").toLowerCase();
  if (path.includes("%") && (path.includes("%2f") || path.includes("%5c"))) return true;
  if (!path.includes("/.") && !path.includes("/%2e") && !path.startsWith(".") && !path.startsWith("%2e")) return false;
  for (const segment of path.split("/")) {
    const dots = segment.replaceAll("%2e", ".");
    if (dots === "." || dots === "..") return true;
  }
  return false;
}
