/**
 * The DOM event a section's "Comment on section" button dispatches (it bubbles): the comments
 * panel, when the page has one, opens a new thread on the section it came from.
 */
export const COMMENT_ENTRY_EVENT = "cms:comment-entry";
