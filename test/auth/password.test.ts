import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, constantTimeEqual, hashPassword, verifyPassword } from "../../src/auth";

describe("hashPassword / verifyPassword", () => {
  it("round-trips: the right password verifies", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
  });

  it("refuses a wrong password, including one differing only in case or a trailing space", async () => {
    const stored = await hashPassword("Secret-1");
    expect(await verifyPassword("secret-1", stored)).toBe(false);
    expect(await verifyPassword("Secret-1 ", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("stores a self-describing PBKDF2-SHA256 hash with 100000 iterations, a 16-byte salt and a 32-byte hash", async () => {
    const stored = await hashPassword("pw");
    const [scheme, iterations, salt, hash] = stored.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(atob(salt!)).toHaveLength(16);
    expect(atob(hash!)).toHaveLength(32);
  });

  it("salts every hash at random, and a given salt reproduces the hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
    const salt = new Uint8Array(16).fill(7);
    expect(await hashPassword("same", { salt })).toBe(await hashPassword("same", { salt }));
  });

  it("honours the iterations option and verifies with the iterations recorded in the hash", async () => {
    const stored = await hashPassword("pw", { iterations: 1000 });
    expect(stored.split("$")[1]).toBe("1000");
    expect(await verifyPassword("pw", stored)).toBe(true);
  });

  it("rejects options that would make a weak or unverifiable hash", async () => {
    await expect(hashPassword("pw", { iterations: 100_001 })).rejects.toThrow(RangeError);
    await expect(hashPassword("pw", { iterations: 0 })).rejects.toThrow(RangeError);
    await expect(hashPassword("pw", { salt: new Uint8Array(4) })).rejects.toThrow(RangeError);
  });

  it("refuses malformed or foreign stored hashes instead of throwing", async () => {
    const good = await hashPassword("pw", { iterations: 1000 });
    const [, , salt, hash] = good.split("$");
    const malformed = [
      "",
      "plaintext-password",
      "pw",
      `bcrypt$1000$${salt}$${hash}`,
      `pbkdf2-sha256$1000$${salt}`,
      `pbkdf2-sha256$1000$${salt}$${hash}$extra`,
      `pbkdf2-sha256$abc$${salt}$${hash}`,
      `pbkdf2-sha256$0$${salt}$${hash}`,
      `pbkdf2-sha256$200000$${salt}$${hash}`,
      `pbkdf2-sha256$1000$not*base64$${hash}`,
      `pbkdf2-sha256$1000$${salt}$!!!!`,
      `pbkdf2-sha256$1000$$${hash}`,
      `pbkdf2-sha256$1000$${salt}$`,
    ];
    for (const stored of malformed) {
      expect(await verifyPassword("pw", stored), stored).toBe(false);
    }
    expect(await verifyPassword("pw", good)).toBe(true);
  });

  it("verifies a hash made by another PBKDF2 implementation (Node's crypto.pbkdf2Sync), as the add-editor script's are", async () => {
    // pbkdf2Sync("node made this", "cms-toolkit-fixture", 100000, 32, "sha256"), base64.
    const fromNode = "pbkdf2-sha256$100000$Y21zLXRvb2xraXQtZml4dHVyZQ==$fuL5jgrwfot9OnCOOxL7sJ0wIB6zXiYHExAIiMAbOUU=";
    expect(await verifyPassword("node made this", fromNode)).toBe(true);
    expect(await hashPassword("node made this", { salt: new TextEncoder().encode("cms-toolkit-fixture") })).toBe(fromNode);
  });

  it("constantTimeEqual compares whole byte strings", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([9, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});
