// Packs the toolkit as `npm pack` would publish it and installs the tarball into a consumer folder
// without the network: the tarball is unpacked into <consumer>/node_modules/cms-toolkit, and the
// toolkit's own dependencies resolve from the repository's node_modules further up the tree (Node
// and TypeScript both walk up), exactly as they would from a consumer's own install.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (where package.json is). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Runs `npm pack` on the already-built repository (`npm run build` first) and returns the
 * tarball's path and the list of files it holds.
 *
 * @example
 * const { tarball, files } = packToolkit();
 */
export function packToolkit() {
  for (const built of ["dist/lib/index.js", "dist/client/cms-client/louise.js"]) {
    if (!existsSync(join(REPO_ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const destination = mkdtempSync(join(tmpdir(), "cms-toolkit-pack-"));
  // --ignore-scripts: prepack would rebuild what the caller has just built.
  const output = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", destination], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [info] = JSON.parse(output);
  return { tarball: join(destination, info.filename), files: info.files.map((file) => file.path) };
}

/**
 * Unpacks `tarball` as `<consumerDir>/node_modules/cms-toolkit`, replacing any earlier install.
 *
 * @example
 * installTarball(tarball, "examples/site");
 */
export function installTarball(tarball, consumerDir) {
  const target = join(consumerDir, "node_modules/cms-toolkit");
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"]);
  return target;
}
