import type { Table } from "drizzle-orm";
import type { CollectionConfig } from "../cores/collection";
import { tableMeta } from "../cores/table-meta";
import { assertStoredRecordAccess } from "../cores/access";
import { discardTranslation, ensureTranslation, markUpToDate, sourceOf, translationId } from "../cores/translations/translations";
import { scopedTranslations } from "../cores/translations/scoped-translations";
import { readTranslated } from "../cores/translations/read-translated";
import { withSourceSharedHistory, type HistoryPage } from "../cores/translations/shared-history";
import { HttpError } from "../shared/errors";
import { unknownLocale, type Languages } from "../shared/locales";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { versionEtag } from "../shared/write-input";
import { guardEditor } from "./guard";
import { activityTarget } from "./activity-edge";
import { json } from "./json";
import { matchPath } from "./match-path";
import { withErrorEdge } from "./run-editor-route";

/** What {@link localeRoute} needs: the translated collection, the site's languages, and the routes it addresses. */
export interface LocaleRouteConfig<Env> {
  table: Table;
  versionsTable: Table;
  config: CollectionConfig;
  languages: Languages;
  /** The collection's shared fields (`localized.shared`): a translation's read takes them from its source. */
  shared: readonly string[];
  resolveEditor: ResolveEditor<Env>;
  basePath: string;
  /** The collection's record routes, which answer for the record a locale names. */
  records: EditorRoute<Env>;
}

/**
 * The locales of a translated collection's record routes: `GET {basePath}/:id/translations` (each
 * locale's status, as far as the account's scope reads: see `scopedTranslations`), `POST {basePath}/:id/translations/:locale/up-to-date`, and
 * `?locale=<code>` on `{basePath}/:id` and everything under it, which addresses the record's
 * translation into that locale (`:id` may be the source or any of its translations) and hands
 * the request on to `records` for it; on `{basePath}` it lists that locale's records. A `PATCH` or `POST …/versions` to a locale with no
 * translation yet makes it from the source's current draft first and answers 201 with its `id`.
 * A locale the site does not declare is 400 `unknown_locale`. Anything else goes to `records`.
 *
 * @example
 * const route = localeRoute({ table: pages, versionsTable: pagesVersions, config, languages, resolveEditor, basePath: "/api/cms/pages", records });
 */
