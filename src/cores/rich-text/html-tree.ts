import { Parser } from "htmlparser2";

/**
 * One element of a parsed HTML fragment: its tag, its attributes (entity-decoded) and its
 * children, text nodes being plain strings.
 *
 * @example
 * const el: HtmlElement = { tag: "p", attributes: {}, children: ["Hi"] };
 */
export interface HtmlElement {
  tag: string;
  attributes: Record<string, string>;
  children: HtmlChild[];
}

/**
 * A child of an {@link HtmlElement}: an element or a text node.
 *
 * @example
 * const child: HtmlChild = "plain text";
 */
export type HtmlChild = HtmlElement | string;

/**
 * Parses an HTML fragment into a small tree, with the same tokenizer (htmlparser2) and the same
 * options the sanitizer uses, so the tree is the one the sanitizer saw. Meant for sanitized HTML,
 * which is balanced and shallow; the parser's own implied closes keep anything else balanced too.
 *
 * @example
 * parseHtmlTree("<p>a<br>b</p>").children[0];
 * // { tag: "p", attributes: {}, children: ["a", { tag: "br", … }, "b"] }
 */
export function parseHtmlTree(html: string): HtmlElement {
  const root: HtmlElement = { tag: "#root", attributes: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const parser = new Parser({
    onopentag(tag, attributes) {
      const element: HtmlElement = { tag, attributes, children: [] };
      stack[stack.length - 1]?.children.push(element);
      stack.push(element);
    },
    onclosetag(tag) {
      // The parser reports every close, implied ones included, in stack order; the guard keeps a
      // stray end tag from popping the root.
      if (stack.length > 1 && stack[stack.length - 1]?.tag === tag) stack.pop();
    },
    ontext(text) {
      const children = stack[stack.length - 1]?.children;
      if (children === undefined) return;
      const last = children.length - 1;
      // The tokenizer may split one text node around entities; join the pieces back.
      if (typeof children[last] === "string") children[last] += text;
      else children.push(text);
    },
  });
  parser.parseComplete(html);
  return root;
}
