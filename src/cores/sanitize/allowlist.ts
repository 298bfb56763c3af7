/**
 * The rich-text schema as HTML: the tags `sanitizeRichHtml` keeps. It must stay in step with the
 * editor's ProseMirror schema, because stored HTML is what the editor loads back.
 *
 * @example
 * RICH_HTML_TAGS.includes("h2"); // true
 */
export const RICH_HTML_TAGS = [
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "strong",
  "em",
  "u",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "figure",
  "figcaption",
] as const;

/**
 * One tag of {@link RICH_HTML_TAGS}.
 *
 * @example
 * const tag: RichHtmlTag = "blockquote";
 */
export type RichHtmlTag = (typeof RICH_HTML_TAGS)[number];

/**
 * The attributes each kept tag may carry; every other attribute is removed. `a` also gets
 * `rel="noopener noreferrer"` whenever it keeps `target="_blank"`, so `rel` is listed too.
 *
 * @example
 * RICH_HTML_ATTRIBUTES.img; // ["src", "alt", "width", "height"]
 */
export const RICH_HTML_ATTRIBUTES: Readonly<Partial<Record<RichHtmlTag, readonly string[]>>> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "width", "height"],
};

/**
 * Legacy spellings the editor does not emit, renamed to the schema's tag.
 *
 * @example
 * RICH_HTML_TAG_ALIASES.b; // "strong"
 */
export const RICH_HTML_TAG_ALIASES: Readonly<Record<string, RichHtmlTag>> = {
  b: "strong",
  i: "em",
  strike: "s",
  del: "s",
};

/**
 * Tags removed together with everything inside them: they run code, load other documents, switch
 * the parser into raw text or a foreign namespace, or carry form controls. Any other unknown tag is
 * only unwrapped, keeping its children.
 *
 * @example
 * RICH_HTML_DROP_TAGS.includes("script"); // true
 */
export const RICH_HTML_DROP_TAGS = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "textarea",
  "title",
  "xmp",
  "plaintext",
  "select",
  "option",
  "svg",
  "math",
  "head",
  "base",
  "link",
  "meta",
  "form",
  "input",
  "button",
] as const;