export function localeRoute<Env extends EditorRouteEnv>(route: LocaleRouteConfig<Env>): EditorRoute<Env> {
  const meta = tableMeta(route.table);
  const deps = { table: route.table, versionsTable: route.versionsTable, config: route.config, localized: { shared: route.shared } };
  // A translation's record read shows its shared fields from the source and names the fields it
  // falls back for (`fallbacks`), never writing either into the translation; its history shows
  // each version with the source's shared fields too.
  const translatedAnswer = async (request: Request, env: Env, answer: Response | undefined): Promise<Response | undefined> => {
    if (!answer?.ok || request.method !== "GET") return answer;
    const pathname = new URL(request.url).pathname;
    const history = matchPath(`${route.basePath}/:id/versions`, pathname);
    if (history) {
      const page = (await answer.clone().json()) as HistoryPage;
      const shown = await withSourceSharedHistory(env.DB, deps, idOf(history.id), page);
      return shown === page ? answer : json(shown, { status: answer.status, headers: answer.headers });
    }
    if (!matchPath(`${route.basePath}/:id`, pathname)) return answer;
    const row = (await answer.clone().json()) as Record<string, unknown>;
    if (typeof row.sourceId !== "number") return answer;
    const read = await readTranslated(env.DB, deps, route.languages, row, "record");
    return json({ ...read.row, fallbacks: read.fallbacks }, { status: answer.status, headers: answer.headers });
  };
  const idOf = (raw: string | undefined) => {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(400, `invalid id ${JSON.stringify(raw)}`, { code: "invalid_id" });
    return id;
  };
  return withErrorEdge<Env>(async (request, env, ctx) => {
    const url = new URL(request.url);
    const listing = matchPath(`${route.basePath}/:id/translations`, url.pathname);
    if (listing && request.method === "GET") {
      const session = await guardEditor(request, env, route.resolveEditor);
      const id = idOf(listing.id);
      const listed = await scopedTranslations(env.DB, deps, session, id, route.languages.locales);
      if (!listed) throw new HttpError(404, `${route.config.slug} ${id} not found`, { code: "not_found" });
      return json(listed);
    }
    const marking = matchPath(`${route.basePath}/:id/translations/:locale/up-to-date`, url.pathname);
    if (marking && request.method === "POST") {
      const session = await guardEditor(request, env, route.resolveEditor);
      const id = idOf(marking.id);
      const wanted = marking.locale ?? "";
      if (!route.languages.locales.includes(wanted)) throw unknownLocale(wanted, route.languages);
      const family = await sourceOf(env.DB, meta, id);
      const target = family && (wanted === route.languages.defaultLocale ? null : await translationId(env.DB, meta, family.sourceId, wanted));
      if (!family || target === null) throw new HttpError(404, `${route.config.slug} ${id} has no ${wanted} translation`, { code: "not_found" });
      await assertStoredRecordAccess(env.DB, deps, session, target);
      return json({ id: target, locale: wanted, ...(await markUpToDate(env.DB, deps, target, activityTarget(request, route.config.slug))) });
    }
    const locale = url.searchParams.get("locale");
    if (locale !== null && url.pathname === route.basePath && !route.languages.locales.includes(locale)) throw unknownLocale(locale, route.languages);
    const record = url.pathname.startsWith(`${route.basePath}/`) ? /^([^/]+)(\/.*)?$/.exec(url.pathname.slice(route.basePath.length + 1)) : null;
    // The collection's own paths under it (`search`, `list`) take their `?locale=` themselves.
    if (locale === null || !record || !/^\d+$/.test(record[1] ?? "")) return translatedAnswer(request, env, await route.records(request, env, ctx));
    if (!route.languages.locales.includes(locale)) throw unknownLocale(locale, route.languages);
    const id = idOf(record[1]);
    const family = await sourceOf(env.DB, meta, id);
    if (!family) throw new HttpError(404, `${route.config.slug} ${id} not found`, { code: "not_found" });
    const rest = record[2] ?? "";
    const readdress = (target: number, headers: Headers = request.headers) => {
      const next = new URL(url);
      next.pathname = `${route.basePath}/${target}${rest}`;
      next.searchParams.delete("locale");
      return new Request(next.toString(), { method: request.method, headers, body: request.body });
    };
    const found = locale === route.languages.defaultLocale ? family.sourceId : await translationId(env.DB, meta, family.sourceId, locale);
    if (found !== null) {
      const readdressed = readdress(found);
      return translatedAnswer(readdressed, env, await route.records(readdressed, env, ctx));
    }

    const makes = request.method === "PATCH" ? rest === "" : request.method === "POST" && rest === "/versions";
    if (!makes) throw new HttpError(404, `${route.config.slug} ${family.sourceId} has no ${locale} translation yet`, { code: "not_found" });
    const session = await guardEditor(request, env, route.resolveEditor);
    const made = await ensureTranslation(env, deps, session, family.sourceId, locale);
    const headers = new Headers(request.headers);
    // The writer saw the source this translation was just copied from: the copy is the write's base.
    if (made.versionId !== null && !headers.has("if-match")) headers.set("if-match", versionEtag(made.versionId));
    // A refused write leaves nothing behind, not even the translation made for it.
    let answer: Response | undefined;
    try {
      answer = await route.records(readdress(made.id, headers), env, ctx);
    } catch (error) {
      if (made.created) await discardTranslation(env, deps, made);
      throw error;
    }
    if (answer && !answer.ok && made.created) await discardTranslation(env, deps, made);
    if (!answer || !answer.ok || !made.created) return answer;
    const body = (await answer.json()) as Record<string, unknown>;
    return json({ ...body, id: made.id, locale, sourceId: family.sourceId }, { status: 201, headers: answer.headers });
  });
}
