const PALETTE = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#0f8b8d", "#c2185b", "#6d4c41"];

/**
 * A stable presence colour for an editor, so the same person keeps their colour across tabs.
 *
 * @example
 * editorColor("12") // "#4363d8"
 */
export function editorColor(editorId: string): string {
  let hash = 0;
  for (let i = 0; i < editorId.length; i++) hash = (hash * 31 + editorId.charCodeAt(i)) >>> 0;
  return PALETTE[hash % PALETTE.length] as string;
}
