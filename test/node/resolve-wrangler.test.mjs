// `npx cms-toolkit …` runs the site's own wrangler, found from the site's directory. Newer wranglers
// (4.164) name only `.` and `./package.json` in their `exports`, so the CLI script is found beside
// the package.json, not by resolving `wrangler/bin/wrangler.js` (which such a wrangler refuses).
// Run: node --test test/node/resolve-wrangler.test.mjs
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";
import { resolveWrangler } from "../../bin/lib/wrangler.mjs";

// The stand-in some tests name takes the place of any resolution.
delete process.env.CMS_TOOLKIT_WRANGLER;
const scratch = mkdtempSync(join(tmpdir(), "cms-resolve-wrangler-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/* A site whose node_modules holds a wrangler package with `exports` as given. */
function siteWithWrangler(name, exports) {
  const site = join(scratch, name);
  const wrangler = join(site, "node_modules", "wrangler");
  mkdirSync(join(wrangler, "bin"), { recursive: true });
  writeFileSync(join(site, "package.json"), JSON.stringify({ name, private: true }));
  writeFileSync(join(wrangler, "package.json"), JSON.stringify({ name: "wrangler", version: "4.164.0", bin: { wrangler: "./bin/wrangler.js" }, ...(exports ? { exports } : {}) }));
  writeFileSync(join(wrangler, "bin", "wrangler.js"), "");
  return site;
}

it("finds the CLI of a wrangler whose exports name only . and ./package.json", () => {
  const site = siteWithWrangler("exports-site", { ".": "./wrangler-dist/cli.js", "./package.json": "./package.json" });
  assert.equal(resolveWrangler(site), join(site, "node_modules", "wrangler", "bin", "wrangler.js"));
});

it("finds the CLI of a wrangler without exports", () => {
  const site = siteWithWrangler("plain-site", null);
  assert.equal(resolveWrangler(site), join(site, "node_modules", "wrangler", "bin", "wrangler.js"));
});

it("says how to install wrangler when the site has none", () => {
  const site = join(scratch, "no-wrangler");
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, "package.json"), JSON.stringify({ name: "no-wrangler", private: true }));
  assert.throws(() => resolveWrangler(site), /npm install --save-dev wrangler/);
});
