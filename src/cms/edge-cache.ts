import { SESSION_COOKIE_NAME } from "../auth/session-cookie";
import type { VisibleChange } from "../cores/drafts";
import { evaluatePreconditions } from "../routes/conditional-request";
import type { SettingsConfig } from "../cores/settings";
import { causeOf, logSinkOf, type LogSink } from "../shared/request-log";

/*
 * Visitors' pages from the edge: a published page is rendered once, kept in the Workers Cache API
 * (`caches.default`, per data center, free) under its path, and answered from there with a strong
 * ETag until a write that changes it purges it. Two kinds of purge: by address (`cache.delete` of
 * each path a publish moved, in the data center that ran the publish) and of everything, by moving
 * a generation number kept in KV that every stored answer is checked against (a menu or settings
 * change shows on every page, and a Cache API cannot be listed). See docs/recipes.md, "Caching for
 * visitors", for what that costs and means across regions.
 */

/** Defaults of {@link createEdgeCache}: seconds an answer is fresh, and served stale while re-rendered. */
export const EDGE_CACHE_DEFAULTS = { sMaxAge: 60, staleWhileRevalidate: 600, keyOrigin: "https://edge-cache.cms-toolkit.invalid" } as const;

/** The KV key of the site's edge generation: moving it purges every cached page at once. */
export const EDGE_GENERATION_KEY = "cms-toolkit:edge-generation";

/** Response header saying how the edge answered: `HIT`, `STALE` (re-rendering behind it), `MISS` or `BYPASS`. */
export const EDGE_STATUS_HEADER = "x-cms-cache";

/** Paths a change affects, or `"all"` (the whole site: the generation moves). */
export type EdgeAddresses = readonly string[] | "all";

/** What `createCms({ edgeCache })` takes: the site's registry of what depends on what, and where the generation lives. */
export interface EdgeCacheConfig<Env> {
  /**
   * The one registry of what a record's visible change affects: the paths visitors read it at
   * (its old address after a rename, listings that show it), or `"all"` when it shows on every
   * page (the menu). Called after every publish and unpublish, from every entry point.
   */
  affects(env: Env, collection: string, change: VisibleChange): Promise<EdgeAddresses>;
  /** The KV namespace holding {@link EDGE_GENERATION_KEY}. */
  generation(env: Env): KVNamespace;
  /** Seconds a cached page is fresh (`s-maxage`); default 60. */
  sMaxAge?: number;
  /** Seconds after that it is still served while a fresh copy renders (`stale-while-revalidate`); default 600. */
  staleWhileRevalidate?: number;
  /** The cache; default `caches.default`. Tests hand in a recording one. */
  cache?: (env: Env) => Cache;
  /** Whether a request is a visitor's (no editor session); default: no `cms_session` cookie and no `Authorization`. */
  isVisitor?: (request: Request) => boolean;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
  /** Where a failed purge is logged (the write it follows already stood). */
  log?: LogSink;
}

/** A site's edge cache: serve visitors' pages through it, and purge what a write changed. */
export interface EdgeCache<Env> {
  /**
   * Answers a visitor's GET or HEAD of a path without a query string from the cache, or renders it
   * (`render`) and keeps the answer when it may be shared: a 200, 301 or 308 without `Set-Cookie`
   * whose `Cache-Control` is neither `private` nor `no-store`. Anything else (an editor's request,
   * edit mode, previews, share links, a 404) passes through as rendered.
   */
  serve(request: Request, env: Env, ctx: ExecutionContext, render: () => Promise<Response | undefined>): Promise<Response | undefined>;
  /** Deletes the cached answers of `addresses` (paths) in this data center, or moves the generation (`"all"`). Never throws. */
  purge(env: Env, addresses: EdgeAddresses): Promise<void>;
  /** Purges what `config.affects` says record `change.id` of `collection` moved. Never throws. */
  purgeChange(env: Env, collection: string, change: VisibleChange): Promise<void>;
}

const GENERATION_HEADER = "x-cms-edge-generation";
const STORED_AT_HEADER = "x-cms-edge-stored";
const SHAREABLE_STATUS = new Set([200, 301, 308]);

/**
 * The edge cache of a site. `createCms({ edgeCache })` builds it and wires its purge into every
 * publish, unpublish, settings write and seed; the site serves its public pages through `serve`.
 *
 * @example
 * const edge = createEdgeCache({ affects: async () => "all", generation: (env) => env.KV });
 * return (await edge.serve(request, env, ctx, () => renderPage(request, env))) ?? notFound();
 */
