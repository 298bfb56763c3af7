import type { RateLimiterFactory } from "../cores/rate-limit";
import { readJsonObject } from "../routes/body";
import { clientAddress, type ClientAddressTrust } from "../routes/client-address";
import { assertSameOrigin } from "../routes/guard";
import { json, noContent } from "../routes/json";
import { assertMethod } from "../routes/run-editor-route";
import { HttpError, LouiseValidationError } from "../shared/errors";
import { noteActor } from "../shared/request-log";
import type { EditorSession } from "../shared/session";
import type { AuthEnv } from "./auth-env";
import { openSignInAttempt, type SignInLimits } from "./rate-limit";
import type { SiteEditorResolver } from "./resolve-editor";
import { assertSessionSecret, type EditorRole } from "./session-cookie";
import { beginTotp, confirmTotp, hasSecondFactor, turnOffSecondFactor, useSecondFactor, type SecondFactorDeps } from "./second-factor-store";
import { otpauthUri } from "./totp";

/** A code body is one short string. */
const MAX_CODE_BODY_BYTES = 1024;
/** Begins per account per window: each makes a secret and a row, and nothing else needs more. */
const BEGINS_PER_WINDOW = 10;

const NO_STORE = { "cache-control": "private, no-store" };

/** What the second-factor route is built from; `sessionRoute` hands over its own. */
export interface SecondFactorRouteDeps {
  resolveEditor: SiteEditorResolver;
  now: () => number;
  limits: SignInLimits;
  limiters: (env: AuthEnv, now: () => number) => RateLimiterFactory;
  requireSecondFactor: readonly EditorRole[];
  trustClientAddress: ClientAddressTrust | undefined;
}

/**
 * `/api/cms/session/totp`, the signed-in account's own second factor:
 * `GET` → `{ enabled, required }`; `POST` begins (→ `{ secret, uri }`: the base32 secret and its
 * otpauth:// URI); `PUT { code }` confirms with a code from the app (→ `{ recoveryCodes }`, shown
 * this once); `DELETE { code }` turns it off with a current code or a recovery code (→ 204).
 * Writes are same-origin; wrong codes count against the sign-in limits of the account and address.
 * An account that must turn a factor on before anything else is let in here (only here).
 *
 * @example
 * const totp = secondFactorRoute({ resolveEditor, now: Date.now, limits, limiters, requireSecondFactor: ["admin"], trustClientAddress: undefined });
 */
export function secondFactorRoute(deps: SecondFactorRouteDeps) {
  return async (request: Request, env: AuthEnv): Promise<Response> => {
    assertMethod(request, ["GET", "POST", "PUT", "DELETE"]);
    assertSessionSecret(env.CMS_SESSION_SECRET);
    const session = await deps.resolveEditor(request, env);
    if (!session) throw new HttpError(401, "sign in to manage two-step sign-in", { code: "unauthenticated", headers: NO_STORE });
    noteActor(request, session.email);
    const factor: SecondFactorDeps = { db: env.DB, editorId: Number(session.id), sessionSecret: env.CMS_SESSION_SECRET };

    if (request.method === "GET") {
      return json({ enabled: await hasSecondFactor(env.DB, factor.editorId), required: isRequired(session, deps.requireSecondFactor) }, { headers: NO_STORE });
    }
    assertSameOrigin(request);
    const limiters = deps.limiters(env, deps.now);
    if (request.method === "POST") {
      const begun = await limiters({ prefix: "totp:begin:", limit: BEGINS_PER_WINDOW, windowSeconds: deps.limits.windowSeconds }).consume(session.id);
      if (!begun.allowed) throw tooMany(begun.retryAfterSeconds ?? deps.limits.windowSeconds);
      const { secret } = await beginTotp(factor);
      const uri = otpauthUri({ secret, account: session.email, issuer: new URL(request.url).hostname });
      return json({ secret, uri }, { headers: NO_STORE });
    }

    const code = await readCode(request);
    const attempt = await openSignInAttempt(limiters, { email: session.email, ip: clientAddress(request, deps.trustClientAddress) }, deps.limits);
    if (attempt.retryAfterSeconds !== null) throw tooMany(attempt.retryAfterSeconds);
    if (request.method === "PUT") {
      const recoveryCodes = await confirmTotp(factor, code, deps.now());
      await attempt.recordSuccess();
      return json({ recoveryCodes }, { headers: NO_STORE });
    }
    if (!(await hasSecondFactor(env.DB, factor.editorId))) throw new HttpError(409, "two-step sign-in is not on", { code: "no_second_factor" });
    if ((await useSecondFactor(factor, code, deps.now())) === null) {
      throw new HttpError(400, "that code is not right (or was used already): enter the current code from your authenticator app, or a recovery code", {
        code: "invalid_code",
      });
    }
    await attempt.recordSuccess();
    await turnOffSecondFactor(env.DB, factor.editorId);
    return noContent(NO_STORE);
  };
}

function isRequired(session: EditorSession, roles: readonly EditorRole[]): boolean {
  // The roles nest, most privileged last: the account's role is the last one.
  const role = session.roles[session.roles.length - 1];
  return roles.some((required) => required === role);
}

async function readCode(request: Request): Promise<string> {
  const body = await readJsonObject(request, { maxBytes: MAX_CODE_BODY_BYTES });
  const code = body.code;
  if (typeof code !== "string" || code.trim() === "" || code.length > 64) {
    throw new LouiseValidationError([{ path: "code", message: "code is required: the 6 digits from your authenticator app", code: "required" }]);
  }
  return code;
}

function tooMany(retryAfter: number): HttpError {
  return new HttpError(429, `too many attempts; try again in ${retryAfter} seconds`, {
    code: "rate_limited",
    details: { retryAfter },
    headers: { "retry-after": String(retryAfter) },
  });
}
