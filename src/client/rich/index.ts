/* The rich-text chunk: loaded only when a page has a rich field, so plain-text pages stay small. */
export { RichText, mountRichText, documentHtml } from "./rich-text";
export type { RichTextOptions } from "./rich-text";
