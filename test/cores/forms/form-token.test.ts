import { env } from "cloudflare:workers";
import { tableMeta } from "../../../src/cores/table-meta";
import { inquiries, submissions } from "../../../src/tables/forms";
import { describe, expect, it } from "vitest";
import { assertFreshFormToken, insertClaimingFormToken, issueFormToken, MAX_FORM_TOKEN_AGE_SECONDS, readFormToken, verifyFormToken } from "../../../src/cores/forms";

const SECRET = "s3cret-for-form-tokens";
const submissionsMeta = tableMeta(submissions);
const inquiriesMeta = tableMeta(inquiries);
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

const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM submissions").first<{ n: number }>())!.n;

describe("a token's age and single use", () => {
  const claim = async (token: string, now: number) => {
    const verified = await verifyFormToken(SECRET, "contact", token, now);
    if (!verified) throw new Error("token did not verify");
    assertFreshFormToken(verified, now);
    await insertClaimingFormToken(env.DB, submissionsMeta, { form: "contact", data: { message: "hi" } }, "contact", verified, now);
  };

  it("is claimed once; a second use is 409 form_already_sent", async () => {
    const now = Date.now();
    const token = await issueFormToken(SECRET, "contact", now - 10_000);
    await claim(token, now);
    await expect(claim(token, now)).rejects.toMatchObject({ status: 409, code: "form_already_sent" });
  });

  it("two parallel claims of one token: exactly one wins, and exactly one row is stored", async () => {
    const now = Date.now();
    const token = await issueFormToken(SECRET, "contact", now - 10_000);
    const before = await count();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => claim(token, now)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await count()).toBe(before + 1);
  });

  it("claims the token and stores the row in one batch: a row that cannot be stored leaves the token unused", async () => {
    const now = Date.now();
    const verified = (await verifyFormToken(SECRET, "contact", await issueFormToken(SECRET, "contact", now - 10_000), now))!;
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM inquiries").first<{ n: number }>();
    // A NOT NULL column left out: the insert fails inside the batch, so the claim is rolled back with it.
    await expect(insertClaimingFormToken(env.DB, inquiriesMeta, { name: "A", email: "a@example.test" }, "contact", verified, now)).rejects.toThrow();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM form_tokens WHERE id = ?1").bind(verified.id).first<{ n: number }>()).toEqual({ n: 0 });
    const row = await insertClaimingFormToken(env.DB, inquiriesMeta, { name: "A", email: "a@example.test", message: "Hello" }, "contact", verified, now);
    expect(row).toMatchObject({ name: "A", message: "Hello" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM inquiries").first<{ n: number }>())!.n).toBe(before!.n + 1);
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
