/**
 * Named references that can spell, or hide, part of a URL scheme. Keys are lower case because the
 * lookup folds case: decoding more than a browser would only ever makes the scheme check stricter.
 * A Map, so names such as `constructor` find nothing.
 */
const NAMED_REFERENCES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    amp: "&",
    apos: "'",
    colon: ":",
    comma: ",",
    commat: "@",
    equals: "=",
    excl: "!",
    gt: ">",
    lpar: "(",
    lt: "<",
    nbsp: "\u00a0",
    newline: "\n",
    num: "#",
    percnt: "%",
    period: ".",
    plus: "+",
    quest: "?",
    quot: '"',
    rpar: ")",
    semi: ";",
    sol: "/",
    tab: "\t",
  }),
);

const MAX_CODE_POINT = 0x10ffff;

/**
 * Decodes numeric character references (`&#106;`, `&#x6A`, with or without `;`) and the named
 * references that matter in URLs (`&colon;`, `&Tab;`, `&NewLine;`, …), once. Out-of-range numbers
 * become U+FFFD; unknown names stay as written.
 *
 * @example
 * decodeCharacterReferences("&#106;ava&Tab;script&colon;"); // "java\tscript:"
 */
export function decodeCharacterReferences(value: string): string {
  if (!value.includes("&")) return value;
  let out = "";
  let i = 0;
  while (i < value.length) {
    const amp = value.indexOf("&", i);
    if (amp === -1) break;
    out += value.slice(i, amp);
    const decoded = value[amp + 1] === "#" ? readNumeric(value, amp) : readNamed(value, amp);
    if (decoded === null) {
      out += "&";
      i = amp + 1;
    } else {
      out += decoded.text;
      i = decoded.end;
    }
  }
  return out + value.slice(i);
}

interface Decoded {
  text: string;
  end: number;
}

function readNumeric(value: string, amp: number): Decoded | null {
  let i = amp + 2;
  const hex = value[i] === "x" || value[i] === "X";
  if (hex) i++;
  const digitsStart = i;
  let code = 0;
  for (; i < value.length; i++) {
    const digit = hex ? parseInt(value[i] ?? "", 16) : value.charCodeAt(i) - 48;
    if (Number.isNaN(digit) || digit < 0 || digit > (hex ? 15 : 9)) break;
    code = Math.min(code * (hex ? 16 : 10) + digit, MAX_CODE_POINT + 1);
  }
  if (i === digitsStart) return null;
  if (value[i] === ";") i++;
  const valid = code > 0 && code <= MAX_CODE_POINT && (code < 0xd800 || code > 0xdfff);
  return { text: valid ? String.fromCodePoint(code) : "\ufffd", end: i };
}

function readNamed(value: string, amp: number): Decoded | null {
  const semicolon = value.indexOf(";", amp + 1);
  if (semicolon === -1 || semicolon - amp > 12) return null;
  const text = NAMED_REFERENCES.get(value.slice(amp + 1, semicolon).toLowerCase());
  return text === undefined ? null : { text, end: semicolon + 1 };
}
