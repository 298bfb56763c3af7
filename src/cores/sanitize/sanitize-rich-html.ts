import { Parser } from "htmlparser2";
import { isCanonicalRichHtml } from "./canonical-rich-html";
import { escapeText } from "./escape";
import { linkAttributes, imageAttributes } from "./rich-html-attributes";
import { RichHtmlWriter } from "./rich-html-writer";
import { Action, TAG_RULES } from "./tag-rules";

/**
 * Options of {@link sanitizeRichHtml}.
 *
 * @example
 * const options: SanitizeRichHtmlOptions = { mediaBase: env.MEDIA_URL };
 */
export interface SanitizeRichHtmlOptions {
  /** The site's `MEDIA_URL`: when given, only images under it are kept (the strict media rule). */
  mediaBase?: string;
}

/**
 * Deepest nesting read. htmlparser2 keeps its open elements with `Array.unshift`, so each start
 * tag costs as much as the current depth: a megabyte of `<div>` would take many seconds. Editor
 * content is never this deep; past it, reading stops and what was sanitized so far is returned.
 *
 * @example
 * sanitizeRichHtml("<b>".repeat(MAX_RICH_HTML_DEPTH + 1) + "lost"); // 512 empty strong elements
 */
export const MAX_RICH_HTML_DEPTH = 512;

/** What became of a parsed element; positive values are the writer's element ids. */
const UNWRAPPED = 0;
const DROPPED_WITH_CONTENT = -1;

/**
 * Cleans rich text to the editor's schema: parses the HTML with a real HTML tokenizer, keeps only
 * the allowlisted tags and attributes, and serializes the result itself with every text node and
 * attribute escaped and every tag balanced. Unknown tags are unwrapped (their content stays);
 * scripts, styles, frames, form controls, raw-text and foreign (SVG, MathML) elements are dropped
 * with their content. Links keep only a safe `href`, `title` and `target="_blank"` (which forces
 * `rel="noopener noreferrer"`); a link without a safe `href` keeps only its text. Images keep a
 * safe `src`, `alt` and integer `width`/`height` up to 10000; with `mediaBase`, an image not under
 * it is removed. Comments, doctypes and processing instructions are removed. Input nested deeper
 * than {@link MAX_RICH_HTML_DEPTH} is cut off there. Synchronous and pure, with no Workers-only
 * API, so the browser client can run it too. Should anything go wrong inside, the whole input
 * comes back as escaped text: safe, never raw.
 *
 * @example
 * sanitizeRichHtml('<p onclick="x()">Hi <b>there</b><script>alert(1)</script></p>');
 * // '<p>Hi <strong>there</strong></p>'
 * sanitizeRichHtml('<img src="https://elsewhere.test/a.png">', { mediaBase: "https://media.example.com" });
 * // ''
 */
export function sanitizeRichHtml(html: string, options: SanitizeRichHtmlOptions = {}): string {
  if (typeof html !== "string" || html === "") return "";
  try {
    const mediaBase = options.mediaBase;
    // What the editor sends is already in the form written below, which one pass recognizes for
    // a fraction of a parse: such input is its own sanitized output.
    return isCanonicalRichHtml(html, mediaBase, MAX_RICH_HTML_DEPTH) ? html : parseAndWrite(html, mediaBase);
  } catch {
    return escapeText(html);
  }
}

/**
 * {@link sanitizeRichHtml} without its check for input already in sanitized form: every input is
 * parsed and written again. For tests that hold the two paths to the same output.
 *
 * @example
 * sanitizeParsed("<p>Hi <b>there</b></p>"); // "<p>Hi <strong>there</strong></p>"
 */
export function sanitizeParsed(html: string, options: SanitizeRichHtmlOptions = {}): string {
  if (typeof html !== "string" || html === "") return "";
  try {
    return parseAndWrite(html, options.mediaBase);
  } catch {
    return escapeText(html);
  }
}

function parseAndWrite(html: string, mediaBase: string | undefined): string {
  const handler = new SanitizeHandler(mediaBase);
  new Parser(handler).parseComplete(html);
  return handler.finish();
}

/**
 * Receives htmlparser2's events and decides, per element, to keep, unwrap or drop it. It mirrors
 * the parser's stack of open elements so every end event is matched to the decision its start
 * event got.
 */
class SanitizeHandler {
  readonly #writer = new RichHtmlWriter();
  readonly #mediaBase: string | undefined;
  readonly #names: string[] = [];
  readonly #fates: number[] = [];
  #dropDepth = 0;
  #parser: Parser | null = null;
  #stopped = false;

  constructor(mediaBase: string | undefined) {
    this.#mediaBase = mediaBase;
  }

  onparserinit(parser: Parser): void {
    this.#parser = parser;
  }

  onopentag(name: string, attributes: Record<string, string>): void {
    if (this.#stopped) return;
    if (this.#names.length >= MAX_RICH_HTML_DEPTH) {
      this.#stopped = true;
      this.#parser?.pause();
      return;
    }
    this.#names.push(name);
    this.#fates.push(this.#decide(name, attributes));
  }

  onclosetag(name: string): void {
    if (this.#stopped) return;
    const top = this.#names.length - 1;
    // The parser closes an element whose start tag never completed (input ended inside it); we
    // never saw it open, so there is nothing of ours to close.
    if (top < 0 || this.#names[top] !== name) return;
    this.#names.pop();
    const fate = this.#fates.pop() ?? UNWRAPPED;
    if (fate === DROPPED_WITH_CONTENT) this.#dropDepth--;
    else if (fate !== UNWRAPPED) this.#writer.close(fate);
  }

  ontext(text: string): void {
    if (this.#dropDepth === 0 && !this.#stopped) this.#writer.text(text);
  }

  finish(): string {
    return this.#writer.finish();
  }

  #decide(name: string, attributes: Record<string, string>): number {
    const rule = TAG_RULES.get(name);
    if (this.#dropDepth > 0 || rule?.action === Action.Drop) {
      this.#dropDepth++;
      return DROPPED_WITH_CONTENT;
    }
    if (rule === undefined) return UNWRAPPED;
    if (rule.action === Action.Link) {
      // A link inside a link would be split apart by the browser's parser, so keep only the outer.
      const kept = this.#writer.inLink() ? null : linkAttributes(attributes);
      return kept === null ? UNWRAPPED : this.#writer.open(rule, kept);
    }
    if (rule.action === Action.Image) {
      const kept = imageAttributes(attributes, this.#mediaBase);
      return kept === null ? UNWRAPPED : this.#writer.open(rule, kept);
    }
    return this.#writer.open(rule, "");
  }
}
