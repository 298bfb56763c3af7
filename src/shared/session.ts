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
