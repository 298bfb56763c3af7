import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  checkPaymentsSignature,
  parsePaymentsSignatureHeader,
  verifyPaymentsSignature,
} from "../../../src/commerce/payments/index";
import { hmacSha256Hex } from "../../../src/commerce/index";

const sdk = new Stripe("sk_test_signature_suite");
const secret = "whsec_test_secret_0123456789";
const body = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded", data: { object: { id: "pi_1", object: "payment_intent" } } });
const t = 1_760_000_000;
const at = (seconds: number) => () => seconds * 1000;

async function sdkHeader(payload: string, options: { timestamp?: number; secret?: string } = {}): Promise<string> {
  return sdk.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? secret, timestamp: options.timestamp ?? t });
}

describe("verifyPaymentsSignature against the provider SDK's own test headers", () => {
  it("accepts a header the SDK generated", async () => {
    const header = await sdkHeader(body);
    expect(header).toMatch(/^t=1760000000,v1=[0-9a-f]{64}$/);
    expect(await verifyPaymentsSignature(body, header, secret, { now: at(t) })).toBe(true);
  });

  it("agrees with the SDK's own verifier on the same header", async () => {
    const header = await sdkHeader(body, { timestamp: Math.floor(Date.now() / 1000) });
    await expect(sdk.webhooks.constructEventAsync(body, header, secret)).resolves.toMatchObject({ id: "evt_1" });
    expect(await verifyPaymentsSignature(body, header, secret)).toBe(true);
  });

  it("refuses a tampered body", async () => {
    const header = await sdkHeader(body);
    expect(await verifyPaymentsSignature(body.replace("pi_1", "pi_2"), header, secret, { now: at(t) })).toBe(false);
  });

  it("refuses a header made with another secret", async () => {
    const header = await sdkHeader(body, { secret: "whsec_someone_else" });
    expect(await checkPaymentsSignature(body, header, secret, { now: at(t) })).toMatchObject({ valid: false, reason: "no_matching_signature" });
  });

  it("accepts up to the 300 s tolerance and refuses a replay beyond it, either side", async () => {
    const header = await sdkHeader(body);
    expect(await verifyPaymentsSignature(body, header, secret, { now: at(t + 300) })).toBe(true);
    expect(await checkPaymentsSignature(body, header, secret, { now: at(t + 301) })).toMatchObject({ valid: false, reason: "timestamp_outside_tolerance" });
    expect(await verifyPaymentsSignature(body, header, secret, { now: at(t - 301) })).toBe(false);
  });

  it("honours a custom tolerance", async () => {
    const header = await sdkHeader(body);
    expect(await verifyPaymentsSignature(body, header, secret, { now: at(t + 30), tolerance: 10 })).toBe(false);
    expect(await verifyPaymentsSignature(body, header, secret, { now: at(t + 30), tolerance: 60 })).toBe(true);
  });

  it("refuses a signature replayed with a new timestamp (the timestamp is signed)", async () => {
    const header = await sdkHeader(body);
    const replayed = header.replace(`t=${t}`, `t=${t + 1000}`);
    expect(await verifyPaymentsSignature(body, replayed, secret, { now: at(t + 1000) })).toBe(false);
  });

  it("accepts when any one of several v1 signatures matches (secret rolling)", async () => {
    const good = (await sdkHeader(body)).split("v1=")[1]!;
    const stale = await hmacSha256Hex("whsec_old", `${t}.${body}`);
    expect(await verifyPaymentsSignature(body, `t=${t},v1=${stale},v1=${good}`, secret, { now: at(t) })).toBe(true);
    expect(await verifyPaymentsSignature(body, `t=${t},v1=${good},v1=${stale}`, secret, { now: at(t) })).toBe(true);
    expect(await verifyPaymentsSignature(body, `t=${t},v1=${stale}`, secret, { now: at(t) })).toBe(false);
  });

  it("ignores other schemes such as v0 but needs a v1", async () => {
    const good = (await sdkHeader(body)).split("v1=")[1]!;
    expect(await verifyPaymentsSignature(body, `t=${t},v0=abc,v1=${good}`, secret, { now: at(t) })).toBe(true);
    expect(await verifyPaymentsSignature(body, `t=${t},v0=${good}`, secret, { now: at(t) })).toBe(false);
  });
});

describe("malformed signature headers", () => {
  const hex = "a".repeat(64);
  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["missing t", `v1=${hex}`],
    ["non-numeric t", `t=abc,v1=${hex}`],
    ["two t", `t=1,t=2,v1=${hex}`],
    ["missing v1", `t=${t}`],
    ["non-hex v1", `t=${t},v1=${"z".repeat(64)}`],
    ["short v1", `t=${t},v1=abc123`],
    ["no key", `=${hex}`],
  ])("%s is refused as malformed", async (_label, header) => {
    expect(parsePaymentsSignatureHeader(header)).toBeNull();
    expect(await checkPaymentsSignature(body, header, secret, { now: at(t) })).toMatchObject({ valid: false, reason: "malformed_header" });
  });

  it("a null header is refused without throwing", async () => {
    expect(await verifyPaymentsSignature(body, null, secret)).toBe(false);
  });

  it("parses a well-formed header", () => {
    expect(parsePaymentsSignatureHeader(`t=${t}, v1=${hex},v1=${"b".repeat(64)}`)).toEqual({ timestamp: t, signatures: [hex, "b".repeat(64)] });
  });
});

describe("the tolerance itself", () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, "300" as unknown as number])("refuses every webhook when tolerance is %s, even one signed years ago or now", async (tolerance) => {
    for (const when of [t - 10 * 365 * 86_400, t]) {
      const header = await sdkHeader(body, { timestamp: when });
      expect(await checkPaymentsSignature(body, header, secret, { now: at(t), tolerance })).toMatchObject({ valid: false, reason: "invalid_tolerance" });
      expect(await verifyPaymentsSignature(body, header, secret, { now: at(t), tolerance })).toBe(false);
    }
  });

  it("accepts a tolerance of 0 for a timestamp of exactly now", async () => {
    expect(await verifyPaymentsSignature(body, await sdkHeader(body), secret, { now: at(t), tolerance: 0 })).toBe(true);
  });
});
