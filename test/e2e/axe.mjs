// axe-core (a pinned devDependency) injected into the page under test: the accessibility scans
// of the e2e suite.
import { createRequire } from "node:module";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * Runs axe-core in the page (optionally only inside `selector`) and resolves the serious and
 * critical violations as readable lines: rule, impact, and the offending elements.
 *
 * @example
 * assert.deepEqual(await seriousViolations(page), []);
 */
export async function seriousViolations(page, selector) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (include) => {
    const result = await window.axe.run(include ? { include: [include] } : document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`) }));
  }, selector ?? null);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.help}\n      ${v.nodes.join("\n      ")}`);
}
