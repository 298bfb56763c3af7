import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { assertFreshFormToken, claimFormToken, issueFormToken, MAX_FORM_TOKEN_AGE_SECONDS, readFormToken, verifyFormToken } from "../../../src/cores/forms";

const SECRET = "s3cret-for-form-tokens";
const T = Date.UTC(2026, 0, 1);

describe("the render-time token", () => {
  it("proves the time it was issued for its own form", async () => {
    const token = await issueFormToken(SECRET, "contact", T);
    expect(token).toMatch(/^\d+\.[0-9a-f]{24}\.[0-9a-f]{64}$/);
    expect(await issueFormToken(SECRET, "contact", T)).not.toBe(token);
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

describe("a token's age and single use", () => {
  const claim = async (token: string, now: number) => {
    const verified = await verifyFormToken(SECRET, "contact", token, now);
    if (!verified) throw new Error("token did not verify");
    assertFreshFormToken(verified, now);
    await claimFormToken(env.DB, "contact", verified, now);
  };

  it("is claimed once; a second use is 409 form_already_sent", async () => {
    const now = Date.now();
    const token = await issueFormToken(SECRET, "contact", now - 10_000);
    await claim(token, now);
    await expect(claim(token, now)).rejects.toMatchObject({ status: 409, code: "form_already_sent" });
  });

  it("two parallel claims of one token: exactly one wins", async () => {
    const now = Date.now();
    const token = await issueFormToken(SECRET, "contact", now - 10_000);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => claim(token, now)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("is refused with 422 form_expired past MAX_FORM_TOKEN_AGE_SECONDS", async () => {
    const now = Date.now();
    const token = await issueFormToken(SECRET, "contact", now - MAX_FORM_TOKEN_AGE_SECONDS * 1000 - 1);
    await expect(claim(token, now)).rejects.toMatchObject({ status: 422, code: "form_expired" });
  });

  it("claims past their age are deleted when a new one is made", async () => {
    const now = Date.now();
    await env.DB.prepare("INSERT INTO form_tokens (id, form, expires_at) VALUES ('old-claim', 'contact', ?1)").bind(Math.floor(now / 1000) - 1).run();
    await claim(await issueFormToken(SECRET, "contact", now - 10_000), now);
    expect(await env.DB.prepare("SELECT id FROM form_tokens WHERE id = 'old-claim'").first()).toBeNull();
  });
});
