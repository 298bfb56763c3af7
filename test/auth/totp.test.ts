import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpCode, totpStep, type TotpAlgorithm } from "../../src/auth/totp";

const bytes = (text: string) => new TextEncoder().encode(text);

/* RFC 6238 appendix B: the seeds are ASCII digits, as long as each hash's output. */
const SEEDS: Record<TotpAlgorithm, Uint8Array> = {
  "SHA-1": bytes("12345678901234567890"),
  "SHA-256": bytes("12345678901234567890123456789012"),
  "SHA-512": bytes("1234567890123456789012345678901234567890123456789012345678901234"),
};

const VECTORS: [seconds: number, algorithm: TotpAlgorithm, code: string][] = [
  [59, "SHA-1", "94287082"],
  [59, "SHA-256", "46119246"],
  [59, "SHA-512", "90693936"],
  [1111111109, "SHA-1", "07081804"],
  [1111111109, "SHA-256", "68084774"],
  [1111111109, "SHA-512", "25091201"],
  [1111111111, "SHA-1", "14050471"],
  [1111111111, "SHA-256", "67062674"],
  [1111111111, "SHA-512", "99943326"],
  [1234567890, "SHA-1", "89005924"],
  [1234567890, "SHA-256", "91819424"],
  [1234567890, "SHA-512", "93441116"],
  [2000000000, "SHA-1", "69279037"],
  [2000000000, "SHA-256", "90698825"],
  [2000000000, "SHA-512", "38618901"],
  [20000000000, "SHA-1", "65353130"],
  [20000000000, "SHA-256", "77737706"],
  [20000000000, "SHA-512", "47863826"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at %i s over %s makes %s (appendix B)", async (seconds, algorithm, code) => {
    expect(await totpCode(SEEDS[algorithm], totpStep(seconds * 1000), { digits: 8, algorithm })).toBe(code);
  });

  it("makes six-digit SHA-1 codes for accounts: the last six digits of the 8-digit vector", async () => {
    expect(await totpCode(SEEDS["SHA-1"], totpStep(59_000))).toBe("287082");
  });

  it("accepts the code of the step before and after now, not two steps away", async () => {
    const secret = SEEDS["SHA-1"];
    const nowMs = 1111111111_000;
    const step = totpStep(nowMs);
    for (const offset of [-1, 0, 1]) {
      expect(await matchTotp(secret, await totpCode(secret, step + offset), { nowMs, lastStep: 0 })).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      expect(await matchTotp(secret, await totpCode(secret, step + offset), { nowMs, lastStep: 0 })).toBeNull();
    }
  });

  it("never accepts a step at or before the last accepted one (no replay)", async () => {
    const secret = SEEDS["SHA-1"];
    const nowMs = 1234567890_000;
    const step = totpStep(nowMs);
    const code = await totpCode(secret, step);
    expect(await matchTotp(secret, code, { nowMs, lastStep: step - 1 })).toBe(step);
    expect(await matchTotp(secret, code, { nowMs, lastStep: step })).toBeNull();
    expect(await matchTotp(secret, await totpCode(secret, step - 1), { nowMs, lastStep: step })).toBeNull();
  });

  it("refuses anything that is not six digits", async () => {
    for (const code of ["", "12345", "1234567", "12345a", " 123456"]) {
      expect(await matchTotp(SEEDS["SHA-1"], code, { nowMs: 59_000, lastStep: 0 })).toBeNull();
    }
  });
});

describe("base32 and the otpauth URI", () => {
  it.each([
    ["", ""],
    ["f", "MY"],
    ["fo", "MZXQ"],
    ["foo", "MZXW6"],
    ["foob", "MZXW6YQ"],
    ["fooba", "MZXW6YTB"],
    ["foobar", "MZXW6YTBOI"],
  ])("encodes %j as %s (RFC 4648 vectors) and back", (text, encoded) => {
    expect(base32Encode(bytes(text))).toBe(encoded);
    expect(base32Decode(encoded)).toEqual(bytes(text));
  });

  it("decodes lower case with spaces and padding, and refuses other letters", () => {
    expect(base32Decode("mzxw 6ytb oi======")).toEqual(bytes("foobar"));
    expect(base32Decode("MZXW1")).toBeNull();
  });

  it("labels the URI issuer:account with the account parameters", () => {
    expect(otpauthUri({ secret: "JBSWY3DPEHPK3PXP", account: "ada@example.test", issuer: "site.test" })).toBe(
      "otpauth://totp/site.test:ada%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=site.test&algorithm=SHA1&digits=6&period=30",
    );
  });
});
