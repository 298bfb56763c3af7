import { isSafeUrl } from "../../shared/safe-url";

export { isSafeUrl, type UrlKind } from "../../shared/safe-url";

const QUESTION = 63;
const HASH = 35;
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
