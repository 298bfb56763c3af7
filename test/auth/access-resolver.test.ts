import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createExecutionContext } from "cloudflare:test";
import { createAccessResolver } from "../../src/auth/access-resolver";
import { createCms } from "../../src/cms/create-cms";
import { siteCollections } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { toBase64Url } from "../../src/auth/base64";
import { insertEditor, uniqueEmail } from "./helpers";
import { SITE_LANGUAGES } from "../../src/site/site-languages";

/*
 * Cloudflare Access tokens signed by keys made here, served by a fake `fetch` that answers the
 * certs address in Access's documented form: `keys` (JWKs), `public_cert` and `public_certs`.
 */
const TEAM = "https://acme.cloudflareaccess.com";
const CERTS = `${TEAM}/cdn-cgi/access/certs`;
const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";

interface TestKey {
  kid: string;
  keys: CryptoKeyPair;
}

async function newKey(kid: string): Promise<TestKey> {
  const keys = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  return { kid, keys };
}

const encode = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

async function token(key: TestKey, claims: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
  const body = `${encode({ alg: "RS256", kid: key.kid, typ: "JWT", ...header })}.${encode(claims)}`;
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key.keys.privateKey, new TextEncoder().encode(body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
}

/** A certs endpoint serving `served` (changeable), counting its fetches. */
function certsServer(served: TestKey[], cacheControl = "max-age=600") {
  const server = {
    served,
    fetches: 0,
    fetch: (async (input: RequestInfo | URL) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url !== CERTS) return new Response("not found", { status: 404 });
      server.fetches += 1;
      const keys = await Promise.all(
        server.served.map(async ({ kid, keys }) => ({ ...(await crypto.subtle.exportKey("jwk", keys.publicKey)), kid, alg: "RS256", use: "sig" })),
      );
      const certs = server.served.map(({ kid }) => ({ kid, cert: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n" }));
      return Response.json({ keys, public_cert: certs[0], public_certs: certs }, { headers: { "cache-control": cacheControl } });
    }) as typeof fetch,
  };
  return server;
}

let clock = Date.UTC(2026, 2, 1);
const seconds = () => Math.floor(clock / 1000);
const claims = (email: string, extra: Record<string, unknown> = {}) => ({
  aud: [AUD],
  email,
  sub: crypto.randomUUID(),
  iss: TEAM,
  iat: seconds() - 10,
  nbf: seconds() - 10,
  exp: seconds() + 600,
  type: "app",
  ...extra,
});

function withToken(value: string): Request {
  return new Request("https://site.test/api/cms/pages/list", { headers: { "cf-access-jwt-assertion": value } });
}

describe("createAccessResolver", () => {
  it("accepts a token signed by the team's key for this application, with the editor row's role and scope", async () => {
    const key = await newKey("k1");
    const server = certsServer([key]);
    const resolve = createAccessResolver({ teamDomain: "acme", audience: AUD, fetch: server.fetch, now: () => clock });
    const editor = await insertEditor({ role: "publisher", name: "Pat Publisher" });
    await env.DB.prepare("UPDATE editors SET scopes = ?1 WHERE id = ?2").bind(JSON.stringify({ collections: ["pages"] }), editor.id).run();

    const session = await resolve(withToken(await token(key, claims(editor.email.toUpperCase()))), env);
    expect(session).toEqual({
      id: String(editor.id),
      email: editor.email,
      name: "Pat Publisher",
      roles: ["editor", "publisher"],
      access: { publish: true, scope: { collections: ["pages"] } },
    });
    // Cached: a second request does not fetch the keys again.
    await resolve(withToken(await token(key, claims(editor.email))), env);
    expect(server.fetches).toBe(1);
  });

  it("refuses a wrong audience, a wrong issuer, an expired or not-yet-valid token, a bad signature, and an unknown key", async () => {
    const key = await newKey("k1");
    const stranger = await newKey("k1");
    const server = certsServer([key]);
    const resolve = createAccessResolver({ teamDomain: "acme.cloudflareaccess.com", audience: AUD, fetch: server.fetch, now: () => clock });
    const { email } = await insertEditor();
    expect(await resolve(withToken(await token(key, claims(email))), env)).not.toBeNull();

    const refused = [
      await token(key, claims(email, { aud: ["another-application"] })),
      await token(key, claims(email, { aud: "another-application" })),
      await token(key, claims(email, { iss: "https://evil.cloudflareaccess.com" })),
      await token(key, claims(email, { exp: seconds() - 1 })),
      await token(key, claims(email, { exp: undefined })),
      await token(key, claims(email, { nbf: seconds() + 60 })),
      await token(stranger, claims(email)),
      await token(await newKey("k-unknown"), claims(email), { kid: "k-unknown" }),
      await token(key, claims(email), { alg: "HS256" }),
      `${encode({ alg: "none", kid: "k1" })}.${encode(claims(email))}.`,
      "not-a-token",
    ];
    for (const value of refused) expect(await resolve(withToken(value), env)).toBeNull();
    expect(await resolve(new Request("https://site.test/"), env)).toBeNull();
  });

  it("refetches the keys once for an unknown key id (a rotation), and not again within ten seconds", async () => {
    const old = await newKey("old");
    const rotated = await newKey("new");
    const server = certsServer([old]);
    const resolve = createAccessResolver({ teamDomain: "acme", audience: AUD, fetch: server.fetch, now: () => clock });
    const { email } = await insertEditor();
    expect(await resolve(withToken(await token(old, claims(email))), env)).not.toBeNull();
    expect(server.fetches).toBe(1);

    clock += 10_000;
    server.served = [rotated, old];
    expect(await resolve(withToken(await token(rotated, claims(email))), env)).not.toBeNull();
    expect(server.fetches).toBe(2);

    // Made-up key ids right after cannot make it fetch again.
    const madeUp = await newKey("made-up");
    expect(await resolve(withToken(await token(madeUp, claims(email))), env)).toBeNull();
    expect(await resolve(withToken(await token(madeUp, claims(email))), env)).toBeNull();
    expect(server.fetches).toBe(2);
  });

  it("keeps the keys for the answer's max-age, then fetches them again", async () => {
    const key = await newKey("k1");
    const server = certsServer([key], "public, max-age=60");
    const resolve = createAccessResolver({ teamDomain: "acme", audience: AUD, fetch: server.fetch, now: () => clock });
    const { email } = await insertEditor();
    await resolve(withToken(await token(key, claims(email))), env);
    clock += 59_000;
    await resolve(withToken(await token(key, claims(email))), env);
    expect(server.fetches).toBe(1);
    clock += 2_000;
    expect(await resolve(withToken(await token(key, claims(email))), env)).not.toBeNull();
    expect(server.fetches).toBe(2);
  });

  it("treats a verified email without an editor row as nobody, unless the site gives a default role", async () => {
    const key = await newKey("k1");
    const server = certsServer([key]);
    const email = uniqueEmail("visitor");
    const value = await token(key, claims(email, { sub: "7335d417-61da-459d-899c-0a01c76a2f94" }));
    expect(await createAccessResolver({ teamDomain: "acme", audience: AUD, fetch: server.fetch, now: () => clock })(withToken(value), env)).toBeNull();

    const open = createAccessResolver({ teamDomain: "acme", audience: [AUD], defaultRole: "editor", fetch: server.fetch, now: () => clock });
    expect(await open(withToken(value), env)).toEqual({
      id: "access:7335d417-61da-459d-899c-0a01c76a2f94",
      email,
      name: email,
      roles: ["editor"],
      access: { publish: false },
    });
  });

  it("answers nobody, without throwing, when the certs cannot be fetched", async () => {
    const key = await newKey("k1");
    const resolve = createAccessResolver({ teamDomain: "acme", audience: AUD, fetch: (async () => new Response("down", { status: 503 })) as typeof fetch, now: () => clock });
    const { email } = await insertEditor();
    expect(await resolve(withToken(await token(key, claims(email))), env)).toBeNull();
  });

  it("refuses a configuration without an audience or with a malformed team", () => {
    expect(() => createAccessResolver({ teamDomain: "acme", audience: "" })).toThrow(/AUD tag/);
    expect(() => createAccessResolver({ teamDomain: "not a team", audience: AUD })).toThrow(/team domain/);
  });

  it("serves a site's editor routes as its resolveEditor: the token's editor reads, no token is 401", async () => {
    const key = await newKey("k1");
    const server = certsServer([key]);
    const cms = createCms<SiteEnv, typeof siteCollections>({
      collections: siteCollections,
      ...SITE_LANGUAGES,
      auth: { resolveEditor: createAccessResolver({ teamDomain: "acme", audience: AUD, fetch: server.fetch, now: () => clock }) },
    });
    const { email } = await insertEditor();
    const listed = await cms.route(withToken(await token(key, claims(email))), env as SiteEnv, createExecutionContext());
    expect(listed?.status).toBe(200);
    const anonymous = await cms.route(new Request("https://site.test/api/cms/pages/list"), env as SiteEnv, createExecutionContext());
    expect(anonymous?.status).toBe(401);
  });
});
