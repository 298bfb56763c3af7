import { Icon } from "../icon";

/** The block icons of the rich-text toolbar, kept in the rich chunk rather than the page's first script. */
export type BlockIconName = "heading" | "bulletList" | "numberedList" | "quote";

/* 24×24 stroke paths in the style of ../icon.ts. */
const PATHS: Record<BlockIconName, string> = {
  heading: "M6 4v16M18 4v16M6 12h12",
  bulletList: "M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01",
  numberedList: "M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M4 14.5c0-1 2.5-1 2.5.3 0 1-2.5 2-2.5 3.2h2.6",
  quote: "M5 18c2-1 3-3 3-6V7H4v5h4M15 18c2-1 3-3 3-6V7h-4v5h4",
};

/**
 * A decorative block icon: the toolkit's icon frame (size, stroke, hidden from screen readers)
 * drawing one of the rich toolbar's own paths.
 *
 * @example
 * button.append(blockIcon("quote"));
 */
export function blockIcon(name: BlockIconName): SVGSVGElement {
  const svg = Icon("bold");
  svg.querySelector("path")?.setAttribute("d", PATHS[name]);
  return svg;
}
