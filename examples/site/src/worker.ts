import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cmsCollection, cmsMarker, editorScriptTag, versionsTable, type CmsEnv } from "cms-toolkit";
import { createCms } from "cms-toolkit/workers";

const posts = sqliteTable("posts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  body: text("body").notNull().default(""),
  publishedVersionId: integer("published_version_id"),
});
export const collections = {
  posts: cmsCollection(posts, { versionsTable: versionsTable("posts"), drafts: true, inline: { title: "text", body: "richtext" },
    fields: { title: { type: "text", required: true, maxLength: 200 }, body: { type: "richtext" } } }),
};
const cms = createCms({ collections });
export const { PageRoom, RateLimitObject, CmsService } = cms;

const html = (body: string) => new Response(`<!doctype html><meta charset="utf-8"><title>Posts</title>${body}`, { headers: { "content-type": "text/html; charset=utf-8" } });
const escape = (text: unknown) => String(text).replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const LOGIN = `<form method="post" action="/api/cms/session"><input name="email" type="email"><input name="password" type="password"><input type="hidden" name="next" value="/posts/1"><button>Sign in</button></form>`;

export default {
  async fetch(request, env, ctx) {
    const handled = await cms.route(request, env, ctx);
    if (handled) return handled;
    const { pathname } = new URL(request.url);
    if (pathname === "/login") return html(LOGIN);
    const id = Number(/^\/posts\/(\d+)$/.exec(pathname)?.[1]);
    const view = await cms.view(request, env, "posts", id);
    if (!view) return new Response("Not found", { status: 404 });
    const mark = (field: string, type?: "richtext") => (view.editor ? cmsMarker("posts", id, field, type) : "");
    const tail = view.editor ? editorScriptTag({ id, canPublish: view.editor.access.publish }) : "";
    // The body is rich HTML the toolkit sanitized when it was saved; the title is plain text.
    const response = html(`<h1${mark("title")}>${escape(view.document.title)}</h1><article${mark("body", "richtext")}>${view.document.body}</article>${tail}`);
    if (view.setCookie) response.headers.append("set-cookie", view.setCookie);
    return response;
  },
} satisfies ExportedHandler<CmsEnv>;
