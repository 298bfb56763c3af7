import { describe, expect, it } from "vitest";
import { CommerceError } from "../../../src/commerce/error";
import { centsToMajor, listLocations, POS_VERSION, retrieveLocation, createOrder } from "../../../src/commerce/pos";
import { backoffDelay, parseRetryAfter } from "../../../src/commerce/pos/retry";
import { jsonResponse } from "../../fixtures/commerce-ii/fake-provider";
import { posSetup } from "../../fixtures/commerce-ii/pos-setup";

const retry = { attempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };
const ok = () => jsonResponse(200, { locations: [{ id: "L1", name: "Main" }] });

function failThenOk(statuses: number[], headers: Record<string, string> = {}) {
  let n = 0;
  return () => {
    const status = statuses[n++];
    return status === undefined ? ok() : jsonResponse(status, { errors: [{ code: status === 429 ? "RATE_LIMITED" : "X", detail: "d" }] }, headers);
  };
}

describe("POS transport (SPEC §4 config, §7, §9.1)", () => {
  it("sends the bearer token and the pinned Pos-Version header, overridable by config.version", async () => {
    const { fake, config } = posSetup(ok);
    await listLocations(config);
    await listLocations({ ...config, version: "2024-01-18" });
    expect(fake.calls[0]?.url.href).toBe("https://pos.test/v2/locations");
    expect(fake.calls[0]?.headers.authorization).toBe("Bearer <ACCESS_TOKEN>");
    expect(fake.calls[0]?.headers["pos-version"]).toBe(POS_VERSION);
    expect(fake.calls[1]?.headers["pos-version"]).toBe("2024-01-18");
  });

  it("picks the production or sandbox host by environment", async () => {
    const seen: string[] = [];
    const fetch = async (input: string) => {
      seen.push(new URL(input).host);
      return ok();
    };
    await listLocations({ accessToken: "t", environment: "production", fetch });
    await listLocations({ accessToken: "t", environment: "sandbox", fetch });
    expect(seen).toEqual(["connect.squareup.com", "connect.squareupsandbox.com"]);
  });

  it("does not retry by default: one 503 is an error", async () => {
    const { fake, config } = posSetup(failThenOk([503]));
    await expect(listLocations(config)).rejects.toMatchObject({ status: 503 });
    expect(fake.calls).toHaveLength(1);
  });

  it("retries 429 and 5xx up to `attempts` tries with jittered waits between base and max", async () => {
    const { fake, config, clock } = posSetup(failThenOk([429, 500, 502]), { retry });
    expect(await listLocations(config)).toHaveLength(1);
    expect(fake.calls).toHaveLength(4);
    // random() = 0.5: base + 0.5 × (min(max, base·2^(n+1)) − base)
    expect(clock.sleeps).toEqual([150, 250, 450]);
  });

  it("gives up after `attempts` tries with a RATE_LIMITED error", async () => {
    const { fake, config } = posSetup(failThenOk([429, 429, 429, 429, 429]), { retry });
    const error = await listLocations(config).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceError);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", provider: "pos", method: "GET" });
    expect(fake.calls).toHaveLength(4);
  });

  it("honours Retry-After instead of its own backoff", async () => {
    const { config, clock } = posSetup(failThenOk([429], { "Retry-After": "3" }), { retry });
    await listLocations(config);
    expect(clock.sleeps).toEqual([3_000]);
  });

  it.each([400, 401, 404, 409])("never retries a %i", async (status) => {
    const { fake, config } = posSetup(failThenOk([status, status]), { retry });
    await expect(listLocations(config)).rejects.toMatchObject({ status });
    expect(fake.calls).toHaveLength(1);
  });

  it("keeps one idempotency key across retries of a write", async () => {
    const { fake, config } = posSetup(failThenOk([500]), { retry });
    await createOrder(config, { locationId: "L1", lineItems: [{ catalogObjectId: "V1", quantity: 1 }] });
    const keys = fake.calls.map((c) => (c.json as { idempotency_key: string }).idempotency_key);
    expect(keys).toEqual(["idem-1", "idem-1"]);
  });

  it("returns null for an unknown location", async () => {
    const { config } = posSetup(() => jsonResponse(404, { errors: [{ code: "NOT_FOUND" }] }));
    expect(await retrieveLocation(config, "nope")).toBeNull();
  });

  it("bounds jitter between baseDelayMs and maxDelayMs and reads Retry-After dates", () => {
    const policy = { attempts: 10, baseDelayMs: 100, maxDelayMs: 1_000 };
    for (const r of [0, 0.999999]) {
      for (let n = 0; n < 8; n++) {
        const d = backoffDelay(policy, n, () => r);
        expect(d).toBeGreaterThanOrEqual(100);
        expect(d).toBeLessThanOrEqual(1_000);
      }
    }
    expect(backoffDelay(policy, 7, () => 0.999999)).toBe(1_000);
    expect(parseRetryAfter(new Date(5_000).toUTCString(), 2_000)).toBe(3_000);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });

  it("re-exports centsToMajor", () => {
    expect(centsToMajor(1999)).toBe(19.99);
  });
});