export function createEdgeCache<Env>(config: EdgeCacheConfig<Env>): EdgeCache<Env> {
  const sMaxAge = config.sMaxAge ?? EDGE_CACHE_DEFAULTS.sMaxAge;
  const stale = config.staleWhileRevalidate ?? EDGE_CACHE_DEFAULTS.staleWhileRevalidate;
  const cacheOf = config.cache ?? (() => caches.default);
  const isVisitor = config.isVisitor ?? isVisitorRequest;
  const now = config.now ?? Date.now;
  const log = logSinkOf(config.log);
  const publicPolicy = `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${stale}`;
  const keyOf = (path: string) => `${EDGE_CACHE_DEFAULTS.keyOrigin}${path}`;
  const generationOf = async (env: Env) => (await config.generation(env).get(EDGE_GENERATION_KEY)) ?? "0";

  /* Renders and keeps a shareable answer; anything else goes back as rendered. */
  const renderAndKeep = async (env: Env, key: string, generation: string, render: () => Promise<Response | undefined>) => {
    const fresh = await render();
    if (!fresh || !isShareable(fresh)) return { fresh, stored: null };
    const stored = await storedCopy(fresh, generation, now(), sMaxAge + stale);
    await cacheOf(env).put(key, stored.clone());
    return { fresh, stored };
  };

  const purge = async (env: Env, addresses: EdgeAddresses) => {
    try {
      if (addresses === "all") {
        await config.generation(env).put(EDGE_GENERATION_KEY, `${now()}-${crypto.randomUUID()}`);
        return;
      }
      const cache = cacheOf(env);
      await Promise.all([...new Set(addresses)].map((path) => cache.delete(keyOf(path))));
    } catch (error) {
      // The write stood; until the entry ages out (s-maxage) visitors here may see the page before it.
      log({ level: "error", requestId: "", action: "edge.purge", cause: causeOf(error) });
    }
  };

  return {
    async serve(request, env, ctx, render) {
      const url = new URL(request.url);
      // A query string (a form's answer, a preview, tracking tags) is not one address a purge can name.
      if ((request.method !== "GET" && request.method !== "HEAD") || url.search !== "" || !isVisitor(request)) return render();
      const key = keyOf(url.pathname);
      const generation = await generationOf(env);
      const hit = await cacheOf(env).match(key);
      if (hit && hit.headers.get(GENERATION_HEADER) === generation) {
        const age = now() - Number(hit.headers.get(STORED_AT_HEADER));
        if (age < sMaxAge * 1000) return answer(request, hit, publicPolicy, "HIT");
        if (age < (sMaxAge + stale) * 1000) {
          const refresh = renderAndKeep(env, key, generation, render).then(async ({ fresh, stored }) => {
            // Nobody reads a refresh that was not kept: its body is let go.
            if (!stored) await fresh?.body?.cancel();
          });
          // A failed refresh leaves the stale copy; the next request after it ages out renders again.
          ctx.waitUntil(refresh.catch((error: unknown) => log({ level: "error", requestId: "", action: "edge.refresh", cause: causeOf(error) })));
          return answer(request, hit, publicPolicy, "STALE");
        }
      }
      const { fresh, stored } = await renderAndKeep(env, key, generation, render);
      if (!fresh) return undefined;
      if (!stored) {
        fresh.headers.set(EDGE_STATUS_HEADER, "BYPASS");
        return fresh;
      }
      return answer(request, stored, publicPolicy, "MISS");
    },
    purge,
    async purgeChange(env, collection, change) {
      let addresses: EdgeAddresses;
      try {
        addresses = await config.affects(env, collection, change);
      } catch (error) {
        // Not knowing what moved, purge everything: a stale page is worse than a cold cache.
        log({ level: "error", requestId: "", action: "edge.affects", cause: causeOf(error) });
        addresses = "all";
      }
      await purge(env, addresses);
    },
  };
}

/**
 * A visitor's request: no session cookie of the built-in sign-in and no `Authorization` header.
 * A site with its own sign-in passes its own `isVisitor`.
 *
 * @example
 * isVisitorRequest(new Request("https://site.test/about")) // true
 */
export function isVisitorRequest(request: Request): boolean {
  if (request.headers.has("authorization")) return false;
  const cookie = request.headers.get("cookie");
  return cookie === null || !cookie.split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE_NAME}=`));
}

/* Shareable: a page or a permanent redirect the renderer did not mark as one person's. */
function isShareable(response: Response): boolean {
  if (!SHAREABLE_STATUS.has(response.status) || response.headers.has("set-cookie")) return false;
  const policy = (response.headers.get("cache-control") ?? "").toLowerCase();
  return !/\b(private|no-store)\b/.test(policy);
}

/* The copy kept: the body read once, its strong ETag, when it was stored and under which generation. */
async function storedCopy(fresh: Response, generation: string, at: number, keepSeconds: number): Promise<Response> {
  const body = await fresh.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  const headers = new Headers(fresh.headers);
  headers.set("etag", `"${[...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`);
  headers.set(GENERATION_HEADER, generation);
  headers.set(STORED_AT_HEADER, String(at));
  // The Cache API keeps an entry for its own max-age: fresh plus stale time, then it is gone.
  headers.set("cache-control", `public, max-age=${keepSeconds}`);
  return new Response(fresh.status === 200 ? body : null, { status: fresh.status, headers });
}

/* What the visitor gets: the kept answer under the public policy, or 304 when their copy is current. */
function answer(request: Request, stored: Response, policy: string, status: string): Response {
  const headers = new Headers(stored.headers);
  headers.delete(GENERATION_HEADER);
  headers.delete(STORED_AT_HEADER);
  headers.set("cache-control", policy);
  headers.set(EDGE_STATUS_HEADER, status);
  const etag = headers.get("etag") ?? "";
  const precondition = evaluatePreconditions(request, { etag });
  if (precondition === "not_modified") {
    const kept = new Headers();
    for (const name of ["etag", "cache-control", "vary", EDGE_STATUS_HEADER]) {
      const value = headers.get(name);
      if (value !== null) kept.set(name, value);
    }
    return new Response(null, { status: 304, headers: kept });
  }
  if (precondition === "failed") return new Response(null, { status: 412, headers: { etag, "cache-control": policy } });
  return new Response(request.method === "HEAD" ? null : stored.body, { status: stored.status, headers });
}

/**
 * The settings config with the edge purge after each write: every page shows the settings (the
 * menu, the site name), so a change purges the whole site. One wrapper for the route and the service.
 *
 * @example
 * settingsRoute({ ...purgingSettings(config.settings, edge), resolveEditor });
 */
export function purgingSettings<Env, S extends SettingsConfig<Env>>(settings: S | undefined, edge: EdgeCache<Env> | null): S | undefined {
  if (!settings || !edge) return settings;
  const own = settings.changed;
  return {
    ...settings,
    changed: async (env: Env, keys: readonly string[]) => {
      await own?.(env, keys);
      await edge.purge(env, "all");
    },
  };
}
