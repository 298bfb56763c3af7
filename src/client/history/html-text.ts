const BLOCKS = new Set(["P", "H1", "H2", "H3", "H4", "H5", "H6", "LI", "BLOCKQUOTE", "PRE", "FIGCAPTION", "DIV", "TR"]);

/**
 * Rich HTML as the text a reader sees: one line per block, images as `[image: alt]`, no markup.
 * Parsed inertly (a template-less `DOMParser` document runs no scripts and loads no images).
 *
 * @example
 * htmlToText(document, "<p>Hello <b>you</b></p><p>Bye</p>") // "Hello you\nBye"
 */
export function htmlToText(doc: Document, html: string): string {
  const parser = new (doc.defaultView ?? window).DOMParser();
  const body = parser.parseFromString(html, "text/html").body;
  const lines: string[] = [];
  let line = "";
  const walk = (node: Node) => {
    if (node.nodeType === 3) line += node.textContent ?? "";
    else if (node instanceof Element) {
      if (node.tagName === "IMG") line += `[image: ${node.getAttribute("alt") || "no alt text"}]`;
      else if (node.tagName === "BR") line += "\n";
      const block = BLOCKS.has(node.tagName);
      if (block && line.trim()) (lines.push(line.trim()), (line = ""));
      node.childNodes.forEach(walk);
      if (block && line.trim()) (lines.push(line.trim()), (line = ""));
    }
  };
  body.childNodes.forEach(walk);
  if (line.trim()) lines.push(line.trim());
  return lines.join("\n");
}
