import { Parser } from "htmlparser2";
import { isMediaUrl, isSafeUrl, RICH_HTML_ATTRIBUTES, RICH_HTML_TAGS } from "../../../src/cores/sanitize";

const TAGS: ReadonlySet<string> = new Set(RICH_HTML_TAGS);
const REFERENCES = ["&amp;", "&lt;", "&gt;", "&quot;"];

/**
 * Everything wrong with a sanitizer output, as messages (empty when it is clean). Two independent
 * readings: the output is re-parsed and every tag, attribute and URL is checked against the
 * allowlist; and, without any parser, every `<` must open or close an allowlisted tag and every
 * `&` must be one of the four references the serializer writes.
 *
 * @example
 * expect(findOutputViolations(sanitizeRichHtml(input))).toEqual([]);
 */
export function findOutputViolations(html: string, mediaBase?: string): string[] {
  return [...checkParsed(html, mediaBase), ...checkCharacters(html)];
}

function checkParsed(html: string, mediaBase: string | undefined): string[] {
  const problems: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!TAGS.has(name)) problems.push(`tag <${name}> is not allowlisted`);
      const allowed = RICH_HTML_ATTRIBUTES[name as keyof typeof RICH_HTML_ATTRIBUTES] ?? [];
      for (const [attribute, value] of Object.entries(attributes)) {
        if (!allowed.includes(attribute)) problems.push(`attribute ${attribute} on <${name}>`);
        else problems.push(...checkAttribute(name, attribute, value, attributes, mediaBase));
      }
      if (name === "a" && !("href" in attributes)) problems.push("<a> without href");
      if (name === "img" && !("src" in attributes)) problems.push("<img> without src");
    },
    oncomment: () => problems.push("comment"),
    onprocessinginstruction: (name) => problems.push(`declaration ${name}`),
    oncdatastart: () => problems.push("CDATA"),
  });
  parser.parseComplete(html);
  return problems;
}

function checkAttribute(tag: string, name: string, value: string, all: Record<string, string>, mediaBase: string | undefined): string[] {
  if (name === "href" && !isSafeUrl(value, "href")) return [`unsafe href ${value}`];
  if (name === "src" && !isSafeUrl(value, "src")) return [`unsafe src ${value}`];
  if (name === "src" && mediaBase !== undefined && !isMediaUrl(value, mediaBase)) return [`non-media src ${value}`];
  if (name === "target" && value !== "_blank") return [`target ${value}`];
  if (name === "target" && all.rel !== "noopener noreferrer") return ["target without rel=noopener noreferrer"];
  if (name === "rel" && (value !== "noopener noreferrer" || all.target !== "_blank")) return [`rel ${value}`];
  if ((name === "width" || name === "height") && !/^[1-9][0-9]{0,4}$/.test(value)) return [`${name} ${value} on <${tag}>`];
  if ((name === "width" || name === "height") && Number(value) > 10_000) return [`${name} ${value} on <${tag}>`];
  return [];
}

function checkCharacters(html: string): string[] {
  const problems: string[] = [];
  for (let i = html.indexOf("<"); i !== -1; i = html.indexOf("<", i + 1)) {
    const name = /^<\/?([a-z0-9]+)[ >]/.exec(html.slice(i, i + 14))?.[1];
    if (name === undefined || !TAGS.has(name)) problems.push(`raw < at ${i}: ${html.slice(i, i + 20)}`);
  }
  for (let i = html.indexOf("&"); i !== -1; i = html.indexOf("&", i + 1)) {
    if (!REFERENCES.some((reference) => html.startsWith(reference, i))) problems.push(`raw & at ${i}: ${html.slice(i, i + 12)}`);
  }
  return problems;
}
