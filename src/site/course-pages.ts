import { mediaMetaByUrl, resolveImageAlt, type MediaMeta } from "../cores/media";
import { findRowBy } from "../cores/pages/page-store";
import { tableMeta } from "../cores/table-meta";
import type { EditorSession } from "../shared/session";
import { siteCms } from "./cms";
import type { SiteEnv } from "./env";
import { courses } from "./courses";
import { renderCourseContent } from "./render/course-html";
import { html, layout } from "./render/layout";
import { createNonce } from "./security-headers";

const PATH = /^\/courses\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const coursesMeta = tableMeta(courses);

/**
 * Serves `/courses/<slug>` through `cms.view`: a visitor gets the published course, an editor edit
 * mode with every typed field marked for its inline editor.
 *
 * @example
 * const response = await coursePages({ editorTail })(request, env);
 */
export function coursePages(options: { editorTail: (id: number, editor: EditorSession, nonce: string) => string }) {
  return async (request: Request, env: SiteEnv): Promise<Response | undefined> => {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const match = PATH.exec(new URL(request.url).pathname);
    if (!match) return undefined;
    const row = await findRowBy(env.DB, coursesMeta, "slug", match[1]!);
    const view = row ? await siteCms.view(request, env, "courses", row.id as number) : null;
    if (!row || !view) return html(layout({ title: "Not found" }, "<main><h1>Not found</h1></main>"), { request, status: 404 });
    const id = row.id as number;
    const nonce = view.editor ? createNonce() : undefined;
    // An image without its own alt falls back to the asset's alt from the media registry.
    const image = view.document.image as { src?: unknown } | null | undefined;
    const assets = typeof image?.src === "string" ? await mediaMetaByUrl(env.DB, "media", env.MEDIA_URL, [image.src]) : new Map<string, MediaMeta>();
    const content = renderCourseContent(view.document, {
      mark: view.editor ? (field) => siteCms.marker("courses", id, field) : null,
      altFor: (picture) => resolveImageAlt(picture, assets),
    });
    const tail = view.editor && nonce ? options.editorTail(id, view.editor, nonce) : undefined;
    const response = html(layout({ title: String(view.document.title ?? ""), editor: view.editor, tail, nonce }, content), {
      request,
      nonce,
      mediaUrl: env.MEDIA_URL,
      editMode: Boolean(view.editor),
    });
    if (view.setCookie) response.headers.append("set-cookie", view.setCookie);
    return response;
  };
}
