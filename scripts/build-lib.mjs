#!/usr/bin/env node
// Builds the package's library entries into dist/lib/: ESM `.js` and `.d.ts` per source file, by
// tsc (server entries with Workers types, the browser client with DOM types). The sources import
// relative modules without extensions (bundler resolution); Node's ESM loader and NodeNext
// consumers need full paths, so every relative specifier in the output gets its `.js` or
// `/index.js` here, from what tsc actually wrote.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Where the library entries are written (dist/client stays the browser bundle's assets folder). */
export const LIB_DIR = join(ROOT, "dist/lib");
const TSC = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin/tsc");

/* `from "./x"`, `import "./x"`, `import("./x")`: the three places a relative specifier appears in tsc output. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']*)\2/g;

/**
 * The specifier as Node resolves it: `./x` → `./x.js` when `x.d.ts` or `x.js` was emitted,
 * `./x/index.js` for a folder. Anything already ending in `.js` is left alone.
 *
 * @example
 * withExtension("/out/routes", "./json") // "./json.js"
 */
export function withExtension(fromDir, specifier) {
  if (/\.(m|c)?js$/.test(specifier)) return specifier;
  const target = resolve(fromDir, specifier);
  if (existsSync(`${target}.js`) || existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, "index.js")) || existsSync(join(target, "index.d.ts"))) return `${specifier}/index.js`;
  throw new Error(`build-lib: cannot resolve ${specifier} from ${relative(ROOT, fromDir)}`);
}

function* outputFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* outputFiles(path);
    else if (name.endsWith(".js") || name.endsWith(".d.ts")) yield path;
  }
}

/**
 * Cleans dist/lib, compiles both tsconfigs, and fixes the relative specifiers.
 *
 * @example
 * buildLib(); // dist/lib/index.js, dist/lib/index.d.ts, …
 */
export function buildLib() {
  rmSync(LIB_DIR, { recursive: true, force: true });
  for (const project of ["tsconfig.build.json", "tsconfig.build-client.json"]) {
    execFileSync(process.execPath, [TSC, "-p", project], { cwd: ROOT, stdio: "inherit" });
  }
  for (const file of outputFiles(LIB_DIR)) {
    const text = readFileSync(file, "utf8");
    const fixed = text.replace(SPECIFIER, (_all, lead, quote, specifier) => `${lead}${quote}${withExtension(dirname(file), specifier)}${quote}`);
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildLib();
  console.log(`library built into ${relative(ROOT, LIB_DIR)}/`);
}
