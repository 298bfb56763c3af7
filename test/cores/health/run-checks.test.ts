import { describe, expect, it } from "vitest";
import { runHealthChecks, worst, type HealthCheck, type HealthStatus } from "../../../src/cores/health/run-checks";
import { missingBinding } from "../../../src/shared/misconfigured";

const passing: HealthCheck = { name: "d1", failure: "down", run: async () => undefined };

describe("runHealthChecks", () => {
  it.each<[string, HealthCheck, { status: HealthStatus; detail?: string; fix?: string }]>([
    ["a check that answers nothing passed", passing, { status: "ok" }],
    ["a check says what it found", { name: "x", failure: "down", run: async () => ({ status: "degraded", detail: "late" }) }, { status: "degraded", detail: "late" }],
    ["a throw is the check failing, at its failure status", { name: "x", failure: "degraded", run: () => Promise.reject(new Error("R2 is away")) }, { status: "degraded", detail: "R2 is away" }],
    ["a thrown non-error still fails the check", { name: "x", failure: "down", run: () => Promise.reject("bare") }, { status: "down", detail: "bare" }],
    [
      "a misconfiguration is down with its fix",
      { name: "x", failure: "degraded", run: () => Promise.reject(missingBinding("MEDIA", "R2 bucket", "uploads")) },
      { status: "down", detail: expect.stringContaining("MEDIA") as unknown as string, fix: expect.stringContaining('[[r2_buckets]] binding = "MEDIA"') as unknown as string },
    ],
    ["a check that never answers times out", { name: "x", failure: "degraded", run: () => new Promise(() => undefined) }, { status: "degraded", detail: "no answer after 20 ms" }],
  ])("%s", async (_label, check, expected) => {
    const { status, checks } = await runHealthChecks([check], { timeoutMs: 20 });
    expect(checks).toEqual([{ name: check.name, ms: expect.any(Number), ...expected }]);
    expect(status).toBe(expected.status);
  });

  it("times each check with the clock it is given and reports the worst status", async () => {
    let clock = 1000;
    const slow: HealthCheck = { name: "slow", failure: "degraded", run: async () => void (clock += 7) };
    const broken: HealthCheck = { name: "broken", failure: "degraded", run: () => Promise.reject(new Error("no")) };
    const result = await runHealthChecks([slow, broken, passing], { now: () => clock });
    expect(result.status).toBe("degraded");
    expect(result.checks.find((entry) => entry.name === "slow")?.ms).toBe(7);
  });
});

describe("worst", () => {
  it.each<[HealthStatus[], HealthStatus]>([
    [[], "ok"],
    [["ok", "ok"], "ok"],
    [["ok", "degraded"], "degraded"],
    [["degraded", "down", "ok"], "down"],
  ])("%j -> %s", (statuses, expected) => {
    expect(worst(statuses)).toBe(expected);
  });
});
