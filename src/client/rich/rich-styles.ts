/*
 * The rich-text editor's own styles, added when the rich chunk loads, so pages with plain fields
 * only never carry them. The toolbar sticks to the top of the window while its field scrolls past,
 * so Bold or Link are in reach at the end of a long text too; its notes float just under it.
 */
const CSS = `
.cms-rich-top{position:sticky;top:0;z-index:2147482000}
.cms-toolbar{flex-wrap:wrap;align-items:center;padding:.25rem;background:#fff;border-bottom:1px solid #ccd}
.cms-toolbar [hidden]{display:none}
.cms-toolbar [role=separator]{width:1px;align-self:stretch;background:#ccd;margin:0 .15rem}
.cms-rich-note{position:absolute;top:100%;left:0;right:0;margin:0;padding:.3rem .5rem;box-shadow:0 2px 6px #0002;border-left:3px solid #b45309;background:#fff7ed;color:#1d232b;font:14px/1.4 system-ui,sans-serif}
.cms-rich-note:empty{display:none}
.cms-rich img{max-width:100%;height:auto}
.cms-rich img.ProseMirror-selectednode{outline:3px solid #3b82f6}
.cms-rich figcaption.cms-caption-empty::before{content:"Caption";color:#5b6472;pointer-events:none;float:left;height:0}
.cms-toolbar select{font:inherit;padding:.2rem .35rem;border:1px solid #ccd;border-radius:.3rem;background:#fff}
@media (max-width:40rem){.cms-toolbar select{min-height:44px}}
.cms-link-popover{position:absolute;z-index:2147482500;display:flex;align-items:center;gap:.4rem;max-width:min(28rem,calc(100vw - 1rem));padding:.3rem .5rem;background:#fff;color:#1d232b;border:1px solid #b8c2d3;border-radius:.4rem;box-shadow:0 2px 10px #0003;font:14px/1.3 system-ui,sans-serif}
.cms-link-popover[hidden]{display:none}
.cms-link-popover a{color:#1f4fbf;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0}
.cms-link-popover button{font:inherit;color:#1d232b;background:#f4f5f8;border:1px solid #b8c2d3;border-radius:.3rem;padding:.2rem .45rem;cursor:pointer;white-space:nowrap}
@media (max-width:40rem){.cms-link-popover button{min-height:44px;min-width:44px}}
.cms-dialog label{display:grid;grid-template-columns:minmax(0,1fr);gap:.2rem;margin:.5rem 0}
.cms-dialog label.cms-check{display:flex;align-items:center;gap:.4rem}
.cms-dialog img{object-fit:contain}
.cms-dialog input,.cms-dialog select{font:inherit;padding:.3rem .4rem;border:1px solid #6b7280;border-radius:.3rem}
.cms-dialog [aria-invalid=true]{border-color:#b91c1c}
.cms-dialog .cms-error{color:#b91c1c}
`;

/**
 * Adds the rich-text styles to the document once.
 *
 * @example
 * injectRichStyles(document);
 */
export function injectRichStyles(doc: Document): void {
  if (doc.getElementById("cms-rich-styles")) return;
  const style = doc.createElement("style");
  style.id = "cms-rich-styles";
  style.textContent = CSS;
  doc.head.append(style);
}
