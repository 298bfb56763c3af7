import type { Table } from "drizzle-orm";
import { parseShareLinkInput, shareLinkKey, shareLinkStore, type ShareLink } from "../cores/share";
import { HttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { EditorSession, ResolveEditor } from "../shared/session";
import { readJsonObject } from "./body";
import { guardEditor } from "./guard";
import { json, noContent } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, parseId, withErrorEdge } from "./run-editor-route";

export interface ShareLinksRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  /** The `share_links` table (`src/tables/share-links.ts`). */
  table: Table;
  resolveEditor: ResolveEditor<Env>;
  /** Collections whose drafts the site shows at `viewPath`, so a link to them opens; the first is the default of a create. */
  collections: readonly string[];
  /** Whether a record exists: a link to nothing is refused with 404, and a link whose record was deleted is no longer listed. */
  exists: (env: Env, record: { collection: string; id: number }) => Promise<boolean>;
  /**
   * The scope rule on the record a link would share (`assertStoredRecordAccess`): a scoped
   * account may share only what it may touch. Without it every record passes.
   */
  assertAccess?: (env: Env, session: EditorSession, record: { collection: string; id: number }) => Promise<void>;
  /** Where the site shows a shared draft: a link is `<origin><viewPath>/<token>`. Default `/share`. */
  viewPath?: string;
  /** Mount point; default `/api/cms/share-links`. */
  basePath?: string;
  /** Unix seconds; injectable for tests. */
  now?: () => number;
}

const LINK_ID = /^[0-9a-f]{32}$/;

/**
 * Share links of drafts, for publishers only (the publish privilege: a link shows unpublished
 * content to people without an account):
 * `GET <basePath>[?collection=<slug>&id=<id>]` lists the open links of records that still exist
 * (`{ items }`, newest first),
 * `POST <basePath>` with `{ collection?, id, expiresInSeconds? }` makes one (201, with its `url`),
 * `DELETE <basePath>?id=<link id>` revokes one (204). Mutations are same-origin checked.
 *
 * @example
 * const route = shareLinksRoute({ table: shareLinks, resolveEditor, collections: ["pages"], exists });
 */
export function shareLinksRoute<Env extends EditorRouteEnv & { CMS_SESSION_SECRET?: string }>(config: ShareLinksRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/share-links";
  const viewPath = config.viewPath ?? "/share";
  const now = config.now ?? (() => Math.floor(Date.now() / 1000));
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (!matchPath(basePath, url.pathname)) return undefined;
    assertMethod(request, ["GET", "POST", "DELETE"]);
    const session = await guardEditor(request, env, config.resolveEditor, { publish: true });
    const links = shareLinkStore(env.DB, config.table, await shareLinkKey(env.CMS_SESSION_SECRET));
    const withUrl = (link: ShareLink) => ({ ...link, url: `${url.origin}${viewPath}/${link.token}` });
    if (request.method === "GET") {
      const collection = url.searchParams.get("collection");
      const id = url.searchParams.get("id");
      const record = id === null ? undefined : { collection: knownCollection(collection ?? config.collections[0], config.collections), recordId: parseId(id) };
      return json({ items: (await stillShared(env, await links.listOpen(now(), record), config.exists)).map(withUrl) });
    }
    if (request.method === "DELETE") {
      const id = url.searchParams.get("id") ?? "";
      if (!LINK_ID.test(id)) throw new HttpError(400, "id must be a share link's id (32 hex characters)", { code: "invalid_input" });
      await links.revoke(id, now());
      return noContent();
    }
    const input = parseShareLinkInput(await readJsonObject(request), config.collections[0] ?? "");
    knownCollection(input.collection, config.collections);
    if (!(await config.exists(env, { collection: input.collection, id: input.recordId }))) {
      throw new HttpError(404, `${input.collection} ${input.recordId} not found`, { code: "not_found" });
    }
    if (config.assertAccess) await config.assertAccess(env, session, { collection: input.collection, id: input.recordId });
    const link = await links.create({ ...input, createdBy: session.id }, now());
    return json(withUrl(link), { status: 201 });
  });
}

/**
 * The links whose record still exists: a deleted record's links open nothing, so they are not
 * listed as open (one existence check per record, however many links it has).
 */
async function stillShared<Env>(env: Env, links: ShareLink[], exists: ShareLinksRouteConfig<Env & EditorRouteEnv>["exists"]): Promise<ShareLink[]> {
  const records = new Map<string, Promise<boolean>>();
  const alive = await Promise.all(
    links.map((link) => {
      const key = `${link.collection}:${link.recordId}`;
      if (!records.has(key)) records.set(key, exists(env as Env & EditorRouteEnv, { collection: link.collection, id: link.recordId }));
      return records.get(key)!;
    }),
  );
  return links.filter((_, i) => alive[i]);
}

function knownCollection(collection: string | null | undefined, collections: readonly string[]): string {
  if (!collection || !collections.includes(collection)) {
    throw new HttpError(400, `collection must be one of ${collections.join(", ")} (a collection whose drafts the site shows)`, { code: "invalid_input" });
  }
  return collection;
}
