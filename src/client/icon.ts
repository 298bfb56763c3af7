/** The icons the editing UI uses. */
export type IconName =
  | "settings" | "done" | "save" | "publish" | "image" | "upload" | "bold" | "italic" | "link" | "close" | "undo" | "redo" | "history"
  | "preview" | "share" | "up" | "down" | "duplicate" | "more" | "inbox" | "new-page" | "pages" | "page" | "grip" | "account" | "team"
  | "comment" | "suggest" | "language";

/* 24×24 stroke paths, drawn for this toolkit. */
const PATHS: Record<IconName, string> = {
  settings: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-1-3-2 .2-1.2-1.2.2-2-3-1-1 2h-2l-1-2-3 1 .2 2L6 8.2 4 8l-1 3 2 1v0l-2 1 1 3 2-.2 1.2 1.2-.2 2 3 1 1-2h2l1 2 3-1-.2-2 1.2-1.2 2 .2 1-3z",
  done: "M5 12l5 5 9-10",
  save: "M5 4h11l3 3v13H5zM8 4v5h7V4M8 20v-6h8v6",
  publish: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9.5a1.5 1.5 0 1 0 0-.01",
  upload: "M12 16V4M7 9l5-5 5 5M5 20h14",
  bold: "M7 4h6a4 4 0 0 1 0 8H7zM7 12h7a4 4 0 0 1 0 8H7z",
  italic: "M10 4h8M6 20h8M14 4l-4 16",
  link: "M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1",
  close: "M6 6l12 12M18 6L6 18",
  undo: "M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3",
  redo: "M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  inbox: "M3 13h5l1 3h6l1-3h5M5 5h14l2 8v6H3v-6z",
  history: "M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3",
  preview: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  share: "M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4",
  up: "M12 19V5M6 11l6-6 6 6",
  down: "M12 5v14M6 13l6 6 6-6",
  duplicate: "M9 9h11v11H9zM5 15H4V4h11v1",
  "new-page": "M14 3H6v18h12V7zM14 3v4h4M12 11v6M9 14h6",
  pages: "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01",
  page: "M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h6",
  team: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M16 3.1a4 4 0 0 1 0 7.8M22 21v-1a6 6 0 0 0-4-5.7",
  grip: "M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  comment: "M4 5h16v11H9l-5 4z",
  suggest: "M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4M12 20h8",
  language: "M3 5h10M8 3v2M5 5c.5 3.5 3 6.5 7 8M11 5c-.5 3.5-3 6.5-7 8M13 21l4-9 4 9M14.5 18h5",
};

export interface IconOptions {
  /** Accessible name; without it the icon is decorative (hidden from screen readers). */
  label?: string;
  size?: number;
}

/**
 * An inline SVG icon. Decorative by default, since the buttons that hold icons carry their own
 * label; pass `label` for an icon that stands alone.
 *
 * @example
 * button.prepend(Icon("settings"));
 * document.body.append(Icon("image", { label: "Image", size: 16 }));
 */
export function Icon(name: IconName, options: IconOptions = {}): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const size = String(options.size ?? 16);
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("fill", "none");
  svg.setAttribute("stroke", "currentColor");
  svg.setAttribute("stroke-width", "2");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  if (options.label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", options.label);
  } else svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", PATHS[name]);
  svg.append(path);
  return svg;
}
