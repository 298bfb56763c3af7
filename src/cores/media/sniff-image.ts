import { HttpError } from "../../shared/errors";
import { hasAscii, IMAGE_EXTENSIONS, type FormatRead, type ImageType, type SniffedImage, type SniffResult } from "./image-types";
import { readGif } from "./sniff-gif";
import { readJpeg } from "./sniff-jpeg";
import { PNG_SIGNATURE, readPng } from "./sniff-png";
import { readWebp } from "./sniff-webp";

/** Widest or tallest side accepted, in pixels. Larger headers are decompression bombs or lies. */
export const MAX_IMAGE_SIDE = 30_000;
/**
 * Largest pixel count accepted: 50 megapixels (about 200 MB decoded at 4 bytes a pixel), above any
 * camera photo a website shows (a 45 Mpx full-frame sensor fits), far below a decompression bomb.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface SniffImageOptions {
  maxSide?: number;
  maxPixels?: number;
}

const READERS: { type: ImageType; matches: (b: Uint8Array) => boolean; read: (b: Uint8Array) => FormatRead }[] = [
  { type: "image/png", matches: (b) => PNG_SIGNATURE.every((v, i) => b[i] === v), read: readPng },
  { type: "image/gif", matches: (b) => hasAscii(b, 0, "GIF87a") || hasAscii(b, 0, "GIF89a"), read: readGif },
  { type: "image/jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, read: readJpeg },
  { type: "image/webp", matches: (b) => hasAscii(b, 0, "RIFF") && hasAscii(b, 8, "WEBP"), read: readWebp },
];

/**
 * Verifies that `bytes` are a PNG, GIF, JPEG or WebP image by their magic bytes and structure, and
 * reads the width and height from the header. Only the first bytes decide the format, so SVG, HTML,
 * text and polyglots that do not start as a raster image are refused, whatever Content-Type came
 * with them. Dimensions are `null` when the format is recognised but its header states no size.
 *
 * @example
 * sniffImage(pngBytes) // { ok: true, image: { type: "image/png", extension: "png", width: 2, height: 1 } }
 * sniffImage(new TextEncoder().encode("<svg/>")) // { ok: false, reason: "not_an_image", ... }
 */
export function sniffImage(bytes: Uint8Array, options: SniffImageOptions = {}): SniffResult {
  if (bytes.length === 0) return { ok: false, reason: "empty", message: "the upload is empty" };
  const reader = READERS.find((r) => r.matches(bytes));
  if (!reader) {
    return { ok: false, reason: "not_an_image", message: "the upload is not a PNG, GIF, JPEG or WebP image (SVG and other formats are refused)" };
  }
  const read = reader.read(bytes);
  if (!read.ok) return read;
  const { width, height } = read;
  const maxSide = options.maxSide ?? MAX_IMAGE_SIDE;
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  if (width !== null && height !== null && (width > maxSide || height > maxSide || width * height > maxPixels)) {
    return {
      ok: false,
      reason: "dimensions_too_large",
      message: `the image declares ${width}×${height} pixels; the limit is ${maxSide} a side and ${maxPixels} in all`,
    };
  }
  return { ok: true, image: { type: reader.type, extension: IMAGE_EXTENSIONS[reader.type], width, height } };
}

const REFUSAL_CODES = {
  empty: "empty_upload",
  not_an_image: "not_an_image",
  truncated: "truncated_image",
  corrupt: "corrupt_image",
  dimensions_too_large: "image_too_large",
} as const;

/**
 * `sniffImage` for write paths: the verified image, or an `HttpError` — 400 for an empty upload,
 * 422 for dimensions past the limits, 415 for everything else the sniff refuses (not an image,
 * truncated, corrupt, a polyglot) — with a code naming the reason.
 *
 * @example
 * const image = assertImageBytes(bytes); // throws 415 { code: "not_an_image" } for an SVG
 */
export function assertImageBytes(bytes: Uint8Array, options: SniffImageOptions = {}): SniffedImage {
  const result = sniffImage(bytes, options);
  if (result.ok) return result.image;
  // A well-formed image that is too large is understood but refused (422); anything else is not an image we take (415).
  const status = result.reason === "empty" ? 400 : result.reason === "dimensions_too_large" ? 422 : 415;
  throw new HttpError(status, result.message, { code: REFUSAL_CODES[result.reason] });
}
