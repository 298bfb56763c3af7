import { directDraftWriter, listRecordOverview, type DraftDeps, type DraftWriterFor, type RecordOverview, type ScheduledPublish } from "../cores/drafts";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { guardEditor } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { readPaging } from "./paging";
import { assertMethod, withErrorEdge } from "./run-editor-route";

/** The page list's bounds: a site's pages fit in a few requests. */
export const PAGE_LIST_BOUNDS = { defaultLimit: 100, maxLimit: 200 } as const;

export interface PageListRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The collection's draft deps (its tables and config are what the list reads). */
  deps: DraftDeps;
  /** Fields each entry shows, live and as drafted; default `["slug", "title"]` where declared. */
  fields?: readonly string[];
  resolveEditor: ResolveEditor<Env>;
  /** Who knows the scheduled publishes (the rooms); default none are scheduled. */
  writer?: DraftWriterFor<Env>;
  /** Mount point of the collection; the list is `{basePath}/list`. Default `/api/cms/pages`. */
  basePath?: string;
  /** A translated collection: list its sources only (each page once, in the default locale), until the list shows locales. */
  sourcesOnly?: boolean;
}

/** One entry of the page list: a record's overview and its scheduled publish, if any. */
export type PageListEntry = RecordOverview & { scheduled: ScheduledPublish | null };

/**
 * `GET {basePath}/list`: every record of a drafts collection for the editor's page list, paged
 * (`limit`, `cursor`; `{ items, next }`), each with its live and drafted `slug` and `title`,
 * whether visitors see it (`published`), whether a draft is pending, and its scheduled publish.
 * Editors only. Mount before `pagesRoute` (its `/:id` would claim the path).
 *
 * @example
 * const route = pageListRoute({ deps: { table: pages, versionsTable: pagesVersions, config }, resolveEditor });
 */
export function pageListRoute<Env extends EditorRouteEnv>(config: PageListRouteConfig<Env>): EditorRoute<Env> {
  const path = `${config.basePath ?? "/api/cms/pages"}/list`;
  const fields = config.fields ?? ["slug", "title"];
  return withErrorEdge<Env>(async (request, env) => {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    assertMethod(request, ["GET"]);
    await guardEditor(request, env, config.resolveEditor);
    const list = await listRecordOverview(env.DB, config.deps, fields, readPaging(new URL(request.url), PAGE_LIST_BOUNDS), { sourcesOnly: config.sourcesOnly === true });
    const writer = config.writer ? config.writer(env, config.deps.config.slug) : directDraftWriter(env, config.deps);
    // Only a pending draft can be scheduled: the others need no word with their room.
    const items: PageListEntry[] = await Promise.all(
      list.items.map(async (item) => ({ ...item, scheduled: item.pending ? await writer.scheduledPublish(item.id) : null })),
    );
    return json({ items, next: list.next });
  });
}
