/*
 * A D1 binding that forwards everything to the real one and counts round trips: each statement
 * run (`first`, `all`, `run`, `raw`), each `batch` and each `exec` is one trip to D1. The bench
 * worker wraps `env.DB` with it per request to report D1 round trips per route; tests use it to
 * hold a route to its count. It changes no answer: every call reaches the real database.
 */

/** The running count of one request's D1 round trips. */
export interface RoundTrips {
  count: number;
}

const RUNS = new Set<PropertyKey>(["first", "all", "run", "raw"]);
const REAL = new WeakMap<object, D1PreparedStatement>();

/**
 * `db` with every round trip counted in `trips` (sessions opened on it count into the same total).
 *
 * @example
 * const trips = { count: 0 };
 * await site.fetch(request, { ...env, DB: countingD1(env.DB, trips) }, ctx); // trips.count === 1
 */
export function countingD1<T extends object>(db: T, trips: RoundTrips): T {
  return new Proxy(db, {
    get(target, prop) {
      const real = target as unknown as D1Database & { getBookmark?: () => string | null };
      if (prop === "prepare") return (sql: string) => countingStatement(real.prepare(sql), trips);
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          trips.count += 1;
          return real.batch(statements.map((s) => REAL.get(s) ?? s));
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          trips.count += 1;
          return real.exec(sql);
        };
      }
      if (prop === "withSession") return (start?: string) => countingD1(real.withSession(start), trips);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function countingStatement(statement: D1PreparedStatement, trips: RoundTrips): D1PreparedStatement {
  const counted = new Proxy(statement, {
    get(target, prop) {
      if (prop === "bind") return (...values: unknown[]) => countingStatement(target.bind(...values), trips);
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (!RUNS.has(prop)) return value.bind(target);
      return (...args: unknown[]) => {
        trips.count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  REAL.set(counted, statement);
  return counted;
}
