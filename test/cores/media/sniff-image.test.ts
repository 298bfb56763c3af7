import { describe, expect, it } from "vitest";
import { assertImageBytes, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, sniffImage } from "../../../src/cores/media";
import {
  ascii,
  concat,
  gif,
  HTML,
  jpeg,
  JSON_BODY,
  PNG_SIG,
  png,
  pngChunk,
  SVG,
  TEXT,
  webpUnknownFirstChunk,
  webpVp8,
  webpVp8l,
  webpVp8x,
} from "../../fixtures/images";

const ok = (type: string, width: number | null, height: number | null) => ({ ok: true, image: { type, width, height } });
const refused = (reason: string) => ({ ok: false, reason });

describe("sniffImage: recognised formats and their sizes", () => {
  const cases: [string, Uint8Array, ReturnType<typeof ok>][] = [
    ["PNG 1×1", png(1, 1), ok("image/png", 1, 1)],
    ["PNG 3×2", png(3, 2), ok("image/png", 3, 2)],
    ["PNG 640×480", png(640, 480), ok("image/png", 640, 480)],
    ["PNG 30000×1 (a side at the limit)", png(30_000, 1), ok("image/png", 30_000, 1)],
    ["GIF 1×1", gif(1, 1), ok("image/gif", 1, 1)],
    ["GIF 17×9", gif(17, 9), ok("image/gif", 17, 9)],
    ["GIF 0×0 screen: recognised, no size", gif(0, 0), ok("image/gif", null, null)],
    ["GIF87a", concat(ascii("GIF87a"), gif(5, 4).subarray(6)), ok("image/gif", 5, 4)],
    ["JPEG baseline 1×1", jpeg(1, 1), ok("image/jpeg", 1, 1)],
    ["JPEG baseline 1024×768", jpeg(1024, 768), ok("image/jpeg", 1024, 768)],
    ["JPEG extended (SOF1)", jpeg(33, 20, { sof: 0xc1 }), ok("image/jpeg", 33, 20)],
    ["JPEG progressive (SOF2)", jpeg(640, 427, { sof: 0xc2 }), ok("image/jpeg", 640, 427)],
    ["JPEG lossless (SOF3)", jpeg(12, 7, { sof: 0xc3 }), ok("image/jpeg", 12, 7)],
    ["JPEG arithmetic (SOF9)", jpeg(12, 7, { sof: 0xc9 }), ok("image/jpeg", 12, 7)],
    ["JPEG hierarchical progressive arithmetic (SOF14)", jpeg(9, 9, { sof: 0xce }), ok("image/jpeg", 9, 9)],
    ["JPEG after 64 KB of EXIF", jpeg(300, 200, { exifBytes: 65_533 }), ok("image/jpeg", 300, 200)],
    ["JPEG after 200 KB of EXIF in four APP1 segments", jpeg(300, 200, { exifBytes: 200_000 }), ok("image/jpeg", 300, 200)],
    ["JPEG with bytes after EOI", jpeg(8, 8, { trailer: [0, 0, 0] }), ok("image/jpeg", 8, 8)],
    ["JPEG height 0 (size in a DNL marker): recognised, no size", jpeg(64, 0), ok("image/jpeg", null, null)],
    ["WebP lossy (VP8) 320×200", webpVp8(320, 200), ok("image/webp", 320, 200)],
    ["WebP lossless (VP8L) 1×1", webpVp8l(1, 1), ok("image/webp", 1, 1)],
    ["WebP lossless (VP8L) 16384×3000 (the format's widest side, under 50 megapixels)", webpVp8l(16384, 3000), ok("image/webp", 16384, 3000)],
    ["WebP extended (VP8X) 5000×3", webpVp8x(5000, 3), ok("image/webp", 5000, 3)],
    ["WebP with an unknown first chunk: recognised, no size", webpUnknownFirstChunk(), ok("image/webp", null, null)],
  ];
  it.each(cases)("%s", (_name, bytes, expected) => {
    expect(sniffImage(bytes)).toMatchObject(expected);
  });

  it("gives the type's extension", () => {
    expect(sniffImage(jpeg(1, 1))).toMatchObject({ image: { extension: "jpg" } });
    expect(sniffImage(webpVp8l(1, 1))).toMatchObject({ image: { extension: "webp" } });
  });
});

