import { isMisconfigured } from "../../shared/misconfigured";

/** A deployment's health: `down` when it cannot serve editors (a binding, a migration, D1), `degraded` when a part of it fails. */
export type HealthStatus = "ok" | "degraded" | "down";

/** What one check found, with how long it took. */
export interface HealthCheckResult {
  name: string;
  status: HealthStatus;
  ms: number;
  detail?: string;
  /** What to do about a `down` found in the deployment (a wrangler.toml line, a command). */
  fix?: string;
}

/** What a check's run answers; nothing means it passed. */
export interface HealthFinding {
  status: HealthStatus;
  detail?: string;
  fix?: string;
}

/** One check: a name, how bad its failure is (a throw or a timeout), and its run. */
export interface HealthCheck {
  name: string;
  /** The status a throw or a timeout of this check gives. */
  failure: Exclude<HealthStatus, "ok">;
  run(): Promise<HealthFinding | void>;
}

/** A check that has not answered after this long fails (a store that hangs is a failing store). */
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

/**
 * Runs every check at once and reports each with its duration; the overall status is the worst of
 * them. A check that throws or takes longer than `timeoutMs` is that check failing (its `failure`
 * status, the error's message as `detail`; a misconfiguration `down` with its fix), never a failure
 * of the health answer.
 *
 * @example
 * const { status, checks } = await runHealthChecks([{ name: "d1", failure: "down", run: () => d1RoundTrip(env.DB) }]);
 */
export async function runHealthChecks(
  checks: readonly HealthCheck[],
  options: { now?: () => number; timeoutMs?: number } = {},
): Promise<{ status: HealthStatus; checks: HealthCheckResult[] }> {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  const results = await Promise.all(
    checks.map(async (check): Promise<HealthCheckResult> => {
      const started = now();
      const finding = await withTimeout(check.run(), timeoutMs).then(
        (found) => found ?? { status: "ok" as const },
        (error: unknown): HealthFinding => failed(check, error),
      );
      return { name: check.name, ...finding, ms: Math.max(0, now() - started) };
    }),
  );
  return { status: worst(results.map((result) => result.status)), checks: results };
}

/**
 * The worst of some statuses (`ok` for none).
 *
 * @example
 * worst(["ok", "degraded"]) // "degraded"
 */
export function worst(statuses: readonly HealthStatus[]): HealthStatus {
  if (statuses.includes("down")) return "down";
  return statuses.includes("degraded") ? "degraded" : "ok";
}

function failed(check: HealthCheck, error: unknown): HealthFinding {
  if (isMisconfigured(error)) return { status: "down", detail: error.message, fix: error.fix };
  return { status: check.failure, detail: error instanceof Error ? error.message : String(error) };
}

class CheckTimeout extends Error {
  constructor(ms: number) {
    super(`no answer after ${ms} ms`);
    this.name = "CheckTimeout";
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    if (timer !== null) clearTimeout(timer);
  });
}
