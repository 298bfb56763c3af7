import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMediaKey, mediaMetaByUrl, mentionsMedia, parseMediaKey, resolveImageAlt, type MediaMeta } from "../../../src/cores/media";

const BASE = "http://localhost:8787/media";

describe("mediaMetaByUrl", () => {
  it("reads registry facts keyed by public URL, only for URLs under the media base", async () => {
    const key = createMediaKey("png");
    await env.DB.prepare("INSERT INTO media (key, content_type, size, width, height, alt, caption) VALUES (?1, 'image/png', 9, 3, 2, 'A red door', 'Front')")
      .bind(key)
      .run();
    const meta = await mediaMetaByUrl(env.DB, "media", BASE, [`${BASE}/${key}`, "https://elsewhere.test/x.png"]);
    expect([...meta.keys()]).toEqual([`${BASE}/${key}`]);
    expect(meta.get(`${BASE}/${key}`)).toEqual({ key, alt: "A red door", caption: "Front", width: 3, height: 2 });
    expect((await mediaMetaByUrl(env.DB, "media", BASE)).get(`${BASE}/${key}`)?.alt).toBe("A red door");
  });
});

describe("resolveImageAlt: a per-usage alt wins, else the asset's", () => {
  const url = `${BASE}/a.png`;
  const meta = new Map<string, MediaMeta>([[url, { key: "a.png", alt: "Asset alt", caption: "", width: 1, height: 1 }]]);
  it.each([
    [{ src: url, alt: "Usage alt" }, "Usage alt"],
    [{ src: url }, "Asset alt"],
    [{ src: url, alt: "" }, "Asset alt"],
    [{ src: url, alt: "   " }, "Asset alt"],
    [{ src: url, alt: 7 }, "Asset alt"],
    [{ src: `${BASE}/unknown.png` }, ""],
  ])("%j -> %j", (image, alt) => {
    expect(resolveImageAlt(image, meta)).toBe(alt);
  });
});

describe("media keys and URL mentions", () => {
  it.each([
    ["abc.png", false],
    ["../x.png", false],
    [createMediaKey("png"), true],
    [createMediaKey("webp", { scope: "products" }), true],
  ])("parseMediaKey(%j) accepts only generated keys: %s", (key, valid) => {
    expect(parseMediaKey(key) !== null).toBe(valid);
  });

  it.each([
    ['<img src="https://m.test/a.png">', true],
    ['{"src":"https://m.test/a.png"}', true],
    ["https://m.test/a.png?w=300", true],
    ["https://m.test/a.png", true],
    ["https://m.test/a.png2", false],
    ["https://m.test/a.png/b", false],
    ["https://m.test/a.pn", false],
    ['<img src="HTTPS://M.TEST/a.png">', true],
    ['<img src="https://M.test:443//a.png">', true],
    ['{"image":{"src":"https://m.test/\\\\a.png"}}', true],
    ["/a.png", true],
    ["https://m.test.evil/a.png", false],
    ["https://other.test/a.png", false],
    ["https://m.test/b/a.png", false],
  ])("mentionsMedia(%j) is %s", (text, expected) => {
    expect(mentionsMedia(text, "https://m.test", "a.png")).toBe(expected);
  });
});
