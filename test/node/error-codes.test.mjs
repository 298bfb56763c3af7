/*
 * One registry of error codes: docs/contract.md's "Error codes" table lists every `code` a response
 * can carry. This reads the server's sources and fails on a code written there that the table
 * lacks, and on a row whose code no source writes any more. src/client only reads codes, and
 * src/commerce's `CommerceError` codes are the providers' (neither answers a request of ours).
 * Run: node --test test/node/error-codes.test.mjs
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const SKIPPED = ["src/client", "src/commerce"];
const CODE_LITERAL = /"([a-z][a-z0-9_]*)"/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (SKIPPED.includes(relative(ROOT, path))) continue;
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

/** The text without comments (examples in JSDoc name codes too); a `//` inside a URL string stays. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/**
 * The codes a source writes, in the three forms the sources use: a `code:` property (an error's
 * options, a violation, a field problem; a conditional names each of its codes), a violation
 * helper `bad("code", …)`, and a `…_CODES = { reason: "code" }` map.
 */
export function codesIn(text) {
  const code = withoutComments(text);
  const found = new Set();
  const add = (source) => {
    for (const [, name] of source.matchAll(CODE_LITERAL)) found.add(name);
  };
  for (const [, value] of code.matchAll(/\bcode:\s*([^,}\n]+)/g)) add(value);
  for (const [, name] of code.matchAll(/\bbad\(\s*"([a-z][a-z0-9_]*)"/g)) found.add(name);
  for (const [, body] of code.matchAll(/_CODES\s*=\s*\{([^}]*)\}/g)) add(body.replace(/^\s*\w+\s*:/gm, ""));
  return found;
}

/** The codes of the first column of the table under docs/contract.md's "Error codes" heading. */
export function registeredCodes(markdown) {
  const section = /^#+ Error codes\n([\s\S]*?)(?=^#)/m.exec(markdown);
  assert.ok(section, 'docs/contract.md has an "Error codes" section');
  return [...section[1].matchAll(/^\| `([a-z][a-z0-9_]*)` \|/gm)].map(([, name]) => name);
}

test("every code written in src/ is in docs/contract.md's table, and every row is still written", () => {
  const thrown = new Map();
  for (const file of sourceFiles(join(ROOT, "src"))) {
    for (const name of codesIn(readFileSync(file, "utf8"))) thrown.set(name, thrown.get(name) ?? relative(ROOT, file));
  }
  const registered = registeredCodes(readFileSync(join(ROOT, "docs/contract.md"), "utf8"));
  assert.deepEqual(registered.filter((name, i) => registered.indexOf(name) !== i), [], "codes listed twice");
  const missing = [...thrown].filter(([name]) => !registered.includes(name)).map(([name, file]) => `${name} (${file})`);
  assert.deepEqual(missing, [], "codes thrown in src/ that docs/contract.md does not list");
  assert.deepEqual(registered.filter((name) => !thrown.has(name)), [], "codes docs/contract.md lists that nothing in src/ answers");
});

test("the scan reads each form a code is written in, and skips comments", () => {
  const source = [
    '/** @example throw new HttpError(404, "x", { code: "in_a_comment" }) */',
    'throw new HttpError(409, "taken", { code: "conflict", details: { violations: [{ path: "slug", message: "taken", code: "unique" }] } });',
    'const status = 1; throw new HttpError(status, "m", { code: status === 404 ? "not_found" : "room_unavailable" });',
    'if (x) return bad("too_short", "is too short"); // bad("commented_out")',
    'const REFUSAL_CODES = {\n  empty: "empty_upload",\n  truncated: "truncated_image",\n} as const;',
    'const url = "https://example.com/a"; const other = { code: "after_url" };',
  ].join("\n");
  assert.deepEqual([...codesIn(source)].sort(), ["after_url", "conflict", "empty_upload", "not_found", "room_unavailable", "too_short", "truncated_image", "unique"]);
});
