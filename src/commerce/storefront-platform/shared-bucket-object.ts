import { DurableObject } from "cloudflare:workers";
import { claimInStorage, completeInStorage, releaseInStorage } from "./order-claims";
import type { PlatformCallKind, PlatformRateLimitOverrides } from "./rate-limiter";
import { resolveSharedLimits, type BucketLimit, type PlatformReservation, type SharedPlatformLimits } from "./shared-limits";

export { resolveSharedLimits, type PlatformReservation, type SharedPlatformLimits };

type BucketName = keyof SharedPlatformLimits;

/**
 * The shop's platform budget shared by every isolate: one instance per `rateLimitKey`
 * (`idFromName`). Each bucket is a continuously refilling token bucket kept as a virtual-scheduling
 * (GCRA) "theoretical arrival time": every reservation moves it one emission interval forward, so
 * concurrent callers from any isolate get consecutive slots in arrival order (FIFO, none starved).
 * The time is stored scaled by the capacity (ms × capacity), so waits are exact integers like the
 * in-isolate `TokenBucket`'s, and it lives in SQLite so a restart or eviction keeps the budget.
 *
 * @example
 * // wrangler.toml: [[durable_objects.bindings]] name = "PLATFORM_RATE_LIMIT", class_name = "PlatformRateLimitObject"
 * const stub = env.PLATFORM_RATE_LIMIT.get(env.PLATFORM_RATE_LIMIT.idFromName("shop-user"))
 * const { waitMs } = await stub.reserve("call", {})
 */
export class PlatformRateLimitObject extends DurableObject {
  // It reads no bindings; `env` is only passed through, so any site's `Env` fits.
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    // `tat` is the bucket's theoretical arrival time in ms × `capacity`; a fresh bucket (no row) is full.
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS platform_buckets (name TEXT PRIMARY KEY, tat INTEGER NOT NULL, capacity INTEGER NOT NULL)",
    );
  }

  /**
   * Charges the token(s) for one call now and says how long the caller must wait before making it.
   * A product creation takes its product token and, when that one is free now, the global token in
   * the same step; otherwise see `PlatformReservation.includesGlobal`. `nowMs` defaults to this
   * object's clock, the one clock every isolate then shares; tests pass it for exact times.
   */
  reserve(kind: PlatformCallKind, overrides: PlatformRateLimitOverrides = {}, nowMs?: number): PlatformReservation {
    if (kind !== "call" && kind !== "productCreate") throw new TypeError(`unknown platform call kind: ${String(kind)}`);
    if (nowMs !== undefined && !Number.isFinite(nowMs)) throw new TypeError("nowMs must be a finite number");
    const limits = resolveSharedLimits(overrides);
    const now = Math.floor(nowMs ?? Date.now());
    // One transaction, so a product creation never ends up holding one token without the other.
    return this.ctx.storage.transactionSync(() => {
      if (kind === "productCreate") {
        const productWait = this.#take("productCreate", limits.productCreate, now);
        if (productWait > 0) return { waitMs: productWait, includesGlobal: false };
      }
      return { waitMs: this.#take("global", limits.global, now), includesGlobal: true };
    });
  }

  /** Claims `externalId` for one order creation (see order-claims.ts); true for the first caller only. */
  claimOrder(externalId: string, nowMs?: number): boolean {
    return claimInStorage(this.ctx.storage.sql, String(externalId), Math.floor(nowMs ?? Date.now()));
  }

  /** Marks the claim done: the order was created. */
  completeOrder(externalId: string, nowMs?: number): void {
    completeInStorage(this.ctx.storage.sql, String(externalId), Math.floor(nowMs ?? Date.now()));
  }

  /** Drops an unfinished claim: creation failed and may be tried again. */
  releaseOrder(externalId: string): void {
    releaseInStorage(this.ctx.storage.sql, String(externalId));
  }

  #take(name: BucketName, { capacity, windowMs }: BucketLimit, now: number): number {
    const row = this.ctx.storage.sql
      .exec<{ tat: number; capacity: number }>("SELECT tat, capacity FROM platform_buckets WHERE name = ?", name)
      .toArray()[0];
    // Callers sharing a key may pass different (lowered) limits; rescale rounding up, never granting extra.
    const stored = row ? (row.capacity === capacity ? row.tat : Math.ceil((row.tat * capacity) / row.capacity)) : 0;
    const nowScaled = now * capacity;
    const tat = Math.max(stored, nowScaled) + windowMs;
    // A full bucket holds `capacity` tokens: a reservation is free now while tat stays within one window.
    const wait = Math.max(0, Math.ceil((tat - nowScaled - capacity * windowMs) / capacity));
    this.ctx.storage.sql.exec(
      "INSERT INTO platform_buckets (name, tat, capacity) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET tat = excluded.tat, capacity = excluded.capacity",
      name, tat, capacity,
    );
    return wait;
  }
}
