import { decodeCharacterReferences } from "./decode-references";

/**
 * Which attribute a URL is for: `mailto:` and `tel:` make sense in a link, never as an image.
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
 * https:, mailto: and tel: (href only) and relative URLs pass; every other scheme (javascript:, vbscript:,
 * data:, file:, …) is refused. The scheme is read the way a browser would find it, only more
 * eagerly: character references are decoded, every control, space and invisible character is
 * removed, and case is folded, so obfuscations such as `jav&#x09;ascript:` or ` JaVaScRiPt:` are
 * seen through. An empty URL is refused. The one scheme rule: the sanitizer, the section and
 * settings checks, the shared ProseMirror schema and the browser editor all call it.
 *
 * @example
 * isSafeUrl("https://example.com/a", "href"); // true
 * isSafeUrl("jav&#x09;ascript:alert(1)", "href"); // false
 * isSafeUrl("tel:+15550100", "href"); // true
 * isSafeUrl("mailto:a@example.com", "src"); // false
 */
export function isSafeUrl(value: string, kind: UrlKind): boolean {
  if (typeof value !== "string") return false;
  if (isPlainSafe(value)) return true;
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
      return scheme === "http" || scheme === "https" || (kind === "href" && (scheme === "mailto" || scheme === "tel"));
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

/**
 * Whether a link's `href` may be stored: {@link isSafeUrl} for `href`, and not protocol-relative
 * (`//host/path`, `\\host`, also behind invisible characters or character references), which
 * names another host while looking like a path on this site. The one link rule of the sanitizer,
 * the rich-text schema and the live room's guard, so the editor never writes a link any of them
 * refuses.
 *
 * @example
 * isSafeLinkUrl("/about"); // true
 * isSafeLinkUrl("//evil.test/x"); // false
 */
export function isSafeLinkUrl(value: string): boolean {
  if (typeof value === "string" && isPlainSafe(value)) return true;
  return isSafeUrl(value, "href") && !isProtocolRelative(value);
}

/**
 * The spellings nearly every stored URL has, which the full reading above would pass anyway:
 * `http://` or `https://` in lower case, or a path whose first segment starts with a letter or
 * digit (so it is neither protocol-relative nor hiding anything behind a reference). The sanitizer
 * checks every link and image, so these skip the character-by-character reading.
 */
function isPlainSafe(value: string): boolean {
  if (value.startsWith("https://") || value.startsWith("http://")) return true;
  if (value.charCodeAt(0) !== SLASH) return false;
  const c = value.charCodeAt(1);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isProtocolRelative(value: string): boolean {
  const start = value.slice(0, 64);
  const prefix = start.includes("&") ? decodeCharacterReferences(start) : start;
  let slashes = 0;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix.charCodeAt(i);
    if (isInvisible(c)) continue;
    if (c !== SLASH && c !== BACKSLASH) return false;
    if (++slashes === 2) return true;
  }
  return false;
}
