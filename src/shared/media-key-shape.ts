/*
 * The shape of a media key, `[<scope>/]<uuid>.<ext>`: the server makes every key this way, and the
 * browser client reads an image address by it (an image of this site whose address does not end
 * in a media key is not in the media library).
 */
export const MEDIA_KEY = /^(?:([a-z0-9][a-z0-9-]{0,39})\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|gif|jpg|webp)$/;

/**
 * Whether a URL's path ends in a media key (its last segment, or its scope and last segment).
 *
 * @example
 * endsInMediaKey("https://site.test/media/3f2c0d1e-….png") // true
 * endsInMediaKey("https://site.test/images/logo.png") // false
 */
export function endsInMediaKey(url: URL): boolean {
  const segments = url.pathname.split("/");
  const last = segments.at(-1) ?? "";
  return MEDIA_KEY.test(last) || MEDIA_KEY.test(`${segments.at(-2) ?? ""}/${last}`);
}
