// Installs a site's dependencies with no network, from the npm cache the repository's own
// `npm ci` filled. That cache holds the tarballs of every package in package-lock.json but none of
// the registry's version lists (the lockfile names exact versions, so `npm ci` never asked for
// them), and npm cannot choose a version for a range like "^0.45.4" without that list. So the site
// gets a lockfile made of the repository's: every version the toolkit is tested with, which npm
// then fetches from the cache by integrity, pruning what the site does not use. `--legacy-peer-deps`
// because placing the new cms-toolkit tarball would otherwise make npm read its peers' version
// lists; the site names those peers as its own dependencies, so they are installed all the same.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pack.mjs";

/**
 * Writes `<siteDir>/package-lock.json` from the repository's lockfile and the site's package.json,
 * then runs `npm install --offline` there. Throws (with npm's output) when something is not cached.
 *
 * @example
 * installOffline("/tmp/my-site");
 */
export function installOffline(siteDir) {
  const site = JSON.parse(readFileSync(join(siteDir, "package.json"), "utf8"));
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8"));
  const root = { name: site.name, version: site.version, dependencies: site.dependencies, devDependencies: site.devDependencies };
  // The toolkit itself is not in the repository's lockfile: npm adds it from the tarball the site names.
  const packages = { "": root, ...Object.fromEntries(Object.entries(lock.packages).filter(([path]) => path !== "")) };
  writeFileSync(join(siteDir, "package-lock.json"), JSON.stringify({ name: site.name, version: site.version, lockfileVersion: 3, requires: true, packages }, null, 2));
  execFileSync("npm", ["install", "--offline", "--legacy-peer-deps", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: siteDir,
    encoding: "utf8",
    stdio: "pipe",
  });
}
