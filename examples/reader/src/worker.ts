import type { CmsServiceApi } from "cms-toolkit/workers";
import type { collections } from "../../site/src/worker";

interface Env {
  CMS: CmsServiceApi<typeof collections>;
}

/*
 * A second site rendering the example site's posts. It needs no editor identity: the published
 * reads answer only what visitors of the site itself see (a pending draft never shows here).
 */
export default {
  async fetch(request, env) {
    const id = Number(new URL(request.url).searchParams.get("post"));
    const read = await env.CMS.readPublished("posts", id);
    return Response.json(read.ok ? { title: read.value.title } : { error: read.error }, { status: read.ok ? 200 : read.status });
  },
} satisfies ExportedHandler<Env>;
