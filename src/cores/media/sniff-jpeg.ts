import { corrupt, sized, truncated, u16be, type FormatRead } from "./image-types";

const SOS = 0xda;
const EOI = 0xd9;

/**
 * Reads a JPEG: walks the marker segments from SOI to the first frame header (any SOF variant:
 * baseline, extended, progressive, lossless, arithmetic), skipping APPn/EXIF and every other
 * segment by its declared length, however long. The frame must come before the scan; the scans are
 * walked to the EOI, so a cut-off upload is refused, and nothing but padding may follow EOI (a
 * valid JPEG with HTML appended is a polyglot). A frame height of 0 (size given
 * later by a DNL marker) is recognised but unreadable: the dimensions are `null`.
 *
 * @example
 * readJpeg(bytes) // { ok: true, width: 1024, height: 768 }
 */
export function readJpeg(bytes: Uint8Array): FormatRead {
  let at = 2;
  let frame: { width: number; height: number } | null = null;
  for (;;) {
    if (at + 2 > bytes.length) return truncated("JPEG ends before its image data");
    if (bytes[at] !== 0xff) return corrupt("JPEG segment does not start with a marker");
    // Any number of 0xFF fill bytes may precede a marker code.
    while (at + 1 < bytes.length && bytes[at + 1] === 0xff) at++;
    if (at + 2 > bytes.length) return truncated("JPEG ends inside a marker");
    const marker = bytes[at + 1]!;
    at += 2;
    if (isStandalone(marker)) continue;
    if (marker === EOI) return corrupt("JPEG ends before any image data");
    if (at + 2 > bytes.length) return truncated("JPEG ends inside a segment header");
    const length = u16be(bytes, at);
    if (length < 2) return corrupt("JPEG segment declares an impossible length");
    if (at + length > bytes.length) return truncated("JPEG segment runs past the end of the upload");
    if (isFrameHeader(marker)) {
      if (length < 8) return corrupt("JPEG frame header is too short");
      frame = { height: u16be(bytes, at + 3), width: u16be(bytes, at + 5) };
      if (frame.width === 0) return corrupt("JPEG frame declares a width of 0");
    }
    if (marker === SOS) {
      if (!frame) return corrupt("JPEG scan starts before any frame header");
      const next = nextMarker(bytes, at + length);
      if (next < 0) return truncated("JPEG ends without its end-of-image marker");
      if (bytes[next + 1] === EOI) {
        if (!onlyPadding(bytes, next + 2)) return corrupt("JPEG has data after its end-of-image marker");
        return frame.height === 0 ? sized(null, null) : sized(frame.width, frame.height);
      }
      // A progressive JPEG: more tables and scans follow.
      at = next;
      continue;
    }
    at += length;
  }
}

/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range but are not frames. */
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers without a length field: TEM, RST0..7 and a stray SOI. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
}

/**
 * Index of the marker that ends the entropy-coded data starting at `from`, or -1. Inside that data
 * a 0xFF is followed by 0x00 (a stuffed byte) or a restart marker RST0..7; 0xFF fill bytes may
 * precede a marker.
 */
function nextMarker(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue;
    const code = bytes[i + 1]!;
    if (code === 0x00 || (code >= 0xd0 && code <= 0xd7) || code === 0xff) continue;
    return i;
  }
  return -1;
}

/**
 * Whether only padding (0x00 or 0xFF bytes, as some encoders write) follows EOI. Anything else
 * (HTML, script, a second file) would make the upload a polyglot, so it is refused.
 */
function onlyPadding(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (bytes[i] !== 0x00 && bytes[i] !== 0xff) return false;
  return true;
}
