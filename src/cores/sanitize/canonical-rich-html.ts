import { isSafeLinkUrl } from "../../shared/safe-url";
import { Action, Kind, TAG_RULES, type TagRule } from "./tag-rules";
import { isMediaUrl, isSafeUrl } from "./url-safety";

const NUL = 0;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const AMP = 38;
const SLASH = 47;
const SPACE = 32;
const LT = 60;
const GT = 62;
const MAX_DIMENSION = 10_000;
/* A run of text with nothing to look at: the regular expression engine skips it several times faster than a loop. */
const PLAIN_TEXT = /[^<>&\0\r]*/y;

/**
 * Whether `html` is already in the form the sanitizer writes, so that sanitizing it would return
 * it unchanged, byte for byte: the editor sends its content in that form, so most rich writes are.
 * A single pass over the characters, no parser: every tag is an allowlisted tag spelled as the
 * writer spells it (lower case, no alias, `<br>` not `<br/>`, end tags for exactly the open
 * elements and in order, none for void ones), blocks only where the writer leaves them (at the top
 * or directly in a container, never a list item directly in a list item), no link in a link, link
 * and image attributes in the writer's order and escaping with the URLs the sanitizer keeps (and,
 * with `mediaBase`, images under it only), text holding no `<`, `>`, NUL or CR and no character
 * reference but `&amp;`, `&lt;` and `&gt;`, no line feed right after `<pre>`, fewer than
 * `maxDepth` open elements. Anything else answers `false`, never an error, and the caller
 * sanitizes in full: this only ever skips work whose result is known, so it may refuse a
 * canonical document but never accept one the sanitizer would change.
 *
 * @example
 * isCanonicalRichHtml("<p>a &amp; <strong>b</strong></p>", undefined, 512); // true
 * isCanonicalRichHtml("<p>a <b>b</b></p>", undefined, 512); // false: <b> is written <strong>
 */
export function isCanonicalRichHtml(html: string, mediaBase: string | undefined, maxDepth: number): boolean {
  const open: TagRule[] = [];
  let inLink = false;
  const length = html.length;
  let i = 0;
  while (i < length) {
    PLAIN_TEXT.lastIndex = i;
    PLAIN_TEXT.test(html);
    i = PLAIN_TEXT.lastIndex;
    if (i >= length) break;
    const c = html.charCodeAt(i);
    if (c !== LT) {
      if (c !== AMP) return false;
      const reference = textReferenceLength(html, i);
      if (reference === 0) return false;
      i += reference;
      continue;
    }
    if (html.charCodeAt(i + 1) === SLASH) {
      const top = open.pop();
      if (top === undefined || !html.startsWith(top.end, i)) return false;
      if (top.action === Action.Link) inLink = false;
      i += top.end.length;
      continue;
    }
    // The parser counts void elements too while it reads them, and stops at the depth limit.
    if (open.length >= maxDepth - 1) return false;
    const rule = keptTagAt(html, i + 1);
    if (rule === undefined) return false;
    const nameEnd = i + 1 + rule.tag.length;
    if (rule.kind !== Kind.Inline) {
      const top = open[open.length - 1];
      if (top !== undefined && (top.kind !== Kind.Container || (rule.tag === "li" && top.tag === "li"))) return false;
    }
    let end: number;
    if (rule.action === Action.Link) {
      if (inLink) return false;
      end = linkEnd(html, nameEnd);
    } else if (rule.action === Action.Image) end = imageEnd(html, nameEnd, mediaBase);
    else end = html.charCodeAt(nameEnd) === GT ? nameEnd + 1 : -1;
    if (end === -1) return false;
    if (!rule.isVoid) {
      open.push(rule);
      if (rule.action === Action.Link) inLink = true;
      // The sanitizer drops a line feed right after <pre> (as a browser reads it) and writes one back only when two were there.
      if (rule.tag === "pre" && html.charCodeAt(end) === LF) return false;
    }
    i = end;
  }
  return open.length === 0;
}

/* The kept tags by the code of their first letter, longest first (`pre` is tried before `p`). */
const KEPT_BY_FIRST: TagRule[][] = (() => {
  const table: TagRule[][] = [];
  for (const [name, rule] of TAG_RULES) {
    // Aliases (`b` for `strong`) and dropped tags are never written, so they are never canonical.
    if (rule.action === Action.Drop || rule.tag !== name) continue;
    (table[name.charCodeAt(0)] ??= []).push(rule);
  }
  for (const rules of table) rules?.sort((a, b) => b.tag.length - a.tag.length);
  return table;
})();

