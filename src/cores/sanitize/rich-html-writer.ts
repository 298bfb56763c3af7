import { escapeText } from "./escape";

/**
 * How a kept tag may nest. Inline marks sit inside text blocks; text blocks hold only inline
 * content; containers hold blocks. The writer enforces this so that its output parses back to the
 * very same tree, in a browser and in our own parser alike: that is what makes sanitizing
 * idempotent and leaves no room for the parser to restructure (and reinterpret) what we emit.
 */
const enum Kind {
  Inline,
  TextBlock,
  Container,
}

const KINDS: ReadonlyMap<string, Kind> = new Map([
  ["strong", Kind.Inline],
  ["em", Kind.Inline],
  ["u", Kind.Inline],
  ["s", Kind.Inline],
  ["code", Kind.Inline],
  ["a", Kind.Inline],
  ["br", Kind.Inline],
  ["img", Kind.Inline],
  ["p", Kind.TextBlock],
  ["h1", Kind.TextBlock],
  ["h2", Kind.TextBlock],
  ["h3", Kind.TextBlock],
  ["h4", Kind.TextBlock],
  ["pre", Kind.TextBlock],
  ["figcaption", Kind.TextBlock],
  ["hr", Kind.Container],
  ["blockquote", Kind.Container],
  ["ul", Kind.Container],
  ["ol", Kind.Container],
  ["li", Kind.Container],
  ["figure", Kind.Container],
]);

const VOID_TAGS: ReadonlySet<string> = new Set(["br", "hr", "img"]);

// Tag strings built once, so writing a tag does not allocate a new string each time.
const START_TAGS: ReadonlyMap<string, string> = new Map([...KINDS.keys()].map((tag) => [tag, `<${tag}>`]));
const END_TAGS: ReadonlyMap<string, string> = new Map([...KINDS.keys()].map((tag) => [tag, `</${tag}>`]));

/**
 * Serializes a sanitized tree as it is discovered, one event at a time, with no tree in memory:
 * tags are balanced (every open element is closed, innermost first; void elements never get an
 * end tag), text is escaped, and the nesting rules above are applied by closing what may not
 * contain the element being opened. Tag names and attribute strings come from the sanitizer,
 * already checked and escaped.
 *
 * @example
 * const writer = new RichHtmlWriter();
 * const p = writer.open("p", "");
 * writer.text("a < b");
 * writer.close(p);
 * writer.finish(); // "<p>a &lt; b</p>"
 */
export class RichHtmlWriter {
  #out = "";
  readonly #tags: string[] = [];
  readonly #ids: number[] = [];
  #nextId = 1;
  /** A browser drops one line feed right after `<pre>`; we read input the same way. */
  #stripPreNewline = false;
  /** …so a `<pre>` whose content starts with a line feed needs one extra on output. */
  #guardPreNewline = false;

  /** Whether an element of this tag is open in the output. */
  has(tag: string): boolean {
    return this.#tags.includes(tag);
  }

  /**
   * Writes a start tag, first closing whatever may not contain it. Returns the element's id for
   * {@link close}, or 0 for a void element.
   */
  open(tag: string, attributes: string): number {
    this.#stripPreNewline = false;
    this.#guardPreNewline = false;
    if (KINDS.get(tag) !== Kind.Inline) this.#closeForBlock(tag);
    this.#out += attributes === "" ? (START_TAGS.get(tag) ?? `<${tag}>`) : `<${tag}${attributes}>`;
    if (VOID_TAGS.has(tag)) return 0;
    const id = this.#nextId++;
    this.#tags.push(tag);
    this.#ids.push(id);
    if (tag === "pre") {
      this.#stripPreNewline = true;
      this.#guardPreNewline = true;
    }
    return id;
  }

  /** Closes the element `id` and everything opened inside it; a no-op when it is already closed. */
  close(id: number): void {
    const index = this.#ids.lastIndexOf(id);
    if (index === -1) return;
    this.#popTo(index);
  }

  /** Writes a text node, escaped. */
  text(text: string): void {
    if (text === "") return;
    let escaped = escapeText(text);
    if (this.#stripPreNewline) {
      this.#stripPreNewline = false;
      if (escaped.startsWith("\n")) escaped = escaped.slice(1);
    }
    if (escaped === "") return;
    if (this.#guardPreNewline) {
      this.#guardPreNewline = false;
      if (escaped.startsWith("\n")) this.#out += "\n";
    }
    this.#out += escaped;
  }

  /** Closes every open element and returns the HTML written. */
  finish(): string {
    this.#popTo(0);
    return this.#out;
  }

  #closeForBlock(tag: string): void {
    let index = this.#tags.length;
    while (index > 0 && KINDS.get(this.#tags[index - 1] ?? "") !== Kind.Container) index--;
    // Two list items never nest directly: both parsers would read the inner one as a sibling.
    if (tag === "li" && index > 0 && this.#tags[index - 1] === "li") index--;
    this.#popTo(index);
  }

  #popTo(index: number): void {
    this.#stripPreNewline = false;
    this.#guardPreNewline = false;
    while (this.#tags.length > index) {
      const tag = this.#tags.pop() ?? "";
      this.#out += END_TAGS.get(tag) ?? `</${tag}>`;
      this.#ids.pop();
    }
  }
}
