const AMP = 38;
const LT = 60;
const GT = 62;
const QUOTE = 34;
const NUL = 0;
const CR = 13;
const LF = 10;

/**
 * Escapes a text node for output: `&`, `<` and `>` become references, so no text can ever be read
 * back as markup. NUL is removed and CR / CRLF become LF, which is what a browser's parser does
 * to them anyway; doing it here keeps output stable when it is sanitized again.
 *
 * @example
 * escapeText("a < b & c"); // "a &lt; b &amp; c"
 */
export function escapeText(text: string): string {
  let out = "";
  let last = 0;
  for (let i = 0; i < text.length; i++) {
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

/**
 * Escapes an attribute value for output inside double quotes: `&`, `"`, `<` and `>` become
 * references, so a value can neither end its quotes nor look like a tag to a later parser.
 *
 * @example
 * escapeAttribute('x" onerror="y'); // "x&quot; onerror=&quot;y"
 */
export function escapeAttribute(value: string): string {
  let out = "";
  let last = 0;
  for (let i = 0; i < value.length; i++) {
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
