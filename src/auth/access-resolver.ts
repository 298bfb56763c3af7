import { storedAccessScope } from "../shared/access-scope";
import type { EditorSession, ResolveEditor } from "../shared/session";
import { accessKeys } from "./access-keys";
import { fromBase64Url } from "./base64";
import { sessionFromPayload } from "./resolve-editor";
import { isEditorRole, type EditorRole } from "./session-cookie";

/** The header Cloudflare Access puts its signed application token in. */
export const ACCESS_JWT_HEADER = "Cf-Access-Jwt-Assertion";

/** Options of {@link createAccessResolver}. */
export interface AccessResolverOptions {
  /** The Zero Trust team: `myteam`, `myteam.cloudflareaccess.com` or `https://myteam.cloudflareaccess.com`. */
  teamDomain: string;
  /** The Access application's AUD tag (or tags); a token for another application is refused. */
  audience: string | readonly string[];
  /**
   * The role of a verified email that has no `editors` row; default none: such a person is nobody
   * here. With it, anyone the Access policy lets through edits with this role.
   */
  defaultRole?: EditorRole;
  /** How the certs are fetched; default the global `fetch`. */
  fetch?: typeof fetch;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

interface Claims {
  email: string;
  sub: string;
}

/**
 * A `resolveEditor` for a site behind Cloudflare Access: it verifies the `Cf-Access-Jwt-Assertion`
 * (RS256, signed by one of the team's keys, fetched from the team's certs address through
 * `fetch` and cached), its `aud` (the application), `iss` (the team), `exp` and `nbf`, and maps
 * its email to the `editors` row of that address: its role and scope, exactly as the built-in
 * sign-in would. An email without a row is nobody, unless `defaultRole` says otherwise. Anything
 * wrong answers `null` (401 at every editor route).
 *
 * @example
 * const cms = createCms({ collections, auth: { resolveEditor: createAccessResolver({ teamDomain: "myteam", audience: env.ACCESS_AUD }) } });
 */
export function createAccessResolver(options: AccessResolverOptions): ResolveEditor<{ DB: D1Database }> {
  const issuer = teamIssuer(options.teamDomain);
  const audiences = typeof options.audience === "string" ? [options.audience] : [...options.audience];
  if (audiences.length === 0 || audiences.some((aud) => aud.trim() === "")) throw new TypeError("createAccessResolver: audience must name the Access application's AUD tag");
  const now = options.now ?? Date.now;
  const keys = accessKeys(`${issuer}/cdn-cgi/access/certs`, options.fetch ?? ((input, init) => fetch(input, init)), now);

  return async (request, env) => {
    const token = request.headers.get(ACCESS_JWT_HEADER);
    if (!token) return null;
    const claims = await verifyAccessToken(token, { issuer, audiences, keys, nowSeconds: now() / 1000 });
    if (!claims) return null;
    return editorOf(env.DB, claims, options.defaultRole);
  };
}

/**
 * The issuer Access writes in `iss` for a team: `https://<team>.cloudflareaccess.com`.
 *
 * @example
 * teamIssuer("myteam") // "https://myteam.cloudflareaccess.com"
 */
export function teamIssuer(teamDomain: string): string {
  const host = teamDomain.trim().replace(/^https:\/\//, "").replace(/\/+$/, "");
  const full = host.includes(".") ? host : `${host}.cloudflareaccess.com`;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(full)) throw new TypeError(`createAccessResolver: ${teamDomain} is not a team domain such as myteam.cloudflareaccess.com`);
  return `https://${full.toLowerCase()}`;
}

async function verifyAccessToken(
  token: string,
  check: { issuer: string; audiences: string[]; keys: ReturnType<typeof accessKeys>; nowSeconds: number },
): Promise<Claims | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerText, payloadText, signatureText] = parts as [string, string, string];
  const header = jsonOf(headerText);
  if (!header || header.alg !== "RS256" || typeof header.kid !== "string") return null;
  const signature = fromBase64Url(signatureText);
  if (!signature) return null;
  const key = await check.keys.key(header.kid);
  if (!key) return null;
  const signed = new TextEncoder().encode(`${headerText}.${payloadText}`);
  if (!(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, signature, signed))) return null;
  // Only a payload proven to be Access's is read.
  const payload = jsonOf(payloadText);
  if (!payload || payload.iss !== check.issuer) return null;
  const aud = typeof payload.aud === "string" ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud : [];
  if (!aud.some((value) => typeof value === "string" && check.audiences.includes(value))) return null;
  if (typeof payload.exp !== "number" || payload.exp <= check.nowSeconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== "number" || payload.nbf > check.nowSeconds)) return null;
  if (typeof payload.email !== "string" || payload.email === "" || typeof payload.sub !== "string") return null;
  return { email: payload.email, sub: payload.sub };
}

async function editorOf(db: D1Database, claims: Claims, defaultRole: EditorRole | undefined): Promise<EditorSession | null> {
  const row = await db
    .prepare("SELECT id, email, name, role, scopes FROM editors WHERE email = ?1")
    .bind(claims.email)
    .first<{ id: number; email: string; name: string; role: string; scopes: string }>();
  if (row) {
    if (!isEditorRole(row.role)) return null;
    const session = withoutSessionId(sessionFromPayload({ sub: String(row.id), sid: "", email: row.email, name: row.name, role: row.role, iat: 0, exp: 0 }));
    const scope = storedAccessScope(row.scopes);
    return Object.keys(scope).length > 0 ? { ...session, access: { ...session.access, scope } } : session;
  }
  if (!defaultRole) return null;
  // No row: the person is known by Access's own user id, and named by their address.
  return withoutSessionId(sessionFromPayload({ sub: `access:${claims.sub}`, sid: "", email: claims.email, name: claims.email, role: defaultRole, iat: 0, exp: 0 }));
}

/* Access keeps the session, not us: there is no row a room could check again later. */
function withoutSessionId(session: EditorSession): EditorSession {
  const { sessionId: _sessionId, ...rest } = session;
  return rest;
}

function jsonOf(segment: string): Record<string, unknown> | null {
  const bytes = fromBase64Url(segment);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
