/*
 * A replay guard for verified webhooks. A signature proves who sent a request, not that it is the
 * first time it arrives: the storefront and point-of-sale providers sign no timestamp, and a
 * payments event can be replayed within its tolerance. The guard remembers each event id for a
 * while and lets each through once. The site chooses where ids are remembered: a Durable Object's
 * SQLite or D1 (both atomic: of two deliveries at the same instant exactly one passes) or KV
 * (eventually consistent: good against a replay minutes later, not against two at once).
 */

/** Where seen event ids are kept. */
export interface ReplayStore {
  /** Records `id` until `expiresAt` (ms since the epoch); `true` only if it was not already recorded, or its record had expired by `now`. */
  remember(id: string, expiresAt: number, now: number): Promise<boolean>;
  /** Drops `id`, so a later delivery of it passes again (its handling failed and the provider will retry). */
  forget(id: string): Promise<void>;
}

/** Options of {@link createReplayGuard}. */
export interface ReplayGuardOptions {
  store: ReplayStore;
  /** How long an event id is remembered, in seconds; default 259,200 (three days, the longest the providers retry). */
  ttlSeconds?: number;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** Lets each webhook event through once. */
export interface ReplayGuard {
  /** `true` the first time `eventId` of `provider` is seen within the time-to-live; `false` for a replay or an id that is not a string of 1–200 characters. */
  firstSeen(provider: string, eventId: unknown): Promise<boolean>;
  /** Forgets an event whose handling failed, so the provider's retry is handled. */
  forget(provider: string, eventId: string): Promise<void>;
}

/** Default time-to-live of a seen event id: three days. */
export const REPLAY_TTL_SECONDS = 3 * 24 * 60 * 60;

const MAX_EVENT_ID = 200;

/**
 * Builds a replay guard over `store`. Check the signature first (an unsigned request must not use
 * up an id), then `firstSeen` with the event's id: the payments event's `id`, the storefront
 * event's `id`, the point-of-sale event's `event_id`. A `false` is a replay: answer 200 and do
 * nothing, so the provider stops retrying.
 *
 * @example
 * const guard = createReplayGuard({ store: d1ReplayStore(env.DB) });
 * if (!(await verifyPosSignature(url, raw, header, env.POS_SIGNATURE_KEY))) return new Response(null, { status: 401 });
 * const event = JSON.parse(raw);
 * if (!(await guard.firstSeen("pos", event.event_id))) return new Response(null, { status: 200 });
 * try { await handle(event); } catch (error) { await guard.forget("pos", event.event_id); throw error; }
 */
export function createReplayGuard(options: ReplayGuardOptions): ReplayGuard {
  const ttl = options.ttlSeconds ?? REPLAY_TTL_SECONDS;
  if (!Number.isFinite(ttl) || ttl <= 0) throw new RangeError(`replay guard: ttlSeconds must be a positive number, got ${ttl}`);
  const now = options.now ?? Date.now;
  return {
    async firstSeen(provider, eventId) {
      if (typeof eventId !== "string" || eventId === "" || eventId.length > MAX_EVENT_ID) return false;
      const at = now();
      return options.store.remember(`${provider}:${eventId}`, at + ttl * 1000, at);
    },
    forget: (provider, eventId) => options.store.forget(`${provider}:${eventId}`),
  };
}

/**
 * Seen ids in a Durable Object's SQLite storage (call it inside the object the site owns, e.g. from
 * an RPC method); a call runs to completion before the next, so remembering is atomic.
 *
 * @example
 * // in the site's Durable Object
 * seen(id: string, expiresAt: number) { return storageReplayStore(this.ctx.storage.sql).remember(id, expiresAt, Date.now()); }
 */
export function storageReplayStore(sql: SqlStorage, table = "webhook_events"): ReplayStore {
  const name = tableName(table);
  sql.exec(`CREATE TABLE IF NOT EXISTS ${name} (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)`);
  return {
    async remember(id, expiresAt, now) {
      sql.exec(`DELETE FROM ${name} WHERE expires_at <= ?1`, now);
      return sql.exec(`INSERT INTO ${name} (id, expires_at) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING RETURNING id`, id, expiresAt).toArray().length === 1;
    },
    async forget(id) {
      sql.exec(`DELETE FROM ${name} WHERE id = ?1`, id);
    },
  };
}

/**
 * Seen ids in a D1 table (created on first use): the purge of expired ids and the insert run as one
 * batch, so of two deliveries at once exactly one is first.
 *
 * @example
 * const guard = createReplayGuard({ store: d1ReplayStore(env.DB) });
 */
export function d1ReplayStore(db: D1Database, table = "webhook_events"): ReplayStore {
  const name = tableName(table);
  let created = false;
  return {
    async remember(id, expiresAt, now) {
      const statements = [
        db.prepare(`DELETE FROM ${name} WHERE expires_at <= ?1`).bind(now),
        db.prepare(`INSERT INTO ${name} (id, expires_at) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING`).bind(id, expiresAt),
      ];
      if (!created) statements.unshift(db.prepare(`CREATE TABLE IF NOT EXISTS ${name} (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)`));
      const results = await db.batch(statements);
      created = true;
      return results[results.length - 1]?.meta.changes === 1;
    },
    async forget(id) {
      await db.prepare(`DELETE FROM ${name} WHERE id = ?1`).bind(id).run();
    },
  };
}

/**
 * Seen ids in KV, expiring by themselves. KV is eventually consistent: a replay after the write
 * has spread (about a minute) is refused, two deliveries at the same instant may both pass. Use a
 * Durable Object or D1 where that matters (a payment, an order).
 *
 * @example
 * const guard = createReplayGuard({ store: kvReplayStore(env.KV) });
 */
export function kvReplayStore(kv: KVNamespace, prefix = "webhook-seen:"): ReplayStore {
  return {
    async remember(id, expiresAt, now) {
      const key = prefix + id;
      if ((await kv.get(key)) !== null) return false;
      // KV refuses an expiry under 60 s away.
      await kv.put(key, "1", { expirationTtl: Math.max(60, Math.ceil((expiresAt - now) / 1000)) });
      return true;
    },
    async forget(id) {
      await kv.delete(prefix + id);
    },
  };
}

function tableName(table: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(table)) throw new TypeError(`replay guard: ${JSON.stringify(table)} is not a plain table name`);
  return `"${table}"`;
}
