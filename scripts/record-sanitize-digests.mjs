#!/usr/bin/env node
/*
 * Records the digest of the sanitizer's output for each group of test/fixtures/sanitize-cases.ts
 * into test/fixtures/sanitize-digests.ts, which test/cores/sanitize/sanitize-digests.test.ts
 * compares with. Run it only when a change of the sanitizer's output is meant, and say in the
 * change what output changed and why.
 *
 *   node scripts/record-sanitize-digests.mjs [path/to/sanitizer.ts]
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const sanitizer = resolve(process.argv[2] ?? join(ROOT, "src/cores/sanitize/index.ts"));
const dir = mkdtempSync(join(tmpdir(), "sanitize-digests-"));
try {
  const entry = join(dir, "entry.ts");
  writeFileSync(
    entry,
    `export { sanitizeRichHtml } from ${JSON.stringify(sanitizer)};\nexport { sanitizeCaseGroups } from ${JSON.stringify(join(ROOT, "test/fixtures/sanitize-cases.ts"))};\n`,
  );
  const out = join(dir, "entry.mjs");
  await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", outfile: out, logLevel: "error" });
  const { sanitizeRichHtml, sanitizeCaseGroups } = await import(pathToFileURL(out).href);
  const lines = Object.entries(sanitizeCaseGroups()).map(([name, cases]) => {
    const outputs = cases.map(({ html, mediaBase }) => sanitizeRichHtml(html, mediaBase === undefined ? {} : { mediaBase }));
    return `  ${JSON.stringify(name)}: "${createHash("sha256").update(JSON.stringify(outputs)).digest("hex")}",`;
  });
  writeFileSync(
    join(ROOT, "test/fixtures/sanitize-digests.ts"),
    `// Written by scripts/record-sanitize-digests.mjs: the SHA-256 of the sanitizer's outputs for each group of sanitize-cases.ts.\nexport const SANITIZE_DIGESTS: Record<string, string> = {\n${lines.join("\n")}\n};\n`,
  );
  console.log(`recorded ${lines.length} groups from ${sanitizer}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
