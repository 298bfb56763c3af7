/**
 * The text colour (black or white) that reads best on a background colour given as `#rgb` or
 * `#rrggbb`, by WCAG contrast; white for anything unreadable. Presence colours come from the
 * server's palette, so the label colour cannot be fixed in CSS.
 *
 * @example
 * readableTextOn("#3cb44b") // "#000000"
 * readableTextOn("#4363d8") // "#ffffff"
 */
export function readableTextOn(background: string): "#000000" | "#ffffff" {
  const rgb = parseHex(background);
  if (!rgb) return "#ffffff";
  const l = relativeLuminance(rgb);
  // Contrast with white is 1.05 / (l + .05), with black (l + .05) / .05: pick the larger.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#000000";
}

function parseHex(color: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join("") : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
