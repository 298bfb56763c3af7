// Loads a TypeScript module of this project into Node: esbuild bundles it (and whatever it imports)
// into one ESM text in memory, which is imported from a data: URL. Nothing is written to disk, so
// scripts run the very source the Worker runs, with no build step and no stale output.
import { build } from "esbuild";
import { resolve } from "node:path";

const cache = new Map();

/**
 * Imports a `.ts` file (path relative to the working directory, or absolute).
 *
 * @example
 * const { hashPassword } = await loadTs("src/auth/password.ts");
 */
export function loadTs(path) {
  const entry = resolve(path);
  if (!cache.has(entry)) cache.set(entry, bundleAndImport(entry));
  return cache.get(entry);
}

async function bundleAndImport(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}
