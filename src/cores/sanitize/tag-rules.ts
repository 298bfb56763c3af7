import { RICH_HTML_DROP_TAGS, RICH_HTML_TAG_ALIASES, RICH_HTML_TAGS, type RichHtmlTag } from "./allowlist";

/**
 * How a kept tag may nest. Inline marks sit inside text blocks; text blocks hold only inline
 * content; containers hold blocks. The writer enforces this so that its output parses back to the
 * very same tree, in a browser and in our own parser alike: that is what makes sanitizing
 * idempotent and leaves no room for the parser to restructure (and reinterpret) what we emit.
 */
export const enum Kind {
  Inline,
  TextBlock,
  Container,
}

/** What the sanitizer does with an element of a tag. */
export const enum Action {
  /** Kept with no attributes. */
  Keep,
  /** `<a>`: kept when its attributes pass. */
  Link,
  /** `<img>`: kept when its attributes pass. */
  Image,
  /** Removed with everything inside it. */
  Drop,
}

/**
 * Everything the sanitizer and its writer need to know about one parsed tag name, found with a
 * single lookup per element: the sanitizer runs on every rich write, and the per-element cost of
 * several set and map lookups was most of its own time.
 */
export interface TagRule {
  readonly action: Action;
  /** The schema's tag (an alias such as `b` reads as `strong`). */
  readonly tag: RichHtmlTag | "";
  readonly kind: Kind;
  readonly isVoid: boolean;
  /** `<tag>` and `</tag>`, built once. */
  readonly start: string;
  readonly end: string;
}

const KINDS: Readonly<Record<RichHtmlTag, Kind>> = {
  strong: Kind.Inline,
  em: Kind.Inline,
  u: Kind.Inline,
  s: Kind.Inline,
  code: Kind.Inline,
  a: Kind.Inline,
  br: Kind.Inline,
  img: Kind.Inline,
  p: Kind.TextBlock,
  h1: Kind.TextBlock,
  h2: Kind.TextBlock,
  h3: Kind.TextBlock,
  h4: Kind.TextBlock,
  pre: Kind.TextBlock,
  figcaption: Kind.TextBlock,
  hr: Kind.Container,
  blockquote: Kind.Container,
  ul: Kind.Container,
  ol: Kind.Container,
  li: Kind.Container,
  figure: Kind.Container,
};

const VOID_TAGS: ReadonlySet<string> = new Set(["br", "hr", "img"]);

function keptRule(tag: RichHtmlTag): TagRule {
  const action = tag === "a" ? Action.Link : tag === "img" ? Action.Image : Action.Keep;
  return { action, tag, kind: KINDS[tag], isVoid: VOID_TAGS.has(tag), start: `<${tag}>`, end: `</${tag}>` };
}

/** The rule of every dropped tag: the writer never sees it. */
export const DROP_RULE: TagRule = { action: Action.Drop, tag: "", kind: Kind.Container, isVoid: false, start: "", end: "" };

/**
 * The rule of each tag name the parser reports that is kept or dropped; a name not here is
 * unwrapped (its content stays). Built from the allowlist, so that stays the one list.
 *
 * @example
 * TAG_RULES.get("b")?.tag; // "strong"
 */
export const TAG_RULES: ReadonlyMap<string, TagRule> = (() => {
  const rules = new Map<string, TagRule>();
  for (const tag of RICH_HTML_TAGS) rules.set(tag, keptRule(tag));
  for (const [alias, tag] of Object.entries(RICH_HTML_TAG_ALIASES)) rules.set(alias, rules.get(tag) ?? keptRule(tag));
  // Dropping wins over keeping, should a name ever be on both lists.
  for (const tag of RICH_HTML_DROP_TAGS) rules.set(tag, DROP_RULE);
  return rules;
})();
