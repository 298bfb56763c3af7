import { corrupt, sized, truncated, u16le, type FormatRead } from "./image-types";

const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;

/**
 * Reads a GIF (87a or 89a): size from the logical screen descriptor, then every block walked to the
 * trailer so a GIF header in front of another body is refused, and nothing may follow the trailer. A 0×0 screen is recognised but
 * states no size: the dimensions are `null`.
 *
 * @example
 * readGif(bytes) // { ok: true, width: 16, height: 16 }
 */
export function readGif(bytes: Uint8Array): FormatRead {
  if (bytes.length < 13) return truncated("GIF ends inside its screen descriptor");
  const width = u16le(bytes, 6);
  const height = u16le(bytes, 8);
  let at = 13 + colorTableSize(bytes[10]!);
  for (;;) {
    if (at >= bytes.length) return truncated("GIF ends before its trailer");
    const block = bytes[at]!;
    if (block === TRAILER) {
      // Nothing may follow the trailer: a valid GIF with HTML appended is a polyglot.
      if (at + 1 !== bytes.length) return corrupt("GIF has data after its trailer");
      return width === 0 || height === 0 ? sized(null, null) : sized(width, height);
    }
    if (block === EXTENSION) {
      at = skipSubBlocks(bytes, at + 2);
    } else if (block === IMAGE) {
      if (at + 10 > bytes.length) return truncated("GIF ends inside an image descriptor");
      // Descriptor (10 bytes with its introducer), local color table, LZW minimum code size.
      at = skipSubBlocks(bytes, at + 10 + colorTableSize(bytes[at + 9]!) + 1);
    } else {
      return corrupt("GIF holds an unknown block");
    }
    if (at < 0) return truncated("GIF ends inside a data block");
  }
}

/** Bytes of the color table announced by a packed field (0 when its flag bit is off). */
function colorTableSize(packed: number): number {
  return packed & 0x80 ? 3 * (1 << ((packed & 0x07) + 1)) : 0;
}

/** Index after a chain of length-prefixed sub-blocks ending in a 0 byte, or -1 when it runs out. */
function skipSubBlocks(bytes: Uint8Array, at: number): number {
  while (at < bytes.length) {
    const size = bytes[at]!;
    if (size === 0) return at + 1;
    at += size + 1;
  }
  return -1;
}
