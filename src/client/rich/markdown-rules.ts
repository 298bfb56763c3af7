import { inputRules, textblockTypeInputRule, wrappingInputRule } from "prosemirror-inputrules";
import type { Plugin } from "prosemirror-state";
import { richSchema } from "../../shared/rich-schema";
import { nearestLevel, type HeadingLevels } from "./heading-levels";

const { nodes } = richSchema;

/**
 * The markdown shortcuts typed at the start of a paragraph: `## ` a heading (as many `#` as the
 * level, brought into the field's levels), `- ` or `* ` a bulleted list, `1. ` a numbered list,
 * `> ` a quote. Backspace right after one takes it back (`undoInputRule`).
 *
 * @example
 * EditorState.create({ schema: richSchema, plugins: [markdownShortcuts([2, 3, 4])] });
 */
export function markdownShortcuts(levels: HeadingLevels): Plugin {
  return inputRules({
    rules: [
      textblockTypeInputRule(/^(#{1,6})\s$/, nodes.heading!, (match) => ({ level: nearestLevel(match[1]!.length, levels) })),
      wrappingInputRule(/^\s*[-*]\s$/, nodes.bullet_list!),
      wrappingInputRule(/^\s*\d+[.)]\s$/, nodes.ordered_list!),
      wrappingInputRule(/^\s*>\s$/, nodes.blockquote!),
    ],
  });
}
