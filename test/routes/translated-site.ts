import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { currentAccess, isSessionLive } from "../../src/auth/resolve-editor";
import { cmsRoutes } from "../../src/cms/cms-routes";
import { createCmsService } from "../../src/cms/cms-service";
import { draftWriterFor } from "../../src/objects/room-client";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { pagesDeclaration } from "../../src/site/collections";
import { TEST_LIMITS } from "../objects/room-client";
import { asEditor, request } from "../helpers/http";

/*
 * The reference site's pages translated into German and Austrian German (`de-AT` falls back to
 * `de`, then `en`), with `slug` and `sections` shared, as createCms mounts them: REST, inline
 * save, the service binding, and the worker's room configured with the same declaration.
 */
export const SHARED = ["slug", "sections"] as const;
const translated = { ...pagesDeclaration, localized: { shared: [...SHARED] } };
const collections = { pages: translated };
export const cms = cmsRoutes<SiteEnv, typeof collections>({
  collections,
  locales: ["en", "de", "de-AT"],
  defaultLocale: "en",
  fallback: { "de-AT": ["de"] },
  auth: { resolveEditor: (req) => (req.headers.get("x-test-editor") ? { id: "ed-1", email: "ed@example.test", name: "Ed", roles: ["editor", "publisher"], access: { publish: true } } : null) },
});

// The worker's PageRoom is the one bound to PAGE_ROOM: it serves this declaration in this file's runtime.
siteCms.PageRoom.configure<SiteEnv>({
  collections: (bindings) => ({ pages: cms.registry.draftDeps("pages", bindings.MEDIA_URL)! }),
  limits: TEST_LIMITS,
  isSessionLive,
  publishAccess: currentAccess,
});

const Service = createCmsService<SiteEnv, typeof collections>({ registry: cms.registry, writer: draftWriterFor });
/** The service binding over this declaration, called as another Worker would. */
export const service = () => new Service(createExecutionContext(), env as SiteEnv);

let counter = 0;

/** A REST call as an editor (who also publishes). */
export const call = (method: string, path: string, body?: unknown) =>
  runEditorRoute(cms.route, request(method, path, { ...(body === undefined ? {} : { body }), headers: asEditor({ "x-test-editor": "publisher" }) }), env as SiteEnv);

/** A new English source page with one section. */
export async function source(fields: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
  const slug = `shared-${Date.now().toString(36)}-${++counter}`;
  const res = await call("POST", "/api/cms/pages", { slug, title: "Our services", body: "<p>We build sites.</p>", sections: [{ type: "hero", heading: "Big heading" }], ...fields });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, slug };
}

/** Source `id`'s translation into `locale`, made by a first write of `fields` (default a German title). */
export async function translate(id: number, locale = "de", fields: Record<string, unknown> = { title: "Unsere Leistungen" }): Promise<number> {
  const res = await call("PATCH", `/api/cms/pages/${id}?locale=${locale}`, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
