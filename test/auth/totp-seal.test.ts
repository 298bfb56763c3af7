import { describe, expect, it } from "vitest";
import { openTotpSecret, sealTotpSecret } from "../../src/auth/totp-seal";

const SECRET = "test-session-secret-0123456789abcdef";
const bytes = crypto.getRandomValues(new Uint8Array(20));

describe("sealed TOTP secrets", () => {
  it("opens with the same session secret for the same account, and the stored text differs every time", async () => {
    const sealed = await sealTotpSecret(bytes, 7, SECRET);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(await openTotpSecret(sealed, 7, SECRET)).toEqual(bytes);
    expect(await sealTotpSecret(bytes, 7, SECRET)).not.toBe(sealed);
  });

  it("does not open under another session secret (a database copy alone), for another account, or tampered", async () => {
    const sealed = await sealTotpSecret(bytes, 7, SECRET);
    expect(await openTotpSecret(sealed, 7, "another-session-secret-0123456789abcdef")).toBeNull();
    expect(await openTotpSecret(sealed, 8, SECRET)).toBeNull();
    const [version, iv, body] = sealed.split(".");
    const flipped = `${body!.slice(0, -2)}${body!.endsWith("AA") ? "AB" : "AA"}`;
    expect(await openTotpSecret(`${version}.${iv}.${flipped}`, 7, SECRET)).toBeNull();
    expect(await openTotpSecret(`v2.${iv}.${body}`, 7, SECRET)).toBeNull();
    expect(await openTotpSecret("not sealed", 7, SECRET)).toBeNull();
  });
});
