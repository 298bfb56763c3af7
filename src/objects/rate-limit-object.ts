import { DurableObject } from "cloudflare:workers";
import { checkRule, decideWindow, timesInWindow, type RateLimitDecision, type RateLimitOp, type RateLimitRule, type RateLimitStub } from "../cores/rate-limit";

/**
 * One rate-limit key's sliding-window log (one instance per key, `idFromName(prefix + key)`), kept
 * in the object's SQLite storage. `apply` does its read, check and write synchronously, with no
 * `await` in between, so the object runs each call to completion before the next: parallel
 * requests are counted exactly. An alarm set one window after the newest hit deletes the storage,
 * so idle keys (every client address that ever posted) cost nothing.
 *
 * @example
 * // wrangler.toml: [[durable_objects.bindings]] name = "RATE_LIMIT", class_name = "RateLimitObject"
 * // and a migration with new_sqlite_classes = ["RateLimitObject"]
 * const limiter = createDurableObjectLimiter({ namespace: env.RATE_LIMIT, prefix: "signin:ip:", limit: 20, windowSeconds: 900 });
 */
export class RateLimitObject extends DurableObject implements RateLimitStub {
  /** Runs one operation on this key's window at time `at` (the caller's clock, so tests are exact). */
  async apply(op: RateLimitOp, rule: RateLimitRule, at: number): Promise<RateLimitDecision> {
    checkRule(rule);
    if (!Number.isFinite(at)) throw new TypeError("at must be a finite number of milliseconds");
    const sql = this.ctx.storage.sql;
    // Created on use, not in the constructor: the alarm's deleteAll drops the table with the data.
    sql.exec("CREATE TABLE IF NOT EXISTS hits (at INTEGER NOT NULL)");
    const times = timesInWindow(sql.exec<{ at: number }>("SELECT at FROM hits").toArray().map((row) => row.at), at, rule);
    const decision = decideWindow(times, at, rule);
    let kept = times;
    if (op === "reset") kept = [];
    else if (op === "release") kept = times.slice(0, -1);
    else if (op === "record" || (op === "consume" && decision.allowed)) kept = [...times, at].slice(-rule.limit);
    if (op !== "peek") this.#store(kept, rule);
    return op === "consume" && decision.allowed ? { ...decision, remaining: decision.remaining - 1 } : decision;
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  #store(times: readonly number[], rule: RateLimitRule): void {
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      sql.exec("DELETE FROM hits");
      for (const at of times) sql.exec("INSERT INTO hits (at) VALUES (?)", at);
    });
    const newest = times[times.length - 1];
    // Nothing to keep: forget the key now; else once the newest hit has left the window.
    if (newest === undefined) void this.ctx.storage.deleteAlarm();
    else void this.ctx.storage.setAlarm(Math.max(Date.now(), newest) + rule.windowSeconds * 1000);
  }
}
