import { directDraftWriter, listRecordOverview, type DraftDeps, type DraftWriterFor, type RecordOverview, type ScheduledPublish } from "../cores/drafts";
import { translationsOfSources, type ListedTranslation } from "../cores/translations/translations";
import { localePath } from "../shared/locale-path";
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
  /** A translated collection: list its sources only (each page once, in the default locale), each with its translations. */
  sourcesOnly?: boolean;
  /** The site's languages: a translated collection's sources list their translations in its order of locales, each with its address. */
  languages?: { locales: readonly string[]; defaultLocale: string };
}

/**
 * One entry of the page list: a record's overview and its scheduled publish, if any; in a
 * translated collection, each declared locale but the default one: its translation (locale, id,
 * live slug and its address, published, up to date or outdated), or `missing` (`id`, `slug` and
 * `path` `null`) where it has none yet.
 */
export type PageListEntry = RecordOverview & { scheduled: ScheduledPublish | null; translations?: (ListedTranslation & { path: string | null })[] };

/**
 * `GET {basePath}/list`: every record of a drafts collection for the editor's page list, paged
 * (`limit`, `cursor`; `{ items, next }`), each with its live and drafted `slug` and `title`,
 * whether visitors see it (`published`), whether a draft is pending, and its scheduled publish;
 * a translated collection lists its sources, each with its `translations` (every other locale, a missing one too). Editors only. Mount before `pagesRoute` (its `/:id` would claim the path).
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
    const languages = config.sourcesOnly ? config.languages : undefined;
    const translations = languages ? await translationsOfSources(env.DB, config.deps, list.items.map((item) => item.id), languages.locales) : null;
    // Every locale a translation could be in, in the declared order: the missing ones too, as the Language panel lists them.
    const addressed = (sourceId: number) =>
      (languages?.locales ?? [])
        .filter((locale) => locale !== languages?.defaultLocale)
        .map((locale) => {
          const entry = translations?.get(sourceId)?.find((found) => found.locale === locale);
          if (!entry) return { locale, id: null, slug: null, path: null, published: false, status: "missing" as const };
          return { ...entry, path: languages && entry.slug !== null ? localePath(languages, entry.locale, entry.slug) : null };
        });
    // Only a pending draft can be scheduled: the others need no word with their room.
    const items: PageListEntry[] = await Promise.all(
      list.items.map(async (item) => ({
        ...item,
        scheduled: item.pending ? await writer.scheduledPublish(item.id) : null,
        ...(translations ? { translations: addressed(item.id) } : {}),
      })),
    );
    return json({ items, next: list.next });
  });
}
