import type { Node } from "prosemirror-model";
import * as Y from "yjs";
import { richSchema } from "../../shared/rich-schema";
import { planSequenceMerge } from "../../shared/writer-read";
import { fragmentToRichDoc } from "../rich-text/fragment-to-rich-doc";
import { htmlToRichDoc } from "../rich-text/html-to-rich-doc";
import { richDocToHtml } from "../rich-text/rich-doc-to-html";
import { writeHtmlToFragment } from "../rich-text/yjs-bridge";

/**
 * Three-way merge of a rich-text field, block by block: a writer read `baseHtml` and sent
 * `nextHtml`, while live editors changed the fragment. Top-level blocks (paragraphs, headings,
 * lists, quotes, figures) are compared by their canonical HTML; each block the writer added,
 * removed or rewrote is changed in the fragment where it now sits, so paragraphs live editors
 * added or edited elsewhere survive, marks and list structure included. A block both sides changed
 * keeps the live version (a conflict). Returns the number of conflicts.
 *
 * @example
 * // live editors added "<p>Live</p>" after the base "<p>Hello</p>"; a REST save rewrote Hello
 * mergeRichInto(fragment, "<p>Hello</p>", "<p>REST body</p>"); // "<p>REST body</p><p>Live</p>"
 */
export function mergeRichInto(fragment: Y.XmlFragment, baseHtml: string, nextHtml: string): number {
  const scratch = new Y.Doc();
  const nextFragment = scratch.getXmlFragment("next");
  writeHtmlToFragment(nextHtml, nextFragment);
  const nextBlocks = nextFragment.toArray().filter(isBlock);
  const baseKeys = blockKeys(htmlToRichDoc(baseHtml));
  const nextKeys = blockKeys(fragmentToRichDoc(nextFragment));
  const currentKeys = liveBlockKeys(fragment, scratch);
  const plan = planSequenceMerge(baseKeys, currentKeys, nextKeys);
  const apply = () => {
    for (const step of plan.steps) {
      if (step.remove > 0) fragment.delete(step.at, step.remove);
      const blocks = nextBlocks.slice(step.from, step.to).map((block) => block.clone());
      if (blocks.length > 0) fragment.insert(step.at, blocks);
    }
  };
  if (fragment.doc) fragment.doc.transact(apply);
  else apply();
  return plan.conflicts.length;
}

/** Canonical HTML of each top-level block; an empty document (one empty paragraph) has none. */
function blockKeys(doc: Node): string[] {
  const keys: string[] = [];
  doc.forEach((block) => keys.push(richDocToHtml(richSchema.nodes.doc.create(null, block))));
  return keys.length === 1 && keys[0] === "" ? [] : keys;
}

/** The same keys for the live fragment's children, read one by one from a copy (never edited). */
function liveBlockKeys(fragment: Y.XmlFragment, scratch: Y.Doc): string[] {
  const probe = scratch.getXmlFragment("probe");
  const keys = fragment.toArray().map((child) => {
    // A hook is nothing the schema knows: a key no other block has, so it is never matched.
    if (!isBlock(child)) return "\u0000hook";
    probe.insert(0, [child.clone()]);
    const doc = fragmentToRichDoc(probe);
    probe.delete(0, probe.length);
    return doc.childCount === 1 ? richDocToHtml(richSchema.nodes.doc.create(null, doc.firstChild)) : richDocToHtml(doc);
  });
  return keys.length === 1 && keys[0] === "" ? [] : keys;
}

function isBlock(node: Y.XmlElement | Y.XmlText | Y.XmlHook): node is Y.XmlElement | Y.XmlText {
  return !(node instanceof Y.XmlHook);
}