describe("sniffImage: refused input", () => {
  const pngOverJpeg = concat(PNG_SIG, pngChunk("IHDR", [0, 0, 0, 4, 0, 0, 0, 4, 8, 6, 0, 0, 0]), jpeg(4, 4).subarray(2));
  const badCrc = png(2, 2);
  badCrc[29] = badCrc[29]! ^ 0xff; // the IHDR CRC
  const cases: [string, Uint8Array, string][] = [
    ["zero bytes", new Uint8Array(0), "empty"],
    ["SVG", SVG, "not_an_image"],
    ["SVG with a BOM and XML prolog", concat([0xef, 0xbb, 0xbf], ascii('<?xml version="1.0"?>'), SVG), "not_an_image"],
    ["HTML", HTML, "not_an_image"],
    ["text", TEXT, "not_an_image"],
    ["JSON", JSON_BODY, "not_an_image"],
    ["HTML polyglot with a PNG after it", concat(HTML, png(1, 1)), "not_an_image"],
    ["PNG signature over a JPEG body", concat(PNG_SIG, jpeg(4, 4)), "corrupt"],
    ["PNG header (valid IHDR) over a JPEG body", pngOverJpeg, "corrupt"],
    ["PNG with a wrong IHDR checksum", badCrc, "corrupt"],
    ["PNG with width 0", concat(PNG_SIG, pngChunk("IHDR", [0, 0, 0, 0, 0, 0, 0, 1, 8, 6, 0, 0, 0]), pngChunk("IEND")), "corrupt"],
    ["PNG signature only", PNG_SIG, "truncated"],
    ["PNG cut inside IDAT", png(20, 20).subarray(0, 60), "truncated"],
    ["PNG without IEND", png(2, 2).subarray(0, png(2, 2).length - 12), "truncated"],
    ["GIF header only", ascii("GIF89a"), "truncated"],
    ["GIF without its trailer", gif(4, 4).subarray(0, gif(4, 4).length - 1), "truncated"],
    ["GIF header over garbage", concat(gif(4, 4).subarray(0, 19), ascii("<script>")), "corrupt"],
    ["JPEG SOI only", Uint8Array.of(0xff, 0xd8, 0xff), "truncated"],
    ["JPEG cut inside the EXIF segment", jpeg(8, 8, { exifBytes: 70_000 }).subarray(0, 40_000), "truncated"],
    ["JPEG cut inside the scan (no EOI)", jpeg(64, 64).subarray(0, jpeg(64, 64).length - 2), "truncated"],
    ["JPEG scan before any frame", concat([0xff, 0xd8], [0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0], [0, 0xff, 0xd9]), "corrupt"],
    ["JPEG SOI then text", concat([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0], TEXT), "corrupt"],
    ["JPEG EOI before any frame", Uint8Array.of(0xff, 0xd8, 0xff, 0xd9), "corrupt"],
    ["WebP shorter than its RIFF size", webpVp8(10, 10).subarray(0, 30), "truncated"],
    ["WebP VP8 without its start code", (() => { const b = webpVp8(10, 10); b[23] = 0; return b; })(), "corrupt"],
    ["WebP VP8X without image data", concat(ascii("RIFF"), [22, 0, 0, 0], ascii("WEBPVP8X"), [10, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 9, 0, 0]), "corrupt"],
    ["WebP VP8L with a bad signature", (() => { const b = webpVp8l(4, 4); b[20] = 0; return b; })(), "corrupt"],
    // Polyglots: a valid image with HTML or script after its end marker.
    ["PNG with HTML after IEND", concat(png(2, 2), HTML), "corrupt"],
    ["GIF with a script after its trailer", concat(gif(2, 2), ascii("<script>alert(1)</script>")), "corrupt"],
    ["JPEG with HTML after EOI", jpeg(8, 8, { trailer: [...ascii("<html><script>alert(1)</script>")] }), "corrupt"],
    ["JPEG with HTML after EOI and a fake EOI after it", jpeg(8, 8, { trailer: [...ascii("<script>alert(1)</script>"), 0xff, 0xd9] }), "corrupt"],
    ["WebP with HTML after its RIFF container", concat(webpVp8(4, 4), HTML), "corrupt"],
  ];
  it.each(cases)("%s", (_name, bytes, reason) => {
    expect(sniffImage(bytes)).toMatchObject(refused(reason));
  });

  const absurd: [string, Uint8Array][] = [
    ["PNG 100000×1 (one side over the limit)", png(100_000, 1)],
    ["PNG 2147483647×2147483647", concat(PNG_SIG, pngChunk("IHDR", [0x7f, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff, 8, 6, 0, 0, 0]), pngChunk("IEND"))],
    ["PNG 20000×20000 (sides fine, pixels over)", png(20_000, 20_000)],
    ["JPEG 65535×65535", jpeg(65_535, 65_535)],
    ["WebP VP8X 16777216×16777216", webpVp8x(16_777_216, 16_777_216)],
    ["GIF 65535×65535", gif(65_535, 65_535)],
  ];
  it.each(absurd)("absurd dimensions are refused: %s", (_name, bytes) => {
    expect(sniffImage(bytes)).toMatchObject(refused("dimensions_too_large"));
  });

  it("uses limits that admit real images and refuse bombs", () => {
    expect(MAX_IMAGE_SIDE).toBe(30_000);
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    // 196 megapixels within the side limit were accepted before the cap came down.
    expect(sniffImage(png(14_000, 14_000))).toMatchObject(refused("dimensions_too_large"));
    expect(sniffImage(png(8_192, 6_000)).ok).toBe(true);
    expect(sniffImage(png(100, 100), { maxSide: 99 })).toMatchObject(refused("dimensions_too_large"));
    expect(sniffImage(png(100, 100), { maxPixels: 9_999 })).toMatchObject(refused("dimensions_too_large"));
  });
});

describe("assertImageBytes", () => {
  it.each([
    [new Uint8Array(0), 400, "empty_upload"],
    [SVG, 415, "not_an_image"],
    [PNG_SIG, 415, "truncated_image"],
    [concat(PNG_SIG, jpeg(4, 4)), 415, "corrupt_image"],
    [png(100_000, 1), 422, "image_too_large"],
  ])("refuses with a status and a code (%#)", (bytes, status, code) => {
    expect(() => assertImageBytes(bytes)).toThrow(expect.objectContaining({ status, code }));
  });

  it("returns the verified image", () => {
    expect(assertImageBytes(gif(2, 3))).toEqual({ type: "image/gif", extension: "gif", width: 2, height: 3 });
  });
});
