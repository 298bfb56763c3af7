import { describe, expect, it } from "vitest";
import { endsInMediaKey } from "../../src/shared/media-key-shape";

const KEY = "3f2c0d1e-4b5a-8c6d-9e7f-0a1b2c3d4e5f";

describe("endsInMediaKey: whether an image address is a media image", () => {
  it.each([
    [`https://site.test/media/${KEY}.png`, true],
    [`https://site.test/media/gallery/${KEY}.webp`, true],
    [`https://site.test/files/${KEY}.jpg`, true],
    ["https://site.test/images/logo.png", false],
    [`https://site.test/media/${KEY}.svg`, false],
    [`https://site.test/media/${KEY.toUpperCase()}.png`, false],
    [`https://site.test/media/Gallery/${KEY}.png`, true],
    ["https://site.test/__e2e/shared-image.png", false],
  ])("%s → %s", (address, expected) => {
    expect(endsInMediaKey(new URL(address))).toBe(expected);
  });
});
