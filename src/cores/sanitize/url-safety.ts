import { isSafeUrl } from "../../shared/safe-url";

export { isSafeUrl, type UrlKind } from "../../shared/safe-url";

const QUESTION = 63;
const HASH = 35;
const RELATIVE_ROOT = "https://relative.invalid";

/**
 * Whether `url` points under the media base (the `MEDIA_URL` of a site): {@link mediaKeyOf} finds
 * the key of an asset in it. The strict media rule, so every write path accepts exactly the
 * addresses the in-use check of a media delete or alt change recognizes.
 *
 * @example
 * isMediaUrl("https://media.example.com/a.png", "https://media.example.com"); // true
 * isMediaUrl("https://media.example.com.evil.test/x.png", "https://media.example.com"); // false
 * isMediaUrl("http://localhost:8787/media/../admin.png", "http://localhost:8787/media"); // false
 */
export function isMediaUrl(url: string, mediaBase: string): boolean {
  return mediaKeyOf(url, mediaBase) !== null;
}

/**
 * The media key `url` names under the media base, or `null`: the one canonical reading of a media
 * address. The scheme and host are compared as a browser would (case-insensitive, default port
 * dropped), runs of `/` (or `\`) in the path count as one, and the query and fragment are not part
 * of the key. Dot segments (`.`, `..`, also percent-encoded), encoded slashes, any other
 * percent-encoding in the key (no key has one) and credentials are refused rather than resolved,
 * so a URL cannot walk out of the media path or dress another host up as the media host. With
 * `orRelative`, a path-only URL (`/media/<key>`) is read against an absolute base too: an in-use
 * check counts it, since the site may serve it.
 *
 * @example
 * mediaKeyOf("HTTP://LocalHost:8787/media//a.png?v=2", "http://localhost:8787/media"); // "a.png"
 * mediaKeyOf("/media/a.png", "http://localhost:8787/media"); // null
 * mediaKeyOf("/media/a.png", "http://localhost:8787/media", { orRelative: true }); // "a.png"
 */
export function mediaKeyOf(url: string, mediaBase: string, options: { orRelative?: boolean } = {}): string | null {
  if (typeof url !== "string" || typeof mediaBase !== "string" || !isSafeUrl(url, "src")) return null;
  if (hasUnsafePathSegment(url)) return null;
  const base = parseMediaBase(mediaBase);
  if (base === null) return null;
  let target: URL;
  try {
    target = new URL(url, RELATIVE_ROOT);
  } catch {
    return null;
  }
  if (target.username !== "" || target.password !== "") return null;
  if (target.origin !== base.origin && !(options.orRelative === true && target.origin === RELATIVE_ROOT)) return null;
  const path = target.pathname.replace(/\/{2,}/g, "/");
  if (!path.startsWith(base.prefix)) return null;
  const key = path.slice(base.prefix.length);
  return key === "" || key.includes("%") ? null : key;
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
  const path = base.pathname.replace(/\/{2,}/g, "/");
  const prefix = path.endsWith("/") ? path : `${path}/`;
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
