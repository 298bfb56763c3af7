import { addStylesOnce } from "../style-once";
import { ACTIVE_HIGHLIGHT, PLAIN_HIGHLIGHT } from "./plain-highlight";

/* The comments' styles travel with their chunk: a margin beside the page, a sheet on a phone. */
const CSS = `
::highlight(${PLAIN_HIGHLIGHT}),.cms-comment-mark{background:#fde68a;color:inherit}
::highlight(${ACTIVE_HIGHLIGHT}),.cms-comment-mark.cms-comment-active{background:#f59e0b;color:#111}
body.cms-comments-open{margin-right:21rem}
.cms-comments{position:absolute;top:0;right:0;width:20rem;min-height:100%;box-sizing:border-box;padding:0 .5rem;background:#f6f7f9;border-left:1px solid #d0d5dd;z-index:2147482500;font:14px/1.4 system-ui,sans-serif;color:#1d232b;text-align:left}
.cms-comments[hidden]{display:none}
.cms-comments-head{position:sticky;top:0;z-index:2;display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;padding:.5rem 0;background:#f6f7f9}
.cms-comments-head h2{font-size:15px;margin:0;flex:1 1 auto}
.cms-comments-head label{display:inline-flex;align-items:center;gap:.3rem}
.cms-threads{position:relative}
.cms-thread{position:absolute;left:0;right:0;box-sizing:border-box;background:#fff;border:1px solid #d0d5dd;border-radius:.5rem;padding:.5rem .6rem;transition:transform .15s}
.cms-thread.cms-thread-active{border-color:#b45309;box-shadow:0 4px 14px #0003;transform:translateX(-.75rem);z-index:1}
.cms-thread:focus{outline:2px solid #3b82f6;outline-offset:1px}
.cms-thread p{margin:.2rem 0}
.cms-thread-quote{color:#4b5563;border-left:3px solid #f59e0b;padding-left:.4rem;font-style:italic;overflow-wrap:anywhere}
.cms-thread-gone{color:#b42318;font-style:italic}
.cms-thread-resolved{color:#166534}
.cms-comment{border-top:1px solid #eef0f3;padding:.3rem 0}
.cms-comment:first-of-type{border-top:0}
.cms-comment-meta time{color:#4b5563;font-size:12px}
.cms-comment-text{white-space:pre-wrap;overflow-wrap:anywhere}
.cms-comments button{font:inherit;font-size:13px;color:#1d232b;background:#fff;border:1px solid #8a94a6;border-radius:.3rem;padding:.2rem .5rem;margin:.2rem .3rem 0 0;cursor:pointer}
.cms-comments button:focus-visible{outline:2px solid #3b82f6;outline-offset:1px}
.cms-comments textarea{width:100%;box-sizing:border-box;font:inherit;border:1px solid #8a94a6;border-radius:.3rem;padding:.3rem}
.cms-mention-box{position:relative}
.cms-mention-list{position:absolute;left:0;right:0;top:100%;z-index:3;list-style:none;margin:0;padding:.2rem 0;background:#fff;border:1px solid #8a94a6;border-radius:.3rem;box-shadow:0 4px 12px #0002}
.cms-mention-list[hidden]{display:none}
.cms-mention-list.cms-mention-up{top:auto;bottom:100%}
.cms-mention-list li{padding:.25rem .5rem;cursor:pointer}
.cms-mention-list li[aria-selected=true]{background:#dbeafe}
.cms-thread-status:empty{display:none}
.cms-thread-status{color:#b42318}
.cms-comments-empty{color:#4b5563}
.cms-comment-float{position:absolute;z-index:2147482600;display:inline-flex;align-items:center;gap:.3rem;font:600 13px/1 system-ui,sans-serif;color:#fff;background:#1d232b;border:0;border-radius:.4rem;padding:.4rem .6rem;box-shadow:0 2px 10px #0004;cursor:pointer}
.cms-comment-float:focus-visible{outline:2px solid #8cb4ff;outline-offset:2px}
.cms-comment-float[hidden]{display:none}
@media (max-width:40rem){
body.cms-comments-open{margin-right:0}
.cms-comments{position:fixed;top:auto;left:0;right:0;bottom:0;width:auto;min-height:0;max-height:70vh;overflow:auto;border-left:0;border-top:1px solid #d0d5dd;border-radius:.8rem .8rem 0 0;box-shadow:0 -6px 24px #0003;z-index:2147483100;padding-bottom:1rem}
.cms-threads{display:grid;gap:.5rem}
.cms-thread{position:static;transform:none}
.cms-thread.cms-thread-active{transform:none}
.cms-comments button{min-width:44px;min-height:44px}
.cms-comment-float{min-height:44px}
}
`;

/**
 * Adds the comments' stylesheet once.
 *
 * @example
 * addCommentStyles(document);
 */
export function addCommentStyles(doc: Document): void {
  addStylesOnce(doc, "cms-comment-styles", CSS);
}
