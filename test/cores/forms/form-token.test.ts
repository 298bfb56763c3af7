import { describe, expect, it } from "vitest";
import { issueFormToken, readFormToken } from "../../../src/cores/forms";

const SECRET = "s3cret-for-form-tokens";
const T = Date.UTC(2026, 0, 1);

describe("the render-time token", () => {
  it("proves the time it was issued for its own form", async () => {
    const token = await issueFormToken(SECRET, "contact", T);
    expect(token).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect(await readFormToken(SECRET, "contact", token, T + 5_000)).toBe(T);
  });

  it.each([
    ["another form", async () => readFormToken(SECRET, "survey", await issueFormToken(SECRET, "contact", T), T + 5_000)],
    ["another key", async () => readFormToken("other", "contact", await issueFormToken(SECRET, "contact", T), T + 5_000)],
    ["the future", async () => readFormToken(SECRET, "contact", await issueFormToken(SECRET, "contact", T + 1), T)],
    ["an edited time", async () => readFormToken(SECRET, "contact", (await issueFormToken(SECRET, "contact", T)).replace(/^\d+/, String(T - 60_000)), T + 5_000)],
    ["garbage", async () => readFormToken(SECRET, "contact", "123.abc", T)],
    ["a non-string", async () => readFormToken(SECRET, "contact", ["x"], T)],
  ])("is refused (null) when from %s", async (_label, read) => {
    expect(await read()).toBeNull();
  });
});
