#!/usr/bin/env node
// Builds the inline-editing client for the reference site into dist/client/cms-client/, served as
// static assets at /cms-client/*. One small entry (louise.js: markers, plain text, auto-save, edit
// bar) and lazily imported chunks for rich text and live editing, which only pages that need them
// load. `--sizes` prints the gzipped size of each path; `--json` prints them as JSON (for bench).
import { build } from "esbuild";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The assets directory wrangler serves; the client lives under its cms-client/ folder. */
export const ASSETS_DIR = join(ROOT, "dist/client");
export const OUT_DIR = join(ASSETS_DIR, "cms-client");

/**
 * Bundles the client. Returns the esbuild metafile.
 *
 * @example
 * const meta = await buildClient();
 */
export async function buildClient({ minify = true } = {}) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { louise: "src/client/site-entry.ts" },
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    minify,
    sourcemap: false,
    metafile: true,
    chunkNames: "chunks/[name]-[hash]",
    legalComments: "none",
    logLevel: "warning",
    write: false,
  });
  publish(result.outputFiles);
  return result.metafile;
}

/*
 * Puts a build in place without a moment where a file is missing or half written: a server may be
 * serving the folder (a test's `wrangler dev` while another one's `[build]` runs), and each changed
 * file replaces its old copy by a rename. Files of an earlier build that this one lacks go last.
 */
function publish(outputFiles) {
  const written = new Set();
  for (const file of outputFiles) {
    written.add(file.path);
    // An unchanged file is left alone: `wrangler dev` reloads on any change to its assets.
    if (existsSync(file.path) && readFileSync(file.path).equals(file.contents)) continue;
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  for (const entry of readdirSync(OUT_DIR, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !written.has(path) && !path.endsWith(".tmp")) rmSync(path, { force: true });
  }
}

/**
 * Gzipped sizes: the plain-text path (the entry and its static imports) and the rich/collab path
 * (everything loaded lazily on top of it).
 *
 * @example
 * clientSizes(meta) // { plainGzipBytes: 9000, richCollabGzipBytes: 90000, files: [...] }
 */
export function clientSizes(metafile) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint === "src/client/site-entry.ts");
  const gz = (path) => gzipSync(readFileSync(join(ROOT, path)), { level: 9 }).byteLength;
  const staticClosure = new Set();
  const visit = (path) => {
    if (staticClosure.has(path)) return;
    staticClosure.add(path);
    for (const imp of outputs[path].imports) if (imp.kind === "import-statement" && outputs[imp.path]) visit(imp.path);
  };
  visit(entry);
  const files = Object.keys(outputs).filter((path) => path.endsWith(".js")).map((path) => ({ file: relative(ASSETS_DIR, join(ROOT, path)), gzipBytes: gz(path) }));
  const sum = (paths) => paths.reduce((total, path) => total + gz(path), 0);
  const lazy = Object.keys(outputs).filter((path) => path.endsWith(".js") && !staticClosure.has(path));
  return { plainGzipBytes: sum([...staticClosure]), richCollabGzipBytes: sum(lazy), files };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const meta = await buildClient();
  const sizes = clientSizes(meta);
  if (process.argv.includes("--json")) console.log(JSON.stringify(sizes));
  else if (process.argv.includes("--sizes")) {
    for (const { file, gzipBytes } of sizes.files) console.log(`${(gzipBytes / 1024).toFixed(1).padStart(7)} KB gz  ${file}`);
    console.log(`plain-text path: ${(sizes.plainGzipBytes / 1024).toFixed(1)} KB gz; rich/collab path (lazy): ${(sizes.richCollabGzipBytes / 1024).toFixed(1)} KB gz`);
  } else console.log(`client built into ${relative(ROOT, OUT_DIR)}/`);
}
