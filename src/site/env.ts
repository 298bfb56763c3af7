import type { EditorRouteEnv } from "../shared/route-types";

/** Bindings of the reference site (see wrangler.toml and .dev.vars.example). */
export interface SiteEnv extends EditorRouteEnv {
  MEDIA: R2Bucket;
  MEDIA_URL: string;
  KV: KVNamespace;
  PAGE_ROOM: DurableObjectNamespace;
  /** HMAC key for session cookies; set in .dev.vars locally and as a secret in production. */
  CMS_SESSION_SECRET: string;
}
