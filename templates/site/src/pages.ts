import { editorScriptTag, type EditorSession } from "cms-toolkit";

/*
 * The site's HTML. Titles are plain text and escaped here; a page's body is rich HTML the toolkit
 * sanitized when it was saved, so it is written as is.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escape = (value: unknown) => String(value ?? "").replace(/[&<>"]/g, (char) => ESCAPES[char] ?? char);

const STYLE = `body{font:18px/1.6 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#222}
form{display:grid;gap:.75rem;max-width:20rem}input,button{font:inherit;padding:.4rem .6rem}
.error{color:#a00}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** An HTML response that is never cached (an editor and a visitor see different pages). */
export function htmlResponse(html: string, status = 200): Response {
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** One page: edit mode (markers and the editing client) for an editor, the published page for a visitor. */
export function pageView(options: {
  id: number;
  document: Record<string, unknown>;
  editor: EditorSession | null;
  mark: (field: "title" | "body", type?: "richtext") => string;
}): string {
  const { id, document, editor, mark } = options;
  const client = editor ? editorScriptTag({ id, canPublish: editor.access.publish }) : "";
  return layout(String(document.title ?? ""), `<main><h1${mark("title")}>${escape(document.title)}</h1>
<article${mark("body", "richtext")}>${String(document.body ?? "")}</article></main>${client}`);
}

/** What a typed field's marker needs: its address and declaration, and the stored value the editor starts from. */
export type ProductMark = (field: "name" | "slug" | "price" | "category" | "available" | "image") => string;

/**
 * One product: each typed field shown as a visitor reads it and, for an editor, marked for the
 * editor its type asks for (a number with its unit, a select, a date picker, a slug, the image
 * controls on an empty slot until it has a picture).
 */
export function productView(options: { id: number; document: Record<string, unknown>; editor: EditorSession | null; mark: ProductMark }): string {
  const { id, document, editor, mark } = options;
  const client = editor ? editorScriptTag({ id, canPublish: editor.access.publish }) : "";
  const image = document.image as { src?: unknown; alt?: unknown } | null;
  const picture = typeof image?.src === "string" ? `<img src="${escape(image.src)}" alt="${escape(image.alt)}"${mark("image")}>` : `<div${mark("image")}></div>`;
  return layout(String(document.name ?? ""), `<main><h1${mark("name")}>${escape(document.name)}</h1>
<p>Price: <span${mark("price")}>${escape(document.price)}</span> EUR · Category: <span${mark("category")}>${escape(document.category)}</span>
· Available from <time${mark("available")}>${escape(document.available)}</time></p>
${editor ? `<p>Address: /products/<span${mark("slug")}>${escape(document.slug)}</span></p>` : ""}${picture}</main>${client}`);
}

/** The sign-in form; the toolkit's session route sends a failed attempt back here with `?error=…`. */
export function loginPage(error: string | null): string {
  const message =
    error === "rate_limited"
      ? "Too many attempts: wait a minute and try again."
      : error === "no_editors"
        ? "This site has no editor account yet. Add the first: npx cms-toolkit add-editor --email you@example.com --name You --role publisher --remote"
        : error
          ? "Wrong email or password."
          : "";
  return layout("Sign in", `<main><h1>Sign in</h1>${message ? `<p class="error" role="alert">${message}</p>` : ""}
<form method="post" action="/api/cms/session">
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<input type="hidden" name="next" value="/">
<button>Sign in</button>
</form></main>`);
}

/** A page that does not exist, or is not published yet. */
export function missingPage(): string {
  return layout("Not found", `<main><h1>Not found</h1><p>This page does not exist or is not published yet.
Editors <a href="/login">sign in</a> to write and publish it.</p></main>`);
}
