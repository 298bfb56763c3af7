import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cmsCollection, type EditorSession } from "cms-toolkit";
import { resolveSiteEditor } from "cms-toolkit/auth";
import { media } from "cms-toolkit/schema";
import { createCms, PlatformRateLimitObject, type CmsServiceApi } from "cms-toolkit/workers";

interface Env {
  DB: D1Database;
  KV: KVNamespace;
  MEDIA: R2Bucket;
  MEDIA_URL: string;
  PAGE_ROOM: DurableObjectNamespace;
  CMS_SESSION_SECRET: string;
}

const posts = sqliteTable("posts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  body: text("body").notNull().default(""),
  publishedVersionId: integer("published_version_id"),
});
const postsVersions = sqliteTable("posts_versions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  parentId: integer("parent_id").notNull(),
  status: text("status").notNull().default("draft"),
  versionData: text("version_data", { mode: "json" }).notNull(),
});

const collections = {
  posts: cmsCollection(posts, {
    versionsTable: postsVersions,
    fields: { title: { type: "text", required: true }, body: { type: "richtext" } },
    drafts: true,
    inline: { title: "text", body: "richtext" },
  }),
};

export const typo = cmsCollection(posts, {
  // @ts-expect-error `titel` is not a column of posts: a typo does not compile against the shipped types
  fields: { titel: { type: "text" } },
});

const cms = createCms({ collections, media: { registry: media }, auth: { resolveEditor: (request: Request, env: Env) => resolveSiteEditor(request, env) } });

export const { PageRoom, CmsService } = cms;
export { PlatformRateLimitObject };
export type PostsService = CmsServiceApi<typeof collections>;

export async function rename(service: PostsService, session: EditorSession): Promise<boolean> {
  // @ts-expect-error `heading` is not a field of posts
  await service.saveDraft(session, "posts", 1, { heading: "x" });
  return (await service.saveDraft(session, "posts", 1, { title: "Renamed" })).ok;
}

export default {
  async fetch(request, env, ctx) {
    return (await cms.route(request, env, ctx)) ?? new Response("not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
