/**
 * Who is editing. The library only ever sees what the site's `resolveEditor` returns;
 * `access.publish` is the separate privilege publishing needs.
 */
export interface EditorSession {
  id: string;
  email: string;
  name: string;
  roles: string[];
  access: { publish: boolean };
  /**
   * The site's id of this sign-in, when it keeps one, so a long-lived connection (a room socket)
   * can be checked again later: a signed-out or removed editor's socket is then closed.
   */
  sessionId?: string;
}

/**
 * Site-supplied resolver: returns the editor behind a request, or `null` when there is none.
 *
 * @example
 * const resolveEditor: ResolveEditor<Env> = async (request, env) => readSessionCookie(request, env);
 */
export type ResolveEditor<Env = unknown> = (
  request: Request,
  env: Env,
) => EditorSession | null | Promise<EditorSession | null>;
