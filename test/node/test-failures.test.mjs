/*
 * `npm test` closes with what failed, test by test (scripts/lib/test-failures.mjs), since CI shows
 * only the tail of a long log: a browser test that failed among 170 must be named there.
 * Run: node --test test/node/test-failures.test.mjs
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { failuresOf } from "../../scripts/lib/test-failures.mjs";

const NO_REPORT = join(tmpdir(), "no-such-report.json");

test("a failed browser test is named with its error's first lines, and nothing of the tests that passed or the server's output", () => {
  const output = [
    "  ✓ links: a link is edited (1203 ms)",
    "  ✗ presence: an editor who leaves is hidden",
    "    Error: timed out waiting for the avatar to go",
    "        at waitFor (file:///test/e2e/browser.mjs:10:5)",
    "  requests still unanswered: none",
    "  server: GET /api/cms/health 200 OK",
    "  ✓ publish: the publisher's edit goes live (4919 ms)",
    "84 passed, 1 failed",
  ].join("\n");
  assert.equal(
    failuresOf("browser", output, NO_REPORT),
    ["  ✗ presence: an editor who leaves is hidden", "    Error: timed out waiting for the avatar to go", "        at waitFor (file:///test/e2e/browser.mjs:10:5)"].join("\n"),
  );
});

test("a failed workerd test is named from vitest's JSON report with its message", () => {
  const report = join(mkdtempSync(join(tmpdir(), "failures-")), "vitest.json");
  const passed = { fullName: "pages lists pages", status: "passed", failureMessages: [] };
  const failed = { fullName: "publish refuses an editor", status: "failed", failureMessages: ["AssertionError: expected 403 to be 200\n    at test/publish.test.ts:12:3"] };
  writeFileSync(report, JSON.stringify({ testResults: [{ assertionResults: [passed, failed] }] }));
  assert.equal(failuresOf("workerd suite", "\x1b[31m FAIL \x1b[39m test/publish.test.ts", report), "  ✗ publish refuses an editor\n    AssertionError: expected 403 to be 200\n        at test/publish.test.ts:12:3");
});

test("a step without a failed test's line, or without a report, is shown by its last fifteen lines", () => {
  const output = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n\n");
  const shown = failuresOf("node room", output, NO_REPORT).split("\n");
  assert.deepEqual(shown, Array.from({ length: 15 }, (_, i) => `  line ${i + 16}`));
  assert.equal(failuresOf("workerd suite", "Error: no runtime", NO_REPORT), "  Error: no runtime");
});
