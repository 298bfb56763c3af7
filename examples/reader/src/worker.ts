import type { EditorSession } from "cms-toolkit";
import type { CmsServiceApi } from "cms-toolkit/workers";
import type { collections } from "../../site/src/worker";

interface Env {
  CMS: CmsServiceApi<typeof collections>;
}

/* This Worker vouches for its callers: it reads as a fixed, publish-less editor identity. */
const READER: EditorSession = { id: "reader", email: "reader@example.test", name: "Reader", roles: ["editor"], access: { publish: false } };

export default {
  async fetch(request, env) {
    const id = Number(new URL(request.url).searchParams.get("post"));
    const read = await env.CMS.readPage(READER, "posts", id);
    return Response.json(read.ok ? { title: read.value.document.title } : { error: read.error }, { status: read.ok ? 200 : read.status });
  },
} satisfies ExportedHandler<Env>;
