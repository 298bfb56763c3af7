import { sqliteTable, integer, text } from "drizzle-orm/sqlite-core";
import {
  composeRoutes, defineCollection, pagesRoute, roomRoute, versionsRoute, type EditorSession, type ResolveEditor,
} from "cms-toolkit";
import { draftWriter, PageRoom, PlatformRateLimitObject } from "cms-toolkit/workers";

interface Env {
  DB: D1Database;
  PAGE_ROOM: DurableObjectNamespace;
  EDITOR_TOKEN: string;
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
const postsCollection = defineCollection({
  slug: "posts",
  fields: { title: { type: "text", required: true }, body: { type: "richtext" } },
  versions: { drafts: true },
});

const resolveEditor: ResolveEditor<Env> = (request, env): EditorSession | null =>
  request.headers.get("authorization") === `Bearer ${env.EDITOR_TOKEN}`
    ? { id: "1", email: "a@example.com", name: "A", roles: ["editor", "publisher"], access: { publish: true } }
    : null;

const deps = { table: posts, versionsTable: postsVersions, config: postsCollection };
PageRoom.configure<Env>({ collections: () => ({ posts: deps }) });

const api = composeRoutes<Env>(
  roomRoute<Env>({ resolveEditor, collections: ["posts"] }),
  versionsRoute<Env>({ ...deps, resolveEditor, writer: (env) => draftWriter(env.PAGE_ROOM) }),
  pagesRoute<Env>({ table: posts, collection: postsCollection, resolveEditor }),
);

export { PageRoom, PlatformRateLimitObject };
export default {
  async fetch(request, env, ctx) {
    return (await api(request, env, ctx)) ?? new Response("not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
