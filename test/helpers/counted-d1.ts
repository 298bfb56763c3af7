/**
 * Counts the statements real D1 bindings are asked to prepare whose SQL matches `pattern`: what a
 * test reads to say how many D1 reads a path costs. `wrap` answers the binding itself behind a
 * proxy that counts; every call goes to D1.
 *
 * @example
 * const reads = countedD1(/editor_sessions/);
 * await sessionStandings({ DB: reads.wrap(env.DB) }, sessions);
 * expect(reads.count()).toBe(1);
 */
export function countedD1(pattern: RegExp): { wrap(db: D1Database): D1Database; count(): number; reset(): void } {
  let count = 0;
  const wrap = (db: D1Database): D1Database =>
    new Proxy(db, {
      get(target, key) {
        if (key === "prepare")
          return (sql: string) => {
            if (pattern.test(sql)) count++;
            return target.prepare(sql);
          };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { wrap, count: () => count, reset: () => void (count = 0) };
}
