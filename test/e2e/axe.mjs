// axe-core (a pinned devDependency) injected into the page under test: the accessibility scans
// of the e2e suite.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/*
 * Evaluated through the DevTools protocol rather than added as a <script>: the pages run under a
 * strict CSP (only the nonced editor script), which a test tool must not have to weaken.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core in the page (optionally only inside `selector`) and resolves the serious and
 * critical violations as readable lines: rule, impact, and the offending elements.
 *
 * @example
 * assert.deepEqual(await seriousViolations(page), []);
 */
export async function seriousViolations(page, selector) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (include) => {
    const result = await window.axe.run(include ? { include: [include] } : document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`) }));
  }, selector ?? null);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.help}\n      ${v.nodes.join("\n      ")}`);
}
