/*
 * The worker the Chromium tests run against: the real reference site (rooms, API, pages) with
 * test-only additions: a room whose commits wait 25 ms (see below), and Page-URL switches for the client (`?rest` turns live editing off, `?manual`
 * turns auto-save off), and a fault switch: `POST /__e2e/fail-saves?count=N` makes the next N
 * inline saves answer 500, so a test can watch a failed save being kept and retried. And
 * `/__e2e/shared-image.png`: a PNG any origin may read (CORS), the "other site's image" of the paste
 * tests when asked for under another host name of this server. `POST /__e2e/reset-contact-limit`
 * gives the contact form's shared budget back (off the edge every visitor counts as `unknown`), so a
 * test that spends it leaves the next one a form it can send. `POST /__e2e/hold-upgrades?room=<name>&count=N`
 * leaves the next N WebSocket upgrades to that room unanswered for two minutes (an upgrade lost on the way).
 *
 * Unlike the reference site, whose languages share no field, this site's pages share their title
 * across languages (`localized: { shared: ["title"] }`): a translation's title is its source's,
 * read-only there and pushed live into its room when the source's changes, so the browser tests
 * meet a real shared field (issue 37). Every other field is translated, as on the site.
 */
import { parseAccessScope } from "../../src/shared/access-scope";
import { resolveSiteEditor, tellSessionRooms } from "../../src/auth";
import { createDurableObjectLimiter } from "../../src/cores/rate-limit";
import { UNKNOWN_CLIENT } from "../../src/routes/client-address";
import type { SiteEnv } from "../../src/site/env";
import { editorOption, editorScript } from "../../src/site/render/editor-script";
import { editModeLanguages } from "../../src/site/edit-languages";
import { sitePages } from "../../src/site/site-pages";
import { createSiteCms, siteCollections } from "../../src/site/cms";
import { pagesDeclaration } from "../../src/site/collections";
import { siteWorker } from "../../src/site/site-worker";

/* The reference site's collections, its pages' title shared by their translations. */
const e2eCms = createSiteCms({ ...siteCollections, pages: { ...pagesDeclaration, localized: { shared: ["title"] } } });
const worker = siteWorker(e2eCms);

export const { CmsService, RateLimitObject } = e2eCms;

/*
 * The site's room with a wider window between an update's broadcast and its commit, so the
 * write-path chaos check's kills land in it (an acknowledgement still waits for the commit).
 */
export const PageRoom = e2eCms.PageRoom.withLimits({ commitDelayMs: 25 });

const FAIL_KEY = "e2e:fail-saves";
const HOLD_KEY = (room: string) => `e2e:hold-upgrades:${room}`;
/* Far longer than the browser client waits on a socket still connecting, and than any test waits on a held one. */
const HOLD_MS = 120_000;
/* A 2×1 PNG (the one test/e2e/png.mjs builds). */
const SHARED_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC";
const pages = sitePages({
  resolveEditor: resolveSiteEditor,
  languages: e2eCms.registry.languages,
  localized: e2eCms.registry.get("pages")?.localized ?? null,
  // Test switches in the page URL: `?rest` turns live editing off (REST saving on a versioned page),
  // `?manual` turns auto-save off, `?suggest` starts an editor without the publish right in Suggesting mode, `?inquiries-limit=<n>` pages the Inquiries panel n at a time.
  editorTail: (page, editor, nonce, visitorsRead) =>
    editorScript(
      page.id,
      editor.access,
      `${editorOption(editor)}, suggestByDefault: new URLSearchParams(location.search).has("suggest"), roomUrl: new URLSearchParams(location.search).has("rest") ? false : undefined, autoSave: new URLSearchParams(location.search).has("manual") ? false : undefined, inquiriesUrl: "/api/cms/inquiries?limit=" + (new URLSearchParams(location.search).get("inquiries-limit") || "20")`,
      nonce,
      page.slug,
      "pages",
      editModeLanguages(page, visitorsRead, e2eCms.registry),
    ),
});

export default {
  async fetch(request: Request, env: SiteEnv, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/__e2e/fail-saves" && request.method === "POST") {
      await env.KV.put(FAIL_KEY, String(Number(url.searchParams.get("count") ?? "1")));
      return new Response(null, { status: 204 });
    }
    // Sets an account's scope as an admin would (`?email=`, the scope as the JSON body), checked by
    // the same parser, and tells the rooms holding the account's connections, as the team route does.
    if (url.pathname === "/__e2e/scope" && request.method === "POST") {
      const scope = parseAccessScope(await request.json());
      const changed = await env.DB.prepare("UPDATE editors SET scopes = ?1 WHERE email = ?2 RETURNING id").bind(JSON.stringify(scope), url.searchParams.get("email")).first<{ id: number }>();
      if (changed) await tellSessionRooms(env, { editorId: String(changed.id) }, { ended: false });
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/__e2e/reset-contact-limit" && request.method === "POST") {
      await createDurableObjectLimiter({ namespace: env.RATE_LIMIT, prefix: "form-rl:contact:", limit: 1, windowSeconds: 1 }).reset(UNKNOWN_CLIENT);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/__e2e/shared-image.png") {
      const bytes = Uint8Array.from(atob(SHARED_PNG), (c) => c.charCodeAt(0));
      return new Response(bytes, { headers: { "content-type": "image/png", "access-control-allow-origin": "*" } });
    }
    if (url.pathname === "/__e2e/hold-upgrades" && request.method === "POST") {
      await env.KV.put(HOLD_KEY(url.searchParams.get("room") ?? ""), String(Number(url.searchParams.get("count") ?? "1")));
      return new Response(null, { status: 204 });
    }
    if (url.pathname.startsWith("/parties/") && request.headers.get("upgrade") === "websocket") {
      const key = HOLD_KEY(decodeURIComponent(url.pathname.split("/").pop() ?? ""));
      const left = Number((await env.KV.get(key)) ?? "0");
      if (left > 0) {
        await env.KV.put(key, String(left - 1));
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
        return new Response("held", { status: 503 });
      }
    }
    if (url.pathname === "/api/cms/save" && request.method === "POST") {
      const left = Number((await env.KV.get(FAIL_KEY)) ?? "0");
      if (left > 0) {
        await env.KV.put(FAIL_KEY, String(left - 1));
        return Response.json({ error: "injected failure" }, { status: 500 });
      }
    }
    if (!url.pathname.startsWith("/api/") && !url.pathname.startsWith("/parties/") && !url.pathname.startsWith("/media/")) {
      const page = await pages(request, env);
      if (page) return page;
    }
    return worker.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<SiteEnv>;
