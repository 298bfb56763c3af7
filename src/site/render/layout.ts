import type { EditorSession } from "../../shared/session";
import { pageCsp } from "../security-headers";
import { escapeHtml } from "./escape";

export interface LayoutOptions {
  title: string;
  /** Signed-in editor: adds the editing banner. */
  editor?: EditorSession | null;
  /** Extra markup for the end of `<body>` (edit mode only: the editor client). */
  tail?: string;
  /** The site's name from its settings, shown in the header. */
  siteName?: string;
  /** The site menu (from the `menu` setting); none, no links. */
  menu?: readonly { href: string; label: string }[];
  /** This response's script nonce (edit mode): the page's own script carries it, as CSP requires. */
  nonce?: string;
  /** Keeps search engines away (`<meta name="robots" content="noindex">`): shared drafts. */
  noindex?: boolean;
  /** The page's language for `<html lang>`; default `en`. */
  lang?: string;
  /** The page's published locales as `<link rel="alternate" hreflang>`, absolute addresses. */
  alternates?: readonly { hreflang: string; href: string }[];
}

/* Edit-mode styles ship only to editors, like everything else about editing. */
const EDIT_STYLE = `[data-cms-field] { outline: 1px dashed #9bb7e0; outline-offset: 2px; }
  img.image-slot:not([src]), div.image-slot:empty { display: block; width: 100%; height: 8rem; background: #f1f5fb; }`;

const STYLE = `
  :root { font-family: system-ui, sans-serif; color: #1d232b; line-height: 1.55; }
  body { margin: 0; }
  header.site, main, footer.site { max-width: 46rem; margin: 0 auto; padding: 1rem 1.25rem; }
  header.site nav a { margin-right: 1rem; }
  header.site .brand { font-weight: 700; margin: 0 0 .4rem; }
  .cms-editing { background: #fff7d6; border-bottom: 1px solid #e5d28a; padding: .5rem 1.25rem; font-size: .9rem; }
  .hero { padding: 2rem 0; } main img { max-width: 100%; height: auto; }
  figure { margin: 1rem 0; } figcaption { color: #4b5563; font-size: .9rem; margin-top: .3rem; }
  .features ul { list-style: none; padding: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
  form.stack { display: grid; gap: .6rem; max-width: 24rem; }
  .cta .button { display: inline-block; padding: .6rem 1.1rem; border-radius: .4rem; border: 2px solid #1d4ed8; color: #1d4ed8; text-decoration: none; font-weight: 600; }
  .cta-primary .button { background: #1d4ed8; color: #fff; }
`;

/**
 * The demo site's page shell.
 *
 * @example
 * layout({ title: "About", editor: session }, "<main>…</main>")
 */
export function layout(options: LayoutOptions, content: string): string {
  const banner = options.editor
    ? `<div class="cms-editing" role="status">Editing as ${escapeHtml(options.editor.name)} (${escapeHtml(options.editor.roles.join(", "))}) · <button type="button" data-cms-signout>Sign out</button></div>
<script nonce="${escapeHtml(options.nonce ?? "")}">document.querySelector("[data-cms-signout]").addEventListener("click",()=>fetch("/api/cms/session",{method:"DELETE"}).then(()=>location.assign("/")))</script>`
    : "";
  return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? "en")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>${options.noindex ? '\n<meta name="robots" content="noindex">' : ""}${(options.alternates ?? []).map((link) => `\n<link rel="alternate" hreflang="${escapeHtml(link.hreflang)}" href="${escapeHtml(link.href)}">`).join("")}
<style>${STYLE}${options.editor ? EDIT_STYLE : ""}</style>
</head>
<body${options.editor ? ' class="cms-edit-mode"' : ""}>
${banner}
<header class="site"><p class="brand">${escapeHtml(options.siteName || "cms-toolkit demo")}</p><nav aria-label="Site">${(options.menu ?? []).map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`).join("")}${options.editor ? "" : '<a href="/login">Sign in</a>'}</nav></header>
${content}
<footer class="site"><small>Built with cms-toolkit</small></footer>
${options.tail ?? ""}
</body>
</html>`;
}

/**
 * An HTML response with a content type, a no-store cache policy for edit mode, `Vary: Cookie`
 * (the same URL is edit mode or the visitor's page, by the session cookie), and the page's
 * Content-Security-Policy (`pageCsp`: no script at all unless a nonce is given).
 *
 * @example
 * return html(layout({ title }, body), { request, editMode: true, nonce });
 */
export function html(markup: string, options: { request: Request; status?: number; editMode?: boolean; nonce?: string; mediaUrl?: string }): Response {
  return new Response(markup, {
    status: options.status ?? 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": options.editMode ? "private, no-store" : "public, max-age=0, must-revalidate",
      // One URL answers a visitor's page or an editor's edit mode, told apart by the session cookie.
      vary: "Cookie",
      "content-security-policy": pageCsp(options.request, { ...(options.nonce ? { scriptNonce: options.nonce } : {}), ...(options.mediaUrl ? { mediaUrl: options.mediaUrl } : {}) }),
    },
  });
}
