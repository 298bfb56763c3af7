import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { base32Decode, totpCode, totpStep } from "../../src/auth/totp";
import { createCms } from "../../src/cms/create-cms";
import { siteCollections } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { EDGE_CF } from "../helpers/http";
import { newPage, withVersion } from "../objects/room-client";
import { ORIGIN, PASSWORD, cookiePair, insertEditor, signInRequest, uniqueIp } from "./helpers";
import { SITE_LANGUAGES } from "../../src/site/site-languages";

/*
 * A site that requires a second factor for admins: an admin without one is signed in, but every
 * editor entry point answers 403 `second_factor_required` until they turn it on; other roles are
 * unaffected.
 */
let clock = Date.UTC(2026, 1, 1);
const cms = createCms<SiteEnv, typeof siteCollections>({
  collections: siteCollections,
  ...SITE_LANGUAGES,
  auth: { signIn: { requireSecondFactor: ["admin"], now: () => clock } },
});

async function send(request: Request): Promise<Response> {
  const response = await cms.route(request, env as SiteEnv, createExecutionContext());
  if (!response) throw new Error(`no route answered ${request.method} ${request.url}`);
  return response;
}

function as(cookie: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: { cookie, origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": uniqueIp(), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    cf: EDGE_CF,
  });
}

async function signIn(role: "editor" | "publisher" | "admin"): Promise<string> {
  const account = await insertEditor({ role });
  const res = await send(signInRequest({ email: account.email, password: PASSWORD }));
  expect(res.status).toBe(204);
  return cookiePair(res);
}

async function editorEntryPoints(cookie: string, pageId: number): Promise<Response[]> {
  return [
    await send(as(cookie, "GET", "/api/cms/pages/list")),
    await send(as(cookie, "GET", `/api/cms/pages/${pageId}`)),
    await send(as(cookie, "PATCH", `/api/cms/pages/${pageId}`, { title: "Changed" })),
    await send(as(cookie, "POST", "/api/cms/save", { field: `pages:${pageId}:title`, value: "Changed" })),
    await send(as(cookie, "GET", withVersion(`/parties/page-room/pages:${pageId}`), undefined, { upgrade: "websocket" })),
  ];
}

describe("requireSecondFactor: [\"admin\"]", () => {
  it("signs an admin without TOTP in, refuses every editor entry point with 403 second_factor_required, and lets them in once they turn it on", async () => {
    const pageId = await newPage({ title: "Guarded" });
    const cookie = await signIn("admin");

    for (const res of await editorEntryPoints(cookie, pageId)) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "second_factor_required" });
    }
    const state = await send(as(cookie, "GET", "/api/cms/session/totp"));
    expect(await state.json()).toEqual({ enabled: false, required: true });

    const { secret } = await (await send(as(cookie, "POST", "/api/cms/session/totp"))).json<{ secret: string }>();
    const confirmed = await send(as(cookie, "PUT", "/api/cms/session/totp", { code: await totpCode(base32Decode(secret)!, totpStep(clock)) }));
    expect(confirmed.status).toBe(200);

    // The same session, on its next request.
    const list = await send(as(cookie, "GET", "/api/cms/pages/list"));
    expect(list.status).toBe(200);
    expect(await (await send(as(cookie, "GET", "/api/cms/session/totp"))).json()).toEqual({ enabled: true, required: true });
  });

  it("leaves editors and publishers without TOTP alone", async () => {
    const pageId = await newPage({ title: "Open" });
    for (const role of ["editor", "publisher"] as const) {
      const cookie = await signIn(role);
      const res = await send(as(cookie, "GET", "/api/cms/pages/list"));
      expect(res.status).toBe(200);
      expect((await send(as(cookie, "GET", `/api/cms/pages/${pageId}`))).status).toBe(200);
    }
  });

  it("requires it again at once when an admin turns it off", async () => {
    clock += 30_000;
    const cookie = await signIn("admin");
    const { secret } = await (await send(as(cookie, "POST", "/api/cms/session/totp"))).json<{ secret: string }>();
    const bytes = base32Decode(secret)!;
    await send(as(cookie, "PUT", "/api/cms/session/totp", { code: await totpCode(bytes, totpStep(clock)) }));
    expect((await send(as(cookie, "GET", "/api/cms/pages/list"))).status).toBe(200);
    clock += 30_000;
    expect((await send(as(cookie, "DELETE", "/api/cms/session/totp", { code: await totpCode(bytes, totpStep(clock)) }))).status).toBe(204);
    const res = await send(as(cookie, "GET", "/api/cms/pages/list"));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "second_factor_required" });
  });
});
