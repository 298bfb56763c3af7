import { describe, expect, it } from "vitest";
import {
  checkoutUrl,
  CommerceError,
  createCart,
  STOREFRONT_SIGNATURE_HEADER,
  verifyStorefrontSignature,
} from "../../../src/commerce/storefront/index";
import { fakeProvider } from "../../fixtures/commerce/fake-provider";

const origin = "https://storefront.test";
const token = "ptkn_public_token_2";

describe("createCart", () => {
  it("posts the items as JSON and hands off to the hosted checkout", async () => {
    const fake = fakeProvider(origin, [{
      method: "POST", path: "/v1/carts", query: { storefront_token: token, currency: "EUR" },
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ variantId: "var_1", quantity: 2 }, { variantId: "var_2", quantity: 1 }] }),
      respond: { json: { id: "crt_9", items: [] } },
    }]);
    const handOff = await createCart(token, [{ variantId: "var_1", quantity: 2 }, { variantId: "var_2", quantity: 1 }], {
      baseUrl: origin, fetch: fake.fetch, currency: "eur", checkoutDomain: "https://checkout.example.test/",
    });
    fake.assertDone();
    expect(handOff).toEqual({
      cart: { id: "crt_9", items: [] },
      currency: "EUR",
      checkoutUrl: "https://checkout.example.test/checkout/?cartCurrency=EUR&cartId=crt_9",
    });
  });

  it("defaults to USD and gives no checkout URL without a checkout domain", async () => {
    const fake = fakeProvider(origin, [{
      method: "POST", path: "/v1/carts", query: { storefront_token: token, currency: "USD" },
      body: JSON.stringify({ items: [{ variantId: "var_1", quantity: 1 }] }), respond: { json: { id: "crt_1", items: [] } },
    }]);
    expect(await createCart(token, [{ variantId: "var_1", quantity: 1 }], { baseUrl: origin, fetch: fake.fetch })).toMatchObject({ currency: "USD", checkoutUrl: null });
    fake.assertDone();
  });

  it.each([
    ["an empty cart", []],
    ["a quantity of 0", [{ variantId: "var_1", quantity: 0 }]],
    ["a fractional quantity", [{ variantId: "var_1", quantity: 1.5 }]],
    ["a blank variant id", [{ variantId: " ", quantity: 1 }]],
  ])("refuses %s before any request", async (_label, items) => {
    const fake = fakeProvider(origin, []);
    const error = await createCart(token, items, { baseUrl: origin, fetch: fake.fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceError);
    expect(error).toMatchObject({ provider: "storefront", method: "POST", url: `${origin}/v1/carts`, status: undefined });
    expect(fake.calls).toHaveLength(0);
  });

  it("reports a provider 4xx with the parsed body", async () => {
    const upstream = { code: "VARIANT_NOT_FOUND", message: "Variant not found" };
    const fake = fakeProvider(origin, [{ method: "POST", path: "/v1/carts", query: { storefront_token: token, currency: "USD" }, body: JSON.stringify({ items: [{ variantId: "var_x", quantity: 1 }] }), respond: { status: 400, json: upstream } }]);
    await expect(createCart(token, [{ variantId: "var_x", quantity: 1 }], { baseUrl: origin, fetch: fake.fetch }))
      .rejects.toMatchObject({ status: 400, code: "VARIANT_NOT_FOUND", body: upstream });
  });

  it("builds checkout URLs with encoded parameters", () => {
    expect(checkoutUrl("checkout.example.test", "crt a&b", "USD")).toBe("https://checkout.example.test/checkout/?cartCurrency=USD&cartId=crt+a%26b");
  });
});

/* Computed as the provider's documentation describes: base64 of HMAC-SHA256 over the raw body, keyed by the webhook secret. */
async function documentedSignature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return btoa(String.fromCharCode(...mac));
}

describe("verifyStorefrontSignature", () => {
  const secret = "fw_webhook_secret";
  const body = JSON.stringify({ id: "wh_1", type: "ORDER_PLACED", data: { id: "ord_1", total: { value: 25, currency: "USD" } } });

  it("names the provider's header", () => {
    expect(STOREFRONT_SIGNATURE_HEADER).toBe("X-Fourthwall-Hmac-SHA256");
  });

  it("accepts the documented signature of the raw body, as string or bytes", async () => {
    const header = await documentedSignature(secret, body);
    expect(await verifyStorefrontSignature(body, header, secret)).toBe(true);
    expect(await verifyStorefrontSignature(new TextEncoder().encode(body), header, secret)).toBe(true);
  });

  it("refuses a tampered body, a wrong secret and a re-serialized body", async () => {
    const header = await documentedSignature(secret, body);
    expect(await verifyStorefrontSignature(body.replace("ord_1", "ord_2"), header, secret)).toBe(false);
    expect(await verifyStorefrontSignature(body, await documentedSignature("other", body), secret)).toBe(false);
    expect(await verifyStorefrontSignature(JSON.stringify(JSON.parse(body), null, 2), header, secret)).toBe(false);
  });

  it.each([["empty", ""], ["missing", null], ["garbage", "not-base64!"], ["hex instead of base64", "a".repeat(64)]])("refuses a %s header", async (_label, header) => {
    expect(await verifyStorefrontSignature(body, header, secret)).toBe(false);
  });

  it("refuses when no secret is configured", async () => {
    expect(await verifyStorefrontSignature(body, await documentedSignature(secret, body), "")).toBe(false);
  });
});
