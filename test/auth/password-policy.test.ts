import { describe, expect, it } from "vitest";
import { assertNewPassword, isCommonPassword } from "../../src/auth";
import { COMMON_PASSWORDS } from "../../src/auth/common-passwords";

describe("the password policy", () => {
  it("ships 10,000 distinct lower-case passwords", () => {
    const list = COMMON_PASSWORDS.split("\n");
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((entry) => entry === entry.toLowerCase() && entry !== "")).toBe(true);
  });

  it("finds common passwords whatever their case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("PassWord")).toBe(true);
    expect(isCommonPassword("a long and unusual passphrase")).toBe(false);
  });

  it("refuses fewer than 12 characters (counting code points) and a common password, with 422 weak_password", () => {
    expect(() => assertNewPassword("elevenchars")).toThrow(expect.objectContaining({ status: 422, code: "weak_password" }));
    expect(() => assertNewPassword("😀".repeat(11))).toThrow(/at least 12/);
    expect(() => assertNewPassword("1q2w3e4r5t6y")).toThrow(/most common/);
    expect(() => assertNewPassword("x".repeat(1025))).toThrow(/at most 1024/);
    expect(() => assertNewPassword("😀".repeat(12))).not.toThrow();
    expect(() => assertNewPassword("a long and unusual passphrase")).not.toThrow();
  });
});
