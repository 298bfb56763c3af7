import type { BlockType } from "../../shared/review-suggestions";

/*
 * A retype suggestion in words, the same in the Suggestions panel, the card over a block and the
 * block's own title: "Make heading" / "making this a heading".
 */

/**
 * What a retype does, as the panel names it: "Make heading", "Make heading 3" (a heading's new
 * level), "Make paragraph".
 *
 * @example
 * retypeWords({ type: "heading", attrs: { level: 2 } }, { type: "paragraph", attrs: {} }) // "Make heading"
 */
export function retypeWords(to: BlockType | null | undefined, from: BlockType | null | undefined): string {
  if (!to) return "Change the block";
  if (to.type === "paragraph") return "Make paragraph";
  return from?.type === "heading" ? `Make heading ${to.attrs.level}` : "Make heading";
}

/**
 * What a retype does, after "… suggests": "making this a heading", "making this heading level 3",
 * "making this a paragraph".
 *
 * @example
 * retypeSuggests({ type: "paragraph", attrs: {} }, { type: "heading", attrs: { level: 2 } }) // "making this a paragraph"
 */
export function retypeSuggests(to: BlockType | null | undefined, from: BlockType | null | undefined): string {
  if (!to) return "changing this block";
  if (to.type === "paragraph") return "making this a paragraph";
  return from?.type === "heading" ? `making this heading level ${to.attrs.level}` : "making this a heading";
}
