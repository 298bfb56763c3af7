import { pastedLevelMap, type HeadingLevels } from "./heading-levels";

export interface PasteRules {
  /** The field's heading levels; pasted headings are moved onto them. */
  levels: HeadingLevels;
  /** Whether a pasted image may stay (a media image of this site, say); the others are dropped. */
  keepImage: (src: string) => boolean;
}

/** Pasted HTML brought to what the schema holds, and which images had to be left out. */
export interface NormalizedPaste {
  html: string;
  droppedImages: number;
  /** What each left-out image was, for the note (`pastedImageName`). */
  dropped: string[];
}

const BLOCKS = new Set(["P", "DIV", "H1", "H2", "H3", "H4", "H5", "H6", "LI", "UL", "OL", "BLOCKQUOTE", "TABLE", "TR", "TD", "TH"]);
const WORD_LIST_LEVEL = /mso-list:\s*l\d+\s+level(\d+)/i;
const ORDERED_MARKER = /^\s*(\d+|[a-z]|[ivxlcdm]+)[.)]/i;

/**
 * Normalizes HTML pasted from Word, Google Docs or a web page before the schema reads it: Google
 * Docs' bold wrapper and its line breaks between blocks go, and its styled spans become marks; Word's list paragraphs become real
 * (nested) lists and its Title a heading; each table row becomes one paragraph, its cells
 * separated by " · " (header cells bold); images `keepImage` refuses (another site's not copied
 * into the media library, Word's local files) are left out and named; headings move onto the field's levels, keeping their outline.
 * Works on an inert parsed copy: nothing in it loads or runs.
 *
 * @example
 * const { html, droppedImages } = normalizePastedHtml(clipboardHtml, document, { levels: [2, 3, 4], keepImage: () => false });
 */
export function normalizePastedHtml(html: string, doc: Document, rules: PasteRules): NormalizedPaste {
  const View = doc.defaultView ?? window;
  const body = new View.DOMParser().parseFromString(html, "text/html").body;
  for (const element of body.querySelectorAll("b, strong")) if (/font-weight:\s*(normal|[1-4]00)\b/i.test(element.getAttribute("style") ?? "")) unwrap(element);
  // Line breaks between blocks (Google Docs puts them around lists and tables) are spacing, not lines.
  for (const br of body.querySelectorAll(":scope > br, br.Apple-interchange-newline")) br.remove();
  for (const span of body.querySelectorAll("span[style]")) markStyledSpan(span);
  for (const title of body.querySelectorAll("p.MsoTitle")) rename(title, "h1");
  convertWordLists(body);
  // Google Docs nests a list as a sibling of the item it belongs to: move it into that item.
  for (const list of body.querySelectorAll(":is(ul, ol) > :is(ul, ol)")) {
    const item = list.previousElementSibling;
    if (item?.tagName === "LI") item.append(list);
  }
  for (const table of [...body.querySelectorAll("table")].reverse()) table.replaceWith(...tableParagraphs(table));
  const dropped = dropImages(body, rules.keepImage);
  moveHeadings(body, rules.levels);
  return { html: body.innerHTML, droppedImages: dropped.length, dropped };
}

/** Google Docs writes bold and italic as styled spans: turn them into the elements the schema reads. */
function markStyledSpan(span: Element): void {
  const style = span.getAttribute("style") ?? "";
  const wrappers = [
    /font-weight:\s*(bold|[6-9]00)\b/i.test(style) && "strong",
    /font-style:\s*italic/i.test(style) && "em",
    // Google Docs underlines a link's text itself; the link says enough.
    /text-decoration[^;]*underline/i.test(style) && !span.closest("a") && "u",
    /text-decoration[^;]*line-through/i.test(style) && "s",
  ].filter((name): name is string => typeof name === "string");
  for (const name of wrappers) {
    const wrapper = span.ownerDocument.createElement(name);
    wrapper.append(...span.childNodes);
    span.append(wrapper);
  }
}

/**
 * Word writes a list as paragraphs styled `mso-list:l0 level2 …`, each starting with its own
 * bullet or number (between `[if !supportLists]` and `[endif]` comments): runs of them become
 * `ul`/`ol` nested by level, without the typed markers.
 */
function convertWordLists(body: HTMLElement): void {
  const doc = body.ownerDocument;
  const items = [...body.querySelectorAll("p")].filter((p) => WORD_LIST_LEVEL.test(p.getAttribute("style") ?? ""));
  let stack: { level: number; list: HTMLElement; item: HTMLElement }[] = [];
  let previous: Element | null = null;
  for (const paragraph of items) {
    if (previous === null || previous.nextElementSibling !== paragraph) stack = [];
    const level = Number(WORD_LIST_LEVEL.exec(paragraph.getAttribute("style") ?? "")?.[1] ?? 1);
    const ordered = ORDERED_MARKER.test(removeListMarker(paragraph));
    while (stack.length > 0 && stack[stack.length - 1]!.level > level) stack.pop();
    const item = doc.createElement("li");
    const content = doc.createElement("p");
    content.append(...paragraph.childNodes);
    item.append(content);
    const top = stack[stack.length - 1];
    if (top && top.level === level) {
      top.list.append(item);
      top.item = item;
      paragraph.remove();
    } else {
      const list = doc.createElement(ordered ? "ol" : "ul");
      list.append(item);
      if (top) {
        top.item.append(list);
        paragraph.remove();
      } else paragraph.replaceWith(list);
      stack.push({ level, list, item });
    }
    // The next paragraph of this list follows where this one stood: the outermost list.
    previous = stack[0]!.list;
  }
}

