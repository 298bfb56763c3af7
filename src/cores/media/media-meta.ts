import type { D1Client } from "../d1-client";
import { ident } from "../table-meta";
import { mediaUrl } from "./media-key";

/** Asset-level facts a renderer may use for an image URL. */
export interface MediaMeta {
  key: string;
  alt: string;
  caption: string;
  width: number | null;
  height: number | null;
}

/** D1 binds at most 100 parameters a statement. */
const CHUNK = 90;

/**
 * Registry facts keyed by public URL (`{MEDIA_URL}/<key>`), for render-time fallbacks. With `urls`
 * only those assets are read (URLs outside `mediaBase` are skipped); without, the whole registry.
 * `table` is the registry's SQL name, whose columns are `key`, `alt`, `caption`, `width`, `height`.
 *
 * @example
 * const meta = await mediaMetaByUrl(env.DB, "media", env.MEDIA_URL, [hero.image]);
 * meta.get("http://localhost:8787/media/a.png")?.alt // "A red door"
 */
export async function mediaMetaByUrl(db: D1Client, table: string, mediaBase: string, urls?: Iterable<string>): Promise<Map<string, MediaMeta>> {
  const select = `SELECT "key", "alt", "caption", "width", "height" FROM ${ident(table)}`;
  const rows: MediaMeta[] = [];
  if (urls === undefined) {
    rows.push(...(await db.prepare(select).all<MediaMeta>()).results);
  } else {
    const prefix = mediaUrl(mediaBase, "");
    const keys = [...new Set([...urls].filter((u) => typeof u === "string" && u.startsWith(prefix)).map((u) => u.slice(prefix.length)))];
    for (let i = 0; i < keys.length; i += CHUNK) {
      const chunk = keys.slice(i, i + CHUNK);
      const marks = chunk.map((_, j) => `?${j + 1}`).join(", ");
      rows.push(...(await db.prepare(`${select} WHERE "key" IN (${marks})`).bind(...chunk).all<MediaMeta>()).results);
    }
  }
  return new Map(rows.map((row) => [mediaUrl(mediaBase, row.key), row]));
}

/**
 * The alt text to render for an image: the per-usage alt when it has text (it always wins), else the
 * asset's alt from the registry, else `""`. A blank per-usage alt counts as not set, because editor
 * forms store an untouched alt box as an empty string.
 *
 * @example
 * resolveImageAlt({ src: url, alt: "Our team" }, meta) // "Our team"
 * resolveImageAlt({ src: url }, meta) // the registry alt of url
 */
export function resolveImageAlt(image: { src: string; alt?: unknown }, meta: ReadonlyMap<string, MediaMeta>): string {
  if (typeof image.alt === "string" && image.alt.trim() !== "") return image.alt;
  return meta.get(image.src)?.alt ?? "";
}
