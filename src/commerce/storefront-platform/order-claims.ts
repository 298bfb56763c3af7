import type { PlatformRateLimitObject } from "./shared-bucket-object";

/*
 * Claims that make `createExternalOrderOnce` safe when two deliveries of one order run at the same
 * instant: the first to claim an `externalId` creates the order; the other is told to retry later
 * (by then the order is listed, or the claim has expired). A claim is held while the order is
 * being created (`CLAIM_TTL_MS`, so a crash mid-create does not block the order for good) and kept
 * as done for `DONE_TTL_MS` after it was created, which covers a provider list that lags behind.
 * The claims live in the shop's `PlatformRateLimitObject` (SQLite), the object every isolate of the
 * site already shares for that shop; each call runs there to completion, so claiming is atomic.
 */

/** How long an unfinished claim holds: longer than any creation call takes. */
export const CLAIM_TTL_MS = 10 * 60_000;
/** How long a finished claim is remembered: a week of redeliveries. */
export const DONE_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * First-caller-wins claims on order ids.
 *
 * @example
 * if (await claims.acquire("etsy-991")) { try { …; await claims.complete("etsy-991") } catch (e) { await claims.release("etsy-991"); throw e } }
 */
export interface OrderClaims {
  /** True for exactly one caller per id until it is released or expires. */
  acquire(externalId: string): Promise<boolean>;
  /** The order was created: keep the claim as done. */
  complete(externalId: string): Promise<void>;
  /** Creation failed: let a later delivery try again. */
  release(externalId: string): Promise<void>;
}

/**
 * Claims on the shop's `PlatformRateLimitObject` named `key` (the same key as its rate limiter).
 *
 * @example
 * const claims = durableObjectOrderClaims(env.PLATFORM_RATE_LIMIT, env.FW_USER);
 * await createExternalOrderOnce(platform, order, { claims });
 */
export function durableObjectOrderClaims(namespace: DurableObjectNamespace<PlatformRateLimitObject> | DurableObjectNamespace, key: string, now?: () => number): OrderClaims {
  const stub = namespace.get(namespace.idFromName(key)) as DurableObjectStub<PlatformRateLimitObject>;
  return {
    acquire: (externalId) => stub.claimOrder(externalId, now?.()),
    complete: (externalId) => stub.completeOrder(externalId, now?.()),
    release: (externalId) => stub.releaseOrder(externalId),
  };
}

/**
 * The claim table's operations on a Durable Object's SQLite storage; synchronous, so one call
 * never interleaves with another.
 *
 * @example
 * claimInStorage(this.ctx.storage.sql, "etsy-991", Date.now()) // true the first time
 */
export function claimInStorage(sql: SqlStorage, externalId: string, now: number): boolean {
  ensureTable(sql);
  sql.exec("DELETE FROM order_claims WHERE (done = 0 AND at <= ?1) OR (done = 1 AND at <= ?2)", now - CLAIM_TTL_MS, now - DONE_TTL_MS);
  const held = sql.exec("SELECT 1 FROM order_claims WHERE external_id = ?1", externalId).toArray().length > 0;
  if (held) return false;
  sql.exec("INSERT INTO order_claims (external_id, at, done) VALUES (?1, ?2, 0)", externalId, now);
  return true;
}

/**
 * Marks a claim done (the order exists), restarting its clock.
 *
 * @example
 * completeInStorage(sql, "etsy-991", Date.now());
 */
export function completeInStorage(sql: SqlStorage, externalId: string, now: number): void {
  ensureTable(sql);
  sql.exec("UPDATE order_claims SET done = 1, at = ?2 WHERE external_id = ?1", externalId, now);
}

/**
 * Drops a claim (creation failed).
 *
 * @example
 * releaseInStorage(sql, "etsy-991");
 */
export function releaseInStorage(sql: SqlStorage, externalId: string): void {
  ensureTable(sql);
  sql.exec("DELETE FROM order_claims WHERE external_id = ?1 AND done = 0", externalId);
}

function ensureTable(sql: SqlStorage): void {
  sql.exec("CREATE TABLE IF NOT EXISTS order_claims (external_id TEXT PRIMARY KEY, at INTEGER NOT NULL, done INTEGER NOT NULL)");
}
