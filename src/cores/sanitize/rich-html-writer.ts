import { escapeText } from "./escape";
import { Kind, type TagRule } from "./tag-rules";

/**
 * Serializes a sanitized tree as it is discovered, one event at a time, with no tree in memory:
 * tags are balanced (every open element is closed, innermost first; void elements never get an
 * end tag), text is escaped, and the nesting rules of {@link Kind} are applied by closing what may
 * not contain the element being opened. Tag rules and attribute strings come from the sanitizer,
 * already checked and escaped.
 *
 * @example
 * const writer = new RichHtmlWriter();
 * const p = writer.open(TAG_RULES.get("p")!, "");
 * writer.text("a < b");
 * writer.close(p);
 * writer.finish(); // "<p>a &lt; b</p>"
 */
export class RichHtmlWriter {
  #out = "";
  readonly #open: TagRule[] = [];
  readonly #ids: number[] = [];
  #nextId = 1;
  /** Open `<a>` elements: a link is never opened inside another. */
  #links = 0;
  /** A browser drops one line feed right after `<pre>`; we read input the same way. */
  #stripPreNewline = false;
  /** …so a `<pre>` whose content starts with a line feed needs one extra on output. */
  #guardPreNewline = false;

  /** Whether an `<a>` is open in the output. */
  inLink(): boolean {
    return this.#links > 0;
  }

  /**
   * Writes a start tag, first closing whatever may not contain it. Returns the element's id for
   * {@link close}, or 0 for a void element.
   */
  open(rule: TagRule, attributes: string): number {
    this.#stripPreNewline = false;
    this.#guardPreNewline = false;
    if (rule.kind !== Kind.Inline) this.#closeForBlock(rule);
    this.#out += attributes === "" ? rule.start : `<${rule.tag}${attributes}>`;
    if (rule.isVoid) return 0;
    const id = this.#nextId++;
    this.#open.push(rule);
    this.#ids.push(id);
    if (rule.tag === "a") this.#links++;
    else if (rule.tag === "pre") {
      this.#stripPreNewline = true;
      this.#guardPreNewline = true;
    }
    return id;
  }

  /** Closes the element `id` and everything opened inside it; a no-op when it is already closed. */
  close(id: number): void {
    const ids = this.#ids;
    // Almost always the innermost element: look there before searching.
    const index = ids[ids.length - 1] === id ? ids.length - 1 : ids.lastIndexOf(id);
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

  #closeForBlock(rule: TagRule): void {
    const open = this.#open;
    let index = open.length;
    while (index > 0 && open[index - 1]!.kind !== Kind.Container) index--;
    // Two list items never nest directly: both parsers would read the inner one as a sibling.
    if (rule.tag === "li" && index > 0 && open[index - 1]!.tag === "li") index--;
    this.#popTo(index);
  }

  #popTo(index: number): void {
    this.#stripPreNewline = false;
    this.#guardPreNewline = false;
    const open = this.#open;
    while (open.length > index) {
      const rule = open.pop()!;
      if (rule.tag === "a") this.#links--;
      this.#out += rule.end;
      this.#ids.pop();
    }
  }
}
