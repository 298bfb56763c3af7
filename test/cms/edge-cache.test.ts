import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createEdgeCache, EDGE_CACHE_DEFAULTS, EDGE_GENERATION_KEY, isVisitorRequest, type EdgeAddresses } from "../../src/cms/edge-cache";

/*
 * The edge cache on its own, over a recording cache (the Cache interface over a Map, listing every
 * put and delete) and the real KV: freshness and stale-while-revalidate by an injected clock, what
 * may be kept, and what a purge deletes.
 */
class RecordingCache implements Cache {
  readonly entries = new Map<string, Response>();
  readonly puts: string[] = [];
  readonly deletes: string[] = [];

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(urlOf(request))?.clone();
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.puts.push(urlOf(request));
    this.entries.set(urlOf(request), new Response(await response.arrayBuffer(), response));
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    this.deletes.push(urlOf(request));
    return this.entries.delete(urlOf(request));
  }
}

function urlOf(request: RequestInfo | URL): string {
  return typeof request === "string" ? request : request instanceof URL ? request.href : request.url;
}

const key = (path: string) => `${EDGE_CACHE_DEFAULTS.keyOrigin}${path}`;

function setup(affects: () => Promise<EdgeAddresses> = async () => []) {
  const cache = new RecordingCache();
  let clock = 1_000_000;
  let renders = 0;
  const edge = createEdgeCache<typeof env>({ affects, generation: (e) => e.KV, cache: () => cache, now: () => clock, sMaxAge: 10, staleWhileRevalidate: 100, log: () => {} });
  const render = (init: ResponseInit = {}) => async () => new Response(`render ${++renders}`, { headers: { "cache-control": "public, max-age=0, must-revalidate" }, ...init });
  const serve = async (path: string, make = render(), headers: Record<string, string> = {}) => {
    const ctx = createExecutionContext();
    const response = (await edge.serve(new Request(`https://site.test${path}`, { headers }), env, ctx, make))!;
    const text = await response.text();
    await waitOnExecutionContext(ctx);
    return { status: response.status, text, cache: response.headers.get("x-cms-cache"), etag: response.headers.get("etag") };
  };
  return { cache, edge, serve, render, tick: (seconds: number) => (clock += seconds * 1000) };
}

describe("createEdgeCache", () => {
  it("answers fresh copies, then a stale one while a fresh copy renders behind it, then renders again once both windows passed", async () => {
    const { serve, tick } = setup();
    expect(await serve("/fresh")).toMatchObject({ cache: "MISS", text: "render 1" });
    tick(9);
    expect(await serve("/fresh")).toMatchObject({ cache: "HIT", text: "render 1" });
    tick(2);
    expect(await serve("/fresh")).toMatchObject({ cache: "STALE", text: "render 1" });
    expect(await serve("/fresh")).toMatchObject({ cache: "HIT", text: "render 2" });
    tick(111);
    expect(await serve("/fresh")).toMatchObject({ cache: "MISS", text: "render 3" });
  });

  it("keeps only what may be shared: not a 404, a Set-Cookie or a private answer; a 308 is kept", async () => {
    const { cache, serve, render } = setup();
    expect((await serve("/missing", render({ status: 404 }))).cache).toBe("BYPASS");
    expect((await serve("/cookie", render({ headers: { "set-cookie": "a=b" } }))).cache).toBe("BYPASS");
    expect((await serve("/mine", render({ headers: { "cache-control": "private, no-store" } }))).cache).toBe("BYPASS");
    const moved = async () => new Response(null, { status: 308, headers: { location: "/new" } });
    expect(await serve("/old", moved)).toMatchObject({ status: 308, cache: "MISS" });
    expect(await serve("/old", moved)).toMatchObject({ status: 308, cache: "HIT" });
    expect(cache.puts).toEqual([key("/old")]);
  });

  it("answers 304 to a matching If-None-Match, fresh or kept", async () => {
    const { serve } = setup();
    const first = await serve("/tagged");
    expect(await serve("/tagged", undefined, { "if-none-match": first.etag! })).toMatchObject({ status: 304, text: "", cache: "HIT" });
    expect(await serve("/tagged", undefined, { "if-none-match": `W/${first.etag!}` })).toMatchObject({ status: 304 });
    expect(await serve("/tagged", undefined, { "if-none-match": '"other"' })).toMatchObject({ status: 200, text: "render 1" });
  });

  it("purges exactly the addresses named; \"all\" moves the generation, so every kept copy is a miss", async () => {
    const { cache, edge, serve } = setup();
    await serve("/a");
    await serve("/b");
    await edge.purge(env, ["/a", "/a", "/c"]);
    expect(cache.deletes).toEqual([key("/a"), key("/c")]);
    expect((await serve("/b")).cache).toBe("HIT");
    const before = await env.KV.get(EDGE_GENERATION_KEY);
    await edge.purge(env, "all");
    expect(await env.KV.get(EDGE_GENERATION_KEY)).not.toBe(before);
    expect((await serve("/b")).cache).toBe("MISS");
  });

  it("purges everything when the site's registry cannot say what a change moved", async () => {
    const { cache, edge } = setup(async () => {
      throw new Error("settings unreadable");
    });
    const before = await env.KV.get(EDGE_GENERATION_KEY);
    await edge.purgeChange(env, "pages", { id: 1, before: null, after: { slug: "x" } });
    expect(await env.KV.get(EDGE_GENERATION_KEY)).not.toBe(before);
    expect(cache.deletes).toEqual([]);
  });

  it("tells a visitor's request from an editor's", () => {
    expect(isVisitorRequest(new Request("https://site.test/"))).toBe(true);
    expect(isVisitorRequest(new Request("https://site.test/", { headers: { cookie: "theme=dark" } }))).toBe(true);
    expect(isVisitorRequest(new Request("https://site.test/", { headers: { cookie: "theme=dark; cms_session=abc" } }))).toBe(false);
    expect(isVisitorRequest(new Request("https://site.test/", { headers: { authorization: "Bearer x" } }))).toBe(false);
  });
});
