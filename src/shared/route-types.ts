/* Server-only types: they name Workers bindings, so the browser client never imports this file. */

/** The bindings every editor route may touch. Sites extend it with their own. */
export interface EditorRouteEnv {
  DB: D1Database;
  MEDIA?: R2Bucket;
  MEDIA_URL?: string;
  KV?: KVNamespace;
}

/** A route handler: answers its own paths and returns `undefined` for everything else. */
export type EditorRoute<Env = EditorRouteEnv> = (
  request: Request,
  env: Env,
  ctx: ExecutionContext,
) => Response | undefined | Promise<Response | undefined>;
