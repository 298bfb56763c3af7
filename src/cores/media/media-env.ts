import { missingBinding } from "../../shared/misconfigured";

/** The bindings the media cores need: the bucket and its public base URL. */
export interface MediaEnv {
  DB: D1Database;
  MEDIA?: R2Bucket;
  MEDIA_URL?: string;
}

/**
 * The bucket and base URL, or a 503 `misconfigured` naming the wrangler.toml lines that add them
 * (a deployment mistake, never a client's fault).
 *
 * @example
 * const { bucket, base } = mediaBindings(env);
 */
export function mediaBindings(env: MediaEnv): { bucket: R2Bucket; base: string } {
  if (!env.MEDIA) throw missingBinding("MEDIA", "R2 bucket", "media uploads");
  if (!env.MEDIA_URL) throw missingBinding("MEDIA_URL", "variable", "media uploads (the public base of uploaded files, such as http://localhost:8787/media)");
  return { bucket: env.MEDIA, base: env.MEDIA_URL };
}
