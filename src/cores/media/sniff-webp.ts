import { corrupt, hasAscii, sized, truncated, u16le, u24le, u32le, type FormatRead } from "./image-types";

const IMAGE_CHUNKS = new Set(["VP8 ", "VP8L", "ANMF"]);

/**
 * Reads a WebP: the RIFF container must hold every byte it declares and nothing may follow it,
 * every chunk inside must fit,
 * and the size comes from the first chunk: `VP8 ` (lossy key frame), `VP8L` (lossless) or `VP8X`
 * (extended canvas, which must be followed by image data). Another first chunk is recognised as
 * WebP but states no size we can read: the dimensions are `null`.
 *
 * @example
 * readWebp(bytes) // { ok: true, width: 320, height: 200 }
 */
export function readWebp(bytes: Uint8Array): FormatRead {
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd > bytes.length) return truncated("WebP is shorter than its RIFF header declares");
  // Bytes past the RIFF container are not part of the image: a polyglot's appended body.
  if (riffEnd < bytes.length) return corrupt("WebP has data after its RIFF container");
  const chunks = readChunks(bytes, 12, riffEnd);
  if (!chunks) return corrupt("WebP chunk runs past the end of its RIFF container");
  const first = chunks[0];
  if (!first) return truncated("WebP holds no chunks");
  const data = bytes.subarray(first.start, first.start + first.size);
  if (first.type === "VP8 ") return readVp8(data);
  if (first.type === "VP8L") return readVp8l(data);
  if (first.type === "VP8X") {
    if (data.length < 10) return truncated("WebP VP8X chunk is too short");
    if (!chunks.some((c) => IMAGE_CHUNKS.has(c.type))) return corrupt("WebP VP8X holds no image data");
    return sized(u24le(data, 4) + 1, u24le(data, 7) + 1);
  }
  return sized(null, null);
}

function readVp8(data: Uint8Array): FormatRead {
  if (data.length < 10) return truncated("WebP VP8 frame header is too short");
  // Bit 0 of the frame tag is 0 for a key frame; a still image is exactly one key frame.
  if ((data[0]! & 1) !== 0) return corrupt("WebP VP8 data is not a key frame");
  if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return corrupt("WebP VP8 start code is missing");
  const width = u16le(data, 6) & 0x3fff;
  const height = u16le(data, 8) & 0x3fff;
  if (width === 0 || height === 0) return corrupt("WebP VP8 frame declares a size of 0");
  return sized(width, height);
}

function readVp8l(data: Uint8Array): FormatRead {
  if (data.length < 5) return truncated("WebP VP8L header is too short");
  if (data[0] !== 0x2f) return corrupt("WebP VP8L signature is missing");
  const bits = u32le(data, 1);
  if (bits >>> 29 !== 0) return corrupt("WebP VP8L version is unknown");
  return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
}

/** The chunks between `at` and `end`, or `null` when one overruns the container. Odd sizes are padded. */
function readChunks(bytes: Uint8Array, at: number, end: number): { type: string; start: number; size: number }[] | null {
  const chunks: { type: string; start: number; size: number }[] = [];
  while (at + 8 <= end) {
    const size = u32le(bytes, at + 4);
    const start = at + 8;
    if (start + size > end) return null;
    chunks.push({ type: String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!), start, size });
    at = start + size + (size & 1);
  }
  return hasAscii(bytes, 8, "WEBP") ? chunks : null;
}