/* The kept tag whose name, as the writer spells it, starts at `at` and ends at `>` or a space; undefined for any other name. */
function keptTagAt(html: string, at: number): TagRule | undefined {
  const candidates = KEPT_BY_FIRST[html.charCodeAt(at)];
  if (candidates === undefined) return undefined;
  for (const rule of candidates) {
    if (!html.startsWith(rule.tag, at)) continue;
    const after = html.charCodeAt(at + rule.tag.length);
    return after === GT || after === SPACE ? rule : undefined;
  }
  return undefined;
}

/* Length of the reference at `at` when it is one the writer emits in text, else 0. */
function textReferenceLength(html: string, at: number): number {
  if (html.startsWith("&amp;", at)) return 5;
  if (html.startsWith("&lt;", at) || html.startsWith("&gt;", at)) return 4;
  return 0;
}

/**
 * Reads ` name="value"` at `at`: the value as written and the index past its closing quote, or
 * null. The value may hold no `<`, `>`, NUL or CR and no reference but the four `escapeAttribute`
 * writes, so writing its decoded value again gives back the very same characters.
 */
function attribute(html: string, at: number, name: string): { raw: string; end: number } | null {
  if (html.charCodeAt(at) !== SPACE || !html.startsWith(name, at + 1) || html.charCodeAt(at + 1 + name.length) !== 61 || html.charCodeAt(at + 2 + name.length) !== QUOTE) return null;
  const start = at + 3 + name.length;
  for (let i = start; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === QUOTE) return { raw: html.slice(start, i), end: i + 1 };
    if (c === LT || c === GT || c === NUL || c === CR) return null;
    if (c === AMP && !(html.startsWith("&amp;", i) || html.startsWith("&quot;", i) || html.startsWith("&lt;", i) || html.startsWith("&gt;", i))) return null;
  }
  return null;
}

/* The value the parser reads from an attribute `attribute` accepted, whose every `&` starts `&amp;`, `&quot;`, `&lt;` or `&gt;`. */
function decoded(raw: string): string {
  let at = raw.indexOf("&");
  if (at === -1) return raw;
  let out = "";
  let last = 0;
  while (at !== -1) {
    const next = raw.charCodeAt(at + 1);
    out += raw.slice(last, at) + (next === 97 ? "&" : next === 113 ? '"' : next === 108 ? "<" : ">");
    last = at + (next === 97 ? 5 : next === 113 ? 6 : 4);
    at = raw.indexOf("&", last);
  }
  return out + raw.slice(last);
}

/* `<a` then ` href="…"`, an optional ` title="…"`, an optional ` target="_blank" rel="noopener noreferrer"`, `>`: the index past it, or -1. */
function linkEnd(html: string, at: number): number {
  const href = attribute(html, at, "href");
  if (href === null) return -1;
  const url = decoded(href.raw);
  if (url.trim() !== url || !isSafeLinkUrl(url)) return -1;
  let end = href.end;
  const title = attribute(html, end, "title");
  if (title !== null) end = title.end;
  if (html.startsWith(' target="_blank" rel="noopener noreferrer"', end)) end += 42;
  return html.charCodeAt(end) === GT ? end + 1 : -1;
}

/* `<img` then ` src="…"`, optional ` alt="…"`, ` width="N"`, ` height="N"` in that order, `>`: the index past it, or -1. */
function imageEnd(html: string, at: number, mediaBase: string | undefined): number {
  const src = attribute(html, at, "src");
  if (src === null) return -1;
  const url = decoded(src.raw);
  if (url.trim() !== url || !isSafeUrl(url, "src")) return -1;
  if (mediaBase !== undefined && !isMediaUrl(url, mediaBase)) return -1;
  let end = src.end;
  for (const name of ["alt", "width", "height"]) {
    const value = attribute(html, end, name);
    if (value === null) continue;
    if (name !== "alt" && !isDimension(value.raw)) return -1;
    end = value.end;
  }
  return html.charCodeAt(end) === GT ? end + 1 : -1;
}

/* A whole number from 1 to 10000 written as the sanitizer writes it (no sign, no leading zero). */
function isDimension(value: string): boolean {
  if (!/^[1-9][0-9]{0,4}$/.test(value)) return false;
  return Number(value) <= MAX_DIMENSION;
}
