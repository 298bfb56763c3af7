/** The bindings the media cores need: the bucket and its public base URL. */
export interface MediaEnv {
  DB: D1Database;
  MEDIA?: R2Bucket;
  MEDIA_URL?: string;
}

/**
 * The bucket and base URL, or a configuration error (a 500 at the route edge, never a client's fault).
 *
 * @example
 * const { bucket, base } = mediaBindings(env);
 */
export function mediaBindings(env: MediaEnv): { bucket: R2Bucket; base: string } {
  if (!env.MEDIA) throw new TypeError("the MEDIA bucket binding is missing");
  if (!env.MEDIA_URL) throw new TypeError("the MEDIA_URL variable is missing");
  return { bucket: env.MEDIA, base: env.MEDIA_URL };
}
