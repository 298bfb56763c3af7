import { WebhooksHelper } from "square";
import { describe, expect, it } from "vitest";
import { verifyPosSignature } from "../../../src/commerce/pos";
import { hmacSha256Base64 } from "../../../src/commerce/hmac";

const url = "https://shop.example/hooks/pos?site=1";
const body = JSON.stringify({ merchant_id: "M1", type: "order.updated", data: { id: "ORDER_1" } });
const key = "<SIGNING_SECRET>";

describe("verifyPosSignature (SPEC §4 webhooks)", () => {
  it("accepts exactly what the provider's official SDK helper accepts", async () => {
    const header = await hmacSha256Base64(key, url + body);
    const cases = [
      { url, body, header },
      { url: "https://shop.example/hooks/pos", body, header },
      { url, body: body.replace("ORDER_1", "ORDER_2"), header },
      { url, body, header: header.slice(0, -2) + "AA" },
    ];
    for (const c of cases) {
      const official = await WebhooksHelper.verifySignature({ requestBody: c.body, signatureHeader: c.header, signatureKey: key, notificationUrl: c.url });
      expect(await verifyPosSignature(c.url, c.body, c.header, key)).toBe(official);
    }
    expect(await verifyPosSignature(url, body, header, key)).toBe(true);
  });

  it("signs the URL too: the same body at another URL fails", async () => {
    const header = await hmacSha256Base64(key, url + body);
    expect(await verifyPosSignature("https://evil.example/hooks/pos?site=1", body, header, key)).toBe(false);
  });

  it("fails closed on a missing header or key", async () => {
    expect(await verifyPosSignature(url, body, null, key)).toBe(false);
    expect(await verifyPosSignature(url, body, "", key)).toBe(false);
    expect(await verifyPosSignature(url, body, "abc", "")).toBe(false);
  });
});
