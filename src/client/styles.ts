/* The edit UI's styles, injected once; class names are prefixed so a site's CSS cannot collide. */
const CSS = `
.cms-bar{position:fixed;inset:auto 1rem 1rem auto;z-index:2147483000;display:flex;align-items:center;gap:.5rem;padding:.4rem .5rem;background:#1d232b;color:#fff;border-radius:.6rem;font:14px/1.3 system-ui,sans-serif;box-shadow:0 4px 18px #0004}
.cms-bar button{display:inline-flex;align-items:center;gap:.3rem;font:inherit;color:inherit;background:#333c48;border:0;border-radius:.4rem;padding:.35rem .6rem;cursor:pointer}
.cms-bar button:focus-visible,.cms-dialog button:focus-visible{outline:2px solid #8cb4ff;outline-offset:2px}
.cms-bar [role=status]{min-width:7rem}
.cms-extra{display:flex;align-items:center;gap:.5rem}
.cms-bar .cms-more,.cms-row-end,.cms-bar [hidden]{display:none}
.cms-bar-spacer{height:4.5rem}
.cms-count{min-width:1.2rem;padding:0 .3rem;border-radius:.6rem;background:#d92d20;color:#fff;font-size:12px;font-weight:600;line-height:1.2rem;text-align:center}
.cms-count::after{content:attr(data-count)}
.cms-count[hidden]{display:none}
.cms-bar button:disabled{opacity:.5;cursor:default}
.cms-dialog button{margin:.3rem .3rem 0 0}
.cms-dialog fieldset{margin:.5rem 0;border:1px solid #8a94a6;border-radius:.4rem}
.cms-people{display:flex;list-style:none;margin:0;padding:0}
.cms-people li{width:1.6rem;height:1.6rem;border-radius:50%;display:grid;place-items:center;font-size:11px;font-weight:600;margin-left:-.3rem;border:2px solid #1d232b}
[data-cms-placeholder]:empty::before{content:attr(data-cms-placeholder);color:#5b6472;font-style:italic;font-weight:400;pointer-events:none}
[data-cms-required][data-cms-placeholder]:empty::before{content:attr(data-cms-placeholder) " (required)"}
[data-cms-required]:empty{outline-color:#b42318}
[data-cms-field][contenteditable]:focus{outline:2px solid #3b82f6;outline-offset:2px}
.cms-rich .ProseMirror{outline:none;white-space:pre-wrap;word-wrap:break-word}
.cms-rich .ProseMirror-focused{outline:2px solid #3b82f6;outline-offset:2px}
.cms-toolbar{display:flex;gap:.25rem;margin-bottom:.25rem}
.cms-toolbar button{display:inline-flex;padding:.2rem .35rem;border:1px solid #ccd;border-radius:.3rem;background:#fff;cursor:pointer}
.cms-toolbar button[aria-pressed=true]{background:#dde8ff}
.ProseMirror-yjs-cursor{position:relative;margin:0 -1px;border-left:2px solid;word-break:normal;pointer-events:none}
.ProseMirror-yjs-cursor>div{position:absolute;top:-1.1em;left:-1px;font-size:11px;padding:0 .2em;white-space:nowrap;border-radius:.2em}
.cms-dialog{box-sizing:border-box;border:0;border-radius:.6rem;padding:1rem;max-width:min(32rem,calc(100vw - 1rem));max-height:calc(100vh - 1rem);overflow:auto;overflow-wrap:anywhere;box-shadow:0 8px 30px #0005;font:14px/1.4 system-ui,sans-serif}
.cms-dialog ul{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(6rem,1fr));gap:.5rem;max-height:18rem;overflow:auto}
.cms-dialog li button{border:1px solid #ccd;background:#fff;padding:0;cursor:pointer;width:100%}
.cms-menu-list{padding-left:1.2rem;display:grid;gap:.3rem}
.cms-menu-list li{display:flex;flex-wrap:wrap;align-items:center;gap:.3rem}
.cms-menu-list input{flex:1 1 10rem;min-height:44px}
.cms-dialog .cms-menu-list li button{width:auto;min-width:44px;min-height:44px;margin:0;padding:0 .6rem;border:1px solid #8a94a6;border-radius:.3rem;background:#fff;color:#1d232b;font:inherit}
.cms-dialog .cms-menu-list li button:disabled{opacity:.5;cursor:default}
.cms-dialog img{display:block;width:100%;height:5rem;object-fit:cover}
.cms-value-field{display:inline-flex;flex-wrap:wrap;align-items:center;gap:.4rem}
.cms-value-control{font:inherit;padding:.15rem .35rem;border:1px solid #8a94a6;border-radius:.3rem;background:#fff;color:#1d232b}
.cms-value-control[aria-invalid=true]{border-color:#b42318}
.cms-switch{min-width:3.2rem;cursor:pointer}
.cms-switch[aria-checked=true]{background:#1f6feb;color:#fff;border-color:#1f6feb}
.cms-value-problem{color:#b42318;font-size:.9em}
.cms-dialog input,.cms-dialog select,.cms-dialog textarea{max-width:100%;box-sizing:border-box}
.cms-dialog fieldset{min-width:0}
@media (max-width:40rem){
.cms-bar{inset:auto .5rem .5rem .5rem;flex-wrap:wrap;justify-content:flex-end;gap:.4rem}
.cms-bar [role=status]{flex:1 1 0;min-width:0}
.cms-row-end{display:block;flex-basis:100%;height:0}
.cms-bar button,.cms-toolbar button,.cms-dialog button{min-width:44px;min-height:44px;justify-content:center;align-items:center}
.cms-dialog input,.cms-dialog select{min-height:44px}
.cms-bar>button .cms-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.cms-bar-spacer{height:8rem}
}
.cms-bar.cms-folded .cms-more{display:inline-flex}
.cms-compact .cms-extra .cms-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.cms-folded .cms-extra{display:none;position:absolute;right:0;bottom:100%;margin-bottom:.4rem;flex-direction:column;align-items:stretch;min-width:12rem;max-width:calc(100vw - 1rem);max-height:calc(100dvh - 100% - 2rem);overflow:auto;padding:.4rem;background:#1d232b;border-radius:.6rem;box-shadow:0 4px 18px #0004}
.cms-folded .cms-more[aria-expanded=true]+.cms-extra{display:flex}
.cms-folded .cms-extra button{justify-content:flex-start}
`;

/**
 * Adds the edit UI's stylesheet to the document once; returns a function that removes it.
 *
 * @example
 * const removeStyles = injectStyles(document);
 */
export function injectStyles(doc: Document): () => void {
  const existing = doc.getElementById("cms-client-styles");
  if (existing) return () => undefined;
  const style = doc.createElement("style");
  style.id = "cms-client-styles";
  style.textContent = CSS;
  doc.head.append(style);
  return () => style.remove();
}
