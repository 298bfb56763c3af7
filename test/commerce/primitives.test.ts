import { describe, expect, it } from "vitest";
import {
  centsToMajor,
  CommerceError,
  hmacSha256Base64,
  hmacSha256Hex,
  minorUnitsPerMajor,
  safeEqual,
} from "../../src/commerce/index";
import { buildUrl, requestJson, requestJsonOrNull, scrubSecrets } from "../../src/commerce/http";
import { fakeProvider } from "../fixtures/commerce/fake-provider";

describe("centsToMajor", () => {
  it.each([
    [1999, undefined, 19.99],
    [0, "usd", 0],
    [500, "JPY", 500],
    [500, "jpy", 500],
    [1234, "KWD", 1.234],
    [-250, "EUR", -2.5],
  ])("converts %s minor units of %s to %s", (cents, currency, major) => {
    expect(centsToMajor(cents, currency)).toBe(major);
  });

  it.each([19.5, Number.NaN, Infinity])("refuses a non-integer amount %s", (cents) => {
    expect(() => centsToMajor(cents)).toThrow(TypeError);
  });

  it("knows minor units per major unit", () => {
    expect([minorUnitsPerMajor(), minorUnitsPerMajor("usd"), minorUnitsPerMajor("KRW"), minorUnitsPerMajor("BHD")]).toEqual([100, 100, 1, 1000]);
  });
});

describe("HMAC-SHA256", () => {
  // RFC 4231, test case 2.
  const key = "Jefe";
  const message = "what do ya want for nothing?";
  const hex = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";

  it("gives lower-case hex", async () => {
    expect(await hmacSha256Hex(key, message)).toBe(hex);
  });

  it("gives padded standard base64 of the same bytes", async () => {
    const bytes = hex.match(/../g)!.map((h) => parseInt(h, 16));
    expect(await hmacSha256Base64(key, message)).toBe(btoa(String.fromCharCode(...bytes)));
  });

  it("accepts byte keys and messages", async () => {
    const enc = new TextEncoder();
    expect(await hmacSha256Hex(enc.encode(key), enc.encode(message))).toBe(hex);
  });
});

describe("safeEqual", () => {
  it.each([
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "xbc", false],
    ["abc", "abcd", false],
    ["", "", true],
  ])("safeEqual(%j, %j) is %s", (a, b, result) => {
    expect(safeEqual(a, b)).toBe(result);
  });

  it("is false for non-strings", () => {
    expect(safeEqual(undefined as unknown as string, "a")).toBe(false);
  });
});

describe("shared request helper", () => {
  const origin = "https://provider.test";

  it("scrubs secrets, plain and URL-encoded", () => {
    expect(scrubSecrets("k=sk_test/123 and sk_test%2F123", ["sk_test/123"])).toBe("k=[redacted] and [redacted]");
  });

  it("builds URLs without undefined query values", () => {
    expect(buildUrl(`${origin}/`, "/v1/x", { a: 1, b: undefined })).toBe(`${origin}/v1/x?a=1`);
  });

  it("raises one error type with provider, method, URL, status, parsed body and code, secrets scrubbed", async () => {
    const fake = fakeProvider(origin, [{
      method: "GET", path: "/v1/x", query: { token: "tok_secret_1" },
      respond: { status: 402, json: { error: { code: "card_declined", message: "bad key tok_secret_1" } } },
    }]);
    const error = await requestJson({
      provider: "payments", method: "GET", url: `${origin}/v1/x?token=tok_secret_1`, fetch: fake.fetch, secrets: ["tok_secret_1"],
    }).catch((e: unknown) => e);
    fake.assertDone();
    expect(error).toBeInstanceOf(CommerceError);
    const e = error as CommerceError;
    expect([e.provider, e.method, e.url, e.status, e.code]).toEqual(["payments", "GET", `${origin}/v1/x?token=[redacted]`, 402, "card_declined"]);
    expect(e.body).toEqual({ error: { code: "card_declined", message: "bad key [redacted]" } });
    expect(e.message).toBe(`payments GET ${origin}/v1/x?token=[redacted] answered 402: bad key [redacted]`);
    expect(JSON.stringify({ m: e.message, b: e.body, u: e.url })).not.toContain("tok_secret_1");
  });

  it("refuses a 2xx answer that is not JSON", async () => {
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/x", respond: { status: 200, text: "<html>oops</html>" } }]);
    const error = await requestJson({ provider: "storefront", method: "GET", url: `${origin}/v1/x`, fetch: fake.fetch }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "CommerceError", status: 200, body: "<html>oops</html>" });
    expect((error as Error).message).toContain("not JSON");
  });

  it("keeps a non-JSON error body as text", async () => {
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/x", respond: { status: 503, text: "upstream down" } }]);
    const error = await requestJson({ provider: "pos", method: "GET", url: `${origin}/v1/x`, fetch: fake.fetch }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, body: "upstream down", code: undefined });
  });

  it("turns a network failure into a CommerceError without status and without the secret", async () => {
    const failing = async (input: string) => {
      throw new TypeError(`connect failed for ${input}`);
    };
    const error = await requestJson({
      provider: "storefront", method: "GET", url: `${origin}/v1/x?storefront_token=ptkn_abcdef`, fetch: failing, secrets: ["ptkn_abcdef"],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceError);
    expect((error as CommerceError).status).toBeUndefined();
    expect((error as Error).message).not.toContain("ptkn_abcdef");
    expect(String(((error as Error).cause as Error).message)).not.toContain("ptkn_abcdef");
  });

  it("answers null on 404 only when asked", async () => {
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/y", respond: { status: 404, json: { code: "NOT_FOUND" } } },
      { method: "GET", path: "/v1/y", respond: { status: 404, json: { code: "NOT_FOUND" } } },
    ]);
    expect(await requestJsonOrNull({ provider: "storefront", method: "GET", url: `${origin}/v1/y`, fetch: fake.fetch })).toBeNull();
    await expect(requestJson({ provider: "storefront", method: "GET", url: `${origin}/v1/y`, fetch: fake.fetch })).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
    fake.assertDone();
  });
});
