import type { SiteEnv } from "./site/env";

export { PageRoom } from "./objects/PageRoom";

export default {
  async fetch(_request: Request, _env: SiteEnv, _ctx: ExecutionContext): Promise<Response> {
    return Response.json({ error: "not found" }, { status: 404 });
  },
} satisfies ExportedHandler<SiteEnv>;