/** Removes the bullet or number Word typed at the start of a list paragraph; returns its text. */
function removeListMarker(paragraph: Element): string {
  let marker = "";
  let inMarker = false;
  for (const node of [...paragraph.childNodes]) {
    const comment = node.nodeType === 8 ? (node.textContent ?? "").trim() : null;
    if (comment !== null && /^\[if !supportLists\]/i.test(comment)) inMarker = true;
    else if (comment !== null && /^\[endif\]/i.test(comment) && inMarker) {
      node.remove();
      break;
    }
    if (inMarker) {
      marker += node.nodeType === 8 ? "" : (node.textContent ?? "");
      node.remove();
    }
  }
  for (const ignored of paragraph.querySelectorAll('span[style*="mso-list:Ignore" i]')) {
    marker += ignored.textContent ?? "";
    ignored.remove();
  }
  return marker;
}

/** One paragraph per row that has any content, the cells' contents in order. */
function tableParagraphs(table: HTMLTableElement): HTMLParagraphElement[] {
  const doc = table.ownerDocument;
  const out: HTMLParagraphElement[] = [];
  for (const row of table.rows) {
    const paragraph = doc.createElement("p");
    for (const cell of row.cells) {
      if ((cell.textContent ?? "").trim() === "" && !cell.querySelector("img")) continue;
      if (paragraph.hasChildNodes()) paragraph.append(" · ");
      const holder = cell.tagName === "TH" ? paragraph.appendChild(doc.createElement("strong")) : paragraph;
      appendInline(cell, holder);
    }
    if (paragraph.hasChildNodes()) out.push(paragraph);
  }
  return out;
}

/** Moves a cell's inline content into `target`, its blocks run together with spaces. */
function appendInline(from: Element, target: Element): void {
  for (const node of [...from.childNodes]) {
    if (isElement(node) && BLOCKS.has(node.tagName)) {
      if (target.hasChildNodes()) target.append(" ");
      appendInline(node, target);
    } else target.append(node);
  }
}

function dropImages(body: HTMLElement, keepImage: (src: string) => boolean): string[] {
  const dropped: string[] = [];
  for (const image of body.querySelectorAll("img")) {
    const src = image.getAttribute("src") ?? "";
    if (keepImage(src)) continue;
    // A paragraph that held only the picture goes with it, rather than stay as a blank line.
    const block = image.closest("p");
    image.remove();
    if (block && (block.textContent ?? "").trim() === "" && !block.querySelector("img")) block.remove();
    dropped.push(pastedImageName(src));
  }
  // A figure whose picture went keeps its caption as a paragraph.
  for (const figure of body.querySelectorAll("figure")) {
    if (figure.querySelector("img")) continue;
    const caption = figure.querySelector("figcaption");
    const paragraph = figure.ownerDocument.createElement("p");
    if (caption) paragraph.append(...caption.childNodes);
    figure.replaceWith(...(paragraph.hasChildNodes() ? [paragraph] : []));
  }
  return dropped;
}

/**
 * How the paste note names a pasted image: its file name and site for an address, "an embedded
 * picture" for image data (Word and Google Docs put pictures in the clipboard as `data:` URLs).
 *
 * @example
 * pastedImageName("https://other.site/img/x.png?w=2") // "x.png from other.site"
 * pastedImageName("data:image/png;base64,iVBO…") // "an embedded picture"
 */
export function pastedImageName(src: string): string {
  if (/^data:/i.test(src)) return "an embedded picture";
  try {
    const url = new URL(src);
    if (url.protocol === "file:") return `${decodeURIComponent(url.pathname.split("/").pop() ?? "") || "a file"} from this computer`;
    const file = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    return file ? `${file} from ${url.hostname}` : `an image from ${url.hostname}`;
  } catch {
    return "an image without a usable address";
  }
}

function moveHeadings(body: HTMLElement, levels: HeadingLevels): void {
  const headings = [...body.querySelectorAll("h1, h2, h3, h4, h5, h6")];
  if (headings.length === 0) return;
  const levelOf = (heading: Element) => Number(heading.tagName.slice(1));
  const map = pastedLevelMap(headings.map(levelOf), levels);
  for (const heading of headings) rename(heading, `h${map(levelOf(heading))}`);
}

function rename(element: Element, tag: string): void {
  if (element.tagName.toLowerCase() === tag) return;
  const renamed = element.ownerDocument.createElement(tag);
  // ProseMirror marks its own copies on the first element (how open the copied slice is): keep it.
  const slice = element.getAttribute("data-pm-slice");
  if (slice !== null) renamed.setAttribute("data-pm-slice", slice);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
}

/* A parsed clipboard document has no window, so no `Element` constructor to test against. */
function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes);
}
