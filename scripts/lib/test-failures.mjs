import { readFileSync } from "node:fs";

/**
 * A failed step's failures in a few lines each, for the end of `npm test`'s output (a CI log cut
 * to its tail must still name what failed): the browser suite's failed tests with the first lines
 * of their errors, the workerd suite's failed tests from vitest's JSON report at `vitestReport`,
 * else the step's last fifteen lines.
 * @param {string} step the step's name in scripts/test.mjs
 * @param {string} output everything the step printed
 * @param {string} vitestReport the path of the workerd suite's JSON report
 */
export function failuresOf(step, output, vitestReport) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  if (step === "browser") {
    const blocks = lines.flatMap((line, at) => {
      if (!/^ {2}✗ /.test(line)) return [];
      // test/e2e/run.mjs prints a failed test's error indented by four spaces, its first six lines.
      const error = lines.slice(at + 1, at + 7);
      const end = error.findIndex((l) => !l.startsWith("    "));
      return [line, ...(end === -1 ? error : error.slice(0, end))];
    });
    if (blocks.length > 0) return blocks.join("\n");
  }
  if (step === "workerd suite") {
    const failed = [];
    try {
      for (const file of JSON.parse(readFileSync(vitestReport, "utf8")).testResults ?? []) {
        for (const test of file.assertionResults ?? []) {
          if (test.status !== "failed") continue;
          const message = String(test.failureMessages?.[0] ?? "").split("\n").slice(0, 4);
          failed.push(`  ✗ ${test.fullName}`, ...message.map((l) => `    ${l}`));
        }
      }
    } catch {
      // No report: the step did not run to its end, and its last lines say why.
    }
    if (failed.length > 0) return failed.join("\n");
  }
  return lines
    .filter((line) => line.trim() !== "")
    .slice(-15)
    .map((line) => `  ${line}`)
    .join("\n");
}
