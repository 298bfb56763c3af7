const AMP = 38;
const LT = 60;
const GT = 62;
const QUOTE = 34;
const NUL = 0;
const CR = 13;
const LF = 10;
/* What either escape changes. Most text nodes hold none of it, and a regular expression finds
 * that out several times faster than a loop over the characters. */
const TEXT_SPECIAL = /[&<>\0\r]/;
const ATTRIBUTE_SPECIAL = /[&"<>\0]/;

/**
 * Escapes a text node for output: `&`, `<` and `>` become references, so no text can ever be read
 * back as markup. NUL is removed and CR / CRLF become LF, which is what a browser's parser does
 * to them anyway; doing it here keeps output stable when it is sanitized again.
 *
 * @example
 * escapeText("a < b & c"); // "a &lt; b &amp; c"
 */
export function escapeText(text: string): string {
  // A reference in the source (`&amp;`) reaches the sanitizer as a text node of its own.
  if (text.length === 1) return escapeCharacter(text);
  const first = text.search(TEXT_SPECIAL);
  if (first === -1) return text;
  let out = "";
  let last = 0;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > GT) continue;
    let replacement: string;
    if (c === AMP) replacement = "&amp;";
    else if (c === LT) replacement = "&lt;";
    else if (c === GT) replacement = "&gt;";
    else if (c === NUL) replacement = "";
    else if (c === CR) replacement = text.charCodeAt(i + 1) === LF ? "" : "\n";
    else continue;
    out += text.slice(last, i) + replacement;
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

function escapeCharacter(text: string): string {
  switch (text.charCodeAt(0)) {
    case AMP:
      return "&amp;";
    case LT:
      return "&lt;";
    case GT:
      return "&gt;";
    case NUL:
      return "";
    case CR:
      return "\n";
    default:
      return text;
  }
}

/**
 * Escapes an attribute value for output inside double quotes: `&`, `"`, `<` and `>` become
 * references, so a value can neither end its quotes nor look like a tag to a later parser.
 *
 * @example
 * escapeAttribute('x" onerror="y'); // "x&quot; onerror=&quot;y"
 */
export function escapeAttribute(value: string): string {
  const first = value.search(ATTRIBUTE_SPECIAL);
  if (first === -1) return value;
  let out = "";
  let last = 0;
  for (let i = first; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > GT) continue;
    let replacement: string;
    if (c === AMP) replacement = "&amp;";
    else if (c === QUOTE) replacement = "&quot;";
    else if (c === LT) replacement = "&lt;";
    else if (c === GT) replacement = "&gt;";
    else if (c === NUL) replacement = "";
    else continue;
    out += value.slice(last, i) + replacement;
    last = i + 1;
  }
  return last === 0 ? value : out + value.slice(last);
}
