import { prosemirrorToYXmlFragment } from "y-prosemirror";
import type * as Y from "yjs";
import { draftRichDoc, openSuggestionOf, retypedFromOf } from "../../shared/suggestion-draft";
import { sanitizeRichHtml, type SanitizeRichHtmlOptions } from "../sanitize";
import { fragmentToRichDoc } from "./fragment-to-rich-doc";
import { htmlToRichDoc } from "./html-to-rich-doc";
import { richDocToHtml } from "./rich-doc-to-html";

/**
 * Makes a rich-text Yjs fragment hold `html` (sanitized on the way in). The fragment is updated
 * with y-prosemirror's own diffing writer, the one its editor binding uses, so unchanged leading
 * and trailing blocks are kept as they are and only what differs is rewritten: a REST save merged
 * into a live room disturbs as little of the editors' document as possible. Runs in one
 * transaction when the fragment belongs to a document. Needs no DOM.
 *
 * @example
 * const ydoc = new Y.Doc();
 * writeHtmlToFragment("<p>Hi <b>there</b></p>", ydoc.getXmlFragment("body"));
 */
export function writeHtmlToFragment(html: string, fragment: Y.XmlFragment): void {
  prosemirrorToYXmlFragment(htmlToRichDoc(html), fragment);
}

/**
 * The HTML a rich-text Yjs fragment holds, in the sanitizer's canonical form: the fragment is
 * read (without being changed, whatever a peer put in it) into a document of the shared schema,
 * written as HTML, and passed through `sanitizeRichHtml` as the last step, always. A document
 * that breaks the schema's content rules is normalized the way stored HTML would be. The empty
 * editor state (one empty paragraph) is `""`. Open suggestions are read as the draft holds them
 * (`draftRichDoc`: proposed text absent, text proposed for deletion present, a retyped block as it
 * was, no marks).
 *
 * @example
 * fragmentToHtml(ydoc.getXmlFragment("body")); // "<p>Hi <strong>there</strong></p>"
 * fragmentToHtml(ydoc.getXmlFragment("body"), { mediaBase: env.MEDIA_URL }); // strict media rule
 */
export function fragmentToHtml(fragment: Y.XmlFragment, options: SanitizeRichHtmlOptions = {}): string {
  const doc = draftRichDoc(fragmentToRichDoc(fragment), openSuggestionOf(fragment.doc), retypedFromOf(fragment.doc));
  let html = richDocToHtml(doc);
  if (!isValid(doc)) html = richDocToHtml(htmlToRichDoc(html));
  return sanitizeRichHtml(html, options);
}

function isValid(doc: ReturnType<typeof fragmentToRichDoc>): boolean {
  try {
    doc.check();
    return true;
  } catch {
    return false;
  }
}
