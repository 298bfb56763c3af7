/** The raster formats the media library accepts, by their served Content-Type. */
export type ImageType = "image/png" | "image/gif" | "image/jpeg" | "image/webp";

/** File extension used in generated keys, per sniffed type. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageType, string>> = Object.freeze({
  "image/png": "png",
  "image/gif": "gif",
  "image/jpeg": "jpg",
  "image/webp": "webp",
});

/** What a format reader found: a size (null when the header does not state one) or why it refused. */
export type FormatRead =
  | { ok: true; width: number | null; height: number | null }
  | { ok: false; reason: "truncated" | "corrupt"; message: string };

/** A verified image: the type comes from the bytes, never from a claimed Content-Type. */
export interface SniffedImage {
  type: ImageType;
  extension: string;
  width: number | null;
  height: number | null;
}

/** Why bytes were refused. `not_an_image` covers SVG, HTML, text and anything not starting as a raster image. */
export type SniffRefusal = "empty" | "not_an_image" | "truncated" | "corrupt" | "dimensions_too_large";

export type SniffResult = { ok: true; image: SniffedImage } | { ok: false; reason: SniffRefusal; message: string };

export function truncated(message: string): FormatRead {
  return { ok: false, reason: "truncated", message };
}

export function corrupt(message: string): FormatRead {
  return { ok: false, reason: "corrupt", message };
}

export function sized(width: number | null, height: number | null): FormatRead {
  return { ok: true, width, height };
}

/** Big-endian unsigned 16-bit read; callers check bounds first. */
export function u16be(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

/** Little-endian unsigned 16-bit read. */
export function u16le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}

/** Little-endian unsigned 24-bit read. */
export function u24le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
}

/** Big-endian unsigned 32-bit read (`>>> 0` keeps values above 2^31 positive). */
export function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

/** Little-endian unsigned 32-bit read. */
export function u32le(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

/** Whether `bytes` holds the ASCII `text` at `at`. */
export function hasAscii(bytes: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}
