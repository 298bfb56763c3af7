import { crc32 } from "./crc32";
import { corrupt, hasAscii, sized, truncated, u32be, type FormatRead } from "./image-types";

/** The 8-byte PNG signature. */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/**
 * Reads a PNG after its signature. Every chunk is walked up to `IEND` and its CRC checked, because
 * a valid signature and IHDR glued onto another body (a JPEG, a script) must not pass as a PNG,
 * and nothing may follow IEND (a valid PNG with HTML appended is a polyglot); pixel data is never
 * decompressed.
 *
 * @example
 * readPng(bytes) // { ok: true, width: 640, height: 480 }
 */
export function readPng(bytes: Uint8Array): FormatRead {
  let at = PNG_SIGNATURE.length;
  let width: number | null = null;
  let height: number | null = null;
  let first = true;
  for (;;) {
    if (at + 8 > bytes.length) return truncated(first ? "PNG ends before its IHDR chunk" : "PNG ends before its IEND chunk");
    const length = u32be(bytes, at);
    // PNG caps a chunk at 2^31-1 bytes; a larger length is a foreign body, not a big chunk.
    if (length > 0x7fffffff) return corrupt("PNG chunk length is out of range");
    if (!isChunkType(bytes, at + 4)) return corrupt("PNG chunk type is not four ASCII letters");
    const dataStart = at + 8;
    const dataEnd = dataStart + length;
    if (dataEnd + 4 > bytes.length) return truncated("PNG chunk runs past the end of the upload");
    if (crc32(bytes, at + 4, dataEnd) !== u32be(bytes, dataEnd)) return corrupt("PNG chunk checksum does not match");
    if (first) {
      if (!hasAscii(bytes, at + 4, "IHDR") || length !== 13) return corrupt("PNG does not start with a 13-byte IHDR chunk");
      width = u32be(bytes, dataStart);
      height = u32be(bytes, dataStart + 4);
      if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return corrupt("PNG declares an invalid size");
      first = false;
    } else if (hasAscii(bytes, at + 4, "IEND")) {
      // Anything after IEND is not part of the image: an HTML or script body glued on (a polyglot).
      if (dataEnd + 4 !== bytes.length) return corrupt("PNG has data after its IEND chunk");
      return sized(width, height);
    }
    at = dataEnd + 4;
  }
}

function isChunkType(bytes: Uint8Array, at: number): boolean {
  for (let i = at; i < at + 4; i++) {
    const c = bytes[i]! | 0x20;
    if (c < 0x61 || c > 0x7a) return false;
  }
  return true;
}
