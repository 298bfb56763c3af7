export { RICH_HTML_ATTRIBUTES, RICH_HTML_DROP_TAGS, RICH_HTML_TAG_ALIASES, RICH_HTML_TAGS, type RichHtmlTag } from "./allowlist";
export { MAX_RICH_HTML_DEPTH, sanitizeRichHtml, type SanitizeRichHtmlOptions } from "./sanitize-rich-html";
export { isMediaUrl, isSafeUrl, mediaKeyOf, type UrlKind } from "./url-safety";
