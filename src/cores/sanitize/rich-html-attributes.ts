import { escapeAttribute } from "./escape";
import { isSafeLinkUrl } from "../../shared/safe-url";
import { isMediaUrl, isSafeUrl } from "./url-safety";

const MAX_DIMENSION = 10_000;

/**
 * The attribute string of a kept `<a>` (`' href="…" title="…"'`), or null when the link has no
 * safe `href` (`isSafeLinkUrl`: no protocol-relative `//host`) and so must be unwrapped. Attributes come out in a fixed order, escaped, and
 * double-quoted; `target` survives only as `_blank`, with `rel="noopener noreferrer"` so the
 * opened page cannot reach back through `window.opener`.
 *
 * @example
 * linkAttributes({ href: "/about", target: "_BLANK", onclick: "x()" });
 * // ' href="/about" target="_blank" rel="noopener noreferrer"'
 */
export function linkAttributes(attributes: Record<string, string>): string | null {
  const href = own(attributes, "href")?.trim();
  if (href === undefined || !isSafeLinkUrl(href)) return null;
  let out = ` href="${escapeAttribute(href)}"`;
  const title = own(attributes, "title");
  if (title !== undefined) out += ` title="${escapeAttribute(title)}"`;
  if (own(attributes, "target")?.trim().toLowerCase() === "_blank") out += ' target="_blank" rel="noopener noreferrer"';
  return out;
}

/**
 * The attribute string of a kept `<img>`, or null when the image must go: no safe `src`, or (with
 * `mediaBase`) a `src` that is not a media asset under it. `width` and `height` are kept only as
 * whole numbers from 1 to 10000, written without leading zeros.
 *
 * @example
 * imageAttributes({ src: "https://media.example.com/a.png", width: "0640" }, "https://media.example.com");
 * // ' src="https://media.example.com/a.png" width="640"'
 */
export function imageAttributes(attributes: Record<string, string>, mediaBase: string | undefined): string | null {
  const src = own(attributes, "src")?.trim();
  if (src === undefined || !isSafeUrl(src, "src")) return null;
  if (mediaBase !== undefined && !isMediaUrl(src, mediaBase)) return null;
  let out = ` src="${escapeAttribute(src)}"`;
  const alt = own(attributes, "alt");
  if (alt !== undefined) out += ` alt="${escapeAttribute(alt)}"`;
  const width = dimension(own(attributes, "width"));
  if (width !== null) out += ` width="${width}"`;
  const height = dimension(own(attributes, "height"));
  if (height !== null) out += ` height="${height}"`;
  return out;
}

/** A positive integer no larger than 10000, as digits only; null for anything else. */
function dimension(value: string | undefined): number | null {
  if (value === undefined) return null;
  const digits = value.trim();
  if (digits.length === 0 || digits.length > 6) return null;
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  const n = Number(digits);
  return n >= 1 && n <= MAX_DIMENSION ? n : null;
}

/** Reads only the element's own attributes, never something inherited from `Object.prototype`. */
function own(attributes: Record<string, string>, name: string): string | undefined {
  const value = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
  return typeof value === "string" ? value : undefined;
}
