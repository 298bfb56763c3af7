import type { AccessScope } from "./access-scope";

/**
 * Who is editing. The library only ever sees what the site's `resolveEditor` returns;
 * `access.publish` is the separate privilege publishing needs.
 */
export interface EditorSession {
  id: string;
  email: string;
  name: string;
  roles: string[];
  /**
   * `publish`: may change what visitors see. `admin`: may manage people, settings and the menu.
   * `scope`: what the account may touch at all (absent or `{}`: everything its role allows).
   */
  access: { publish: boolean; admin?: boolean; scope?: AccessScope };
  /**
   * The site's id of this sign-in, when it keeps one, so a long-lived connection (a room socket)
   * can be checked again later: a signed-out or removed editor's socket is then closed.
   */
  sessionId?: string;
  /**
   * When that sign-in expires (Unix ms), when the site knows: a room holding the connection
   * confirms it then, so an expired session's socket closes without the room polling for it.
   */
  sessionExpiresAt?: number;
  /**
   * Set when the site requires a second factor for this account's role and the account has none
   * yet: it is signed in, but may only turn one on; every editor route answers 403
   * `second_factor_required` (`assertSecondFactor`).
   */
  secondFactorMissing?: true;
}

/**
 * A resolver's session check as one D1 statement, prepared on the client a route reads through,
 * so the check and the route's first read reach D1 in one batch (one round trip). `editor` reads
 * the statement's first row (`null` when there is none: the session has ended).
 */
export interface SessionStatement {
  statement: D1PreparedStatement;
  editor(row: Record<string, unknown> | null): EditorSession | null;
}

/**
 * Site-supplied resolver: returns the editor behind a request, or `null` when there is none.
 * A resolver whose check is one D1 read may also offer it as a statement (`sessionStatement`,
 * answering `null` when the request carries no valid credential at all); editor reads then send it
 * with their first query (`guardEditorRead`), so an editor read costs one D1 round trip.
 *
 * @example
 * const resolveEditor: ResolveEditor<Env> = async (request, env) => readSessionCookie(request, env);
 */
export type ResolveEditor<Env = unknown> = ((request: Request, env: Env) => EditorSession | null | Promise<EditorSession | null>) & {
  sessionStatement?: (request: Request, env: Env, db: Pick<D1Database, "prepare">) => Promise<SessionStatement | null>;
};
