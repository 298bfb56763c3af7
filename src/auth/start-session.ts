import type { AuthEnv } from "./auth-env";
import { SESSION_LIFETIME_SECONDS, sessionCookieHeader, signSession, type EditorRole } from "./session-cookie";
import { createEditorSession } from "./session-store";

/** The account a new session is for. */
export interface SessionAccount {
  id: number;
  email: string;
  name: string;
  role: EditorRole;
}

/**
 * Signs `account` in: stores a session row, notes the account active now (in the same batch), and
 * answers the `Set-Cookie` value. The one way a session starts, for a password sign-in and for an
 * invite or reset link alike.
 *
 * @example
 * const cookie = await startSession(request, env, editor, Date.now());
 */
export async function startSession(request: Request, env: Pick<AuthEnv, "DB" | "CMS_SESSION_SECRET">, account: SessionAccount, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + SESSION_LIFETIME_SECONDS;
  const sid = await createEditorSession(env.DB, account.id, exp, iat, new Date(nowMs).toISOString());
  const value = await signSession({ sub: String(account.id), sid, email: account.email, name: account.name, role: account.role, iat, exp }, env.CMS_SESSION_SECRET);
  return sessionCookieHeader(request, value);
}
