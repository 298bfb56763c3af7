import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createReplayGuard, d1ReplayStore, kvReplayStore, storageReplayStore, type ReplayStore } from "../../src/commerce/index";

let clock = 1_760_000_000_000;
const now = () => clock;
let n = 0;
const fresh = () => `evt_${Date.now().toString(36)}_${++n}`;

/** Runs `work` with a store over a Durable Object's own SQLite (the platform rate-limit object: any SQLite-backed object works). */
async function inObject<T>(work: (store: ReplayStore) => Promise<T>): Promise<T> {
  const stub = env.PLATFORM_RATE_LIMIT.get(env.PLATFORM_RATE_LIMIT.idFromName(`replay-${++n}`));
  return runInDurableObject(stub, (_instance, state) => work(storageReplayStore(state.storage.sql)));
}

describe.each([
  ["D1", (work: (store: ReplayStore) => Promise<void>) => work(d1ReplayStore(env.DB, "webhook_events_test"))],
  ["a Durable Object's SQLite", (work: (store: ReplayStore) => Promise<void>) => inObject(work)],
])("replay guard over %s", (_name, withStore) => {
  it("lets an event through once per provider, again after forget, and again once its record expired", async () => {
    await withStore(async (store) => {
      const guard = createReplayGuard({ store, ttlSeconds: 60, now });
      const id = fresh();
      expect(await guard.firstSeen("payments", id)).toBe(true);
      expect(await guard.firstSeen("payments", id)).toBe(false);
      expect(await guard.firstSeen("pos", id)).toBe(true);
      await guard.forget("payments", id);
      expect(await guard.firstSeen("payments", id)).toBe(true);
      clock += 61_000;
      expect(await guard.firstSeen("payments", id)).toBe(true);
      expect(await guard.firstSeen("payments", id)).toBe(false);
    });
  });

  it("passes exactly one of ten deliveries of one event at the same instant", async () => {
    await withStore(async (store) => {
      const guard = createReplayGuard({ store, now });
      const id = fresh();
      const answers = await Promise.all(Array.from({ length: 10 }, () => guard.firstSeen("storefront", id)));
      expect(answers.filter(Boolean)).toHaveLength(1);
    });
  });
});

describe("replay guard", () => {
  it("over KV refuses a replay and passes the event again after forget", async () => {
    const guard = createReplayGuard({ store: kvReplayStore(env.KV) });
    const id = fresh();
    expect(await guard.firstSeen("storefront", id)).toBe(true);
    expect(await guard.firstSeen("storefront", id)).toBe(false);
    await guard.forget("storefront", id);
    expect(await guard.firstSeen("storefront", id)).toBe(true);
  });

  it("refuses an event id that is not a string of 1–200 characters, and a time-to-live that bounds nothing", async () => {
    const guard = createReplayGuard({ store: d1ReplayStore(env.DB, "webhook_events_test") });
    for (const id of [undefined, null, 12, "", "x".repeat(201), { id: "evt" }]) expect(await guard.firstSeen("pos", id)).toBe(false);
    for (const ttlSeconds of [Number.NaN, Number.POSITIVE_INFINITY, 0, -5]) {
      expect(() => createReplayGuard({ store: kvReplayStore(env.KV), ttlSeconds })).toThrow(RangeError);
    }
  });

  it("refuses a table name that is not a plain identifier", () => {
    expect(() => d1ReplayStore(env.DB, 'x"; DROP TABLE pages; --')).toThrow(TypeError);
  });
});
