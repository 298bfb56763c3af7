export { applyTextDiff } from "../merge/merge-text";
export { fragmentToRichDoc } from "./fragment-to-rich-doc";
export { htmlToRichDoc } from "./html-to-rich-doc";
export { richDocToHtml } from "./rich-doc-to-html";
export { fragmentToHtml, writeHtmlToFragment } from "./yjs-bridge";
