// The secrets a deployed site needs. The toolkit's own HMAC keys are random and nobody else has to
// know them, so deploy generates each one the deployment lacks and hands it to `wrangler secret put`
// on stdin: it never appears in an argument, a file or the output. Any other secret the site's
// .dev.vars names (a provider's key) cannot be invented, so deploy names it with the command to set it.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Always generated: it signs every editor's session cookie. */
const SESSION_SECRET = "CMS_SESSION_SECRET";
/** Generated when the site names them in .dev.vars or .dev.vars.example. */
const GENERATED_WHEN_NAMED = ["CMS_FORM_TIMING_SECRET"];
/** Local-only settings (the dev accounts' password), never deployed. */
const LOCAL_ONLY = /^CMS_DEV_/;
const DEV_VARS_FILES = [".dev.vars", ".dev.vars.example"];

/** The keys set (not commented out) in the site's .dev.vars and .dev.vars.example. */
function devVarNames(siteDir) {
  const names = new Set();
  for (const file of DEV_VARS_FILES) {
    const path = join(siteDir, file);
    if (!existsSync(path)) continue;
    for (const match of readFileSync(path, "utf8").matchAll(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)) names.add(match[1]);
  }
  return names;
}

/**
 * The secrets of the site in `siteDir`: `generated`, which deploy sets when absent, and `named`,
 * the other .dev.vars keys (minus the `[vars]` of wrangler.toml, `varNames`) it can only report.
 *
 * @example
 * siteSecrets("/home/you/my-site", new Set(["MEDIA_URL"])) // { generated: ["CMS_SESSION_SECRET"], named: [] }
 */
export function siteSecrets(siteDir, varNames) {
  const names = devVarNames(siteDir);
  const generated = [SESSION_SECRET, ...GENERATED_WHEN_NAMED.filter((name) => names.has(name))];
  const named = [...names].filter((name) => !generated.includes(name) && !LOCAL_ONLY.test(name) && !varNames.has(name)).sort();
  return { generated, named };
}

/** A fresh random key: 32 bytes, 43 base64url characters (the session secret needs 32 or more). */
export const generateSecret = () => randomBytes(32).toString("base64url");

/**
 * Sets each generated secret the deployment lacks and reports the named ones it lacks. `wrangler`
 * runs one command and resolves with its output (`{ input }` goes to stdin, `{ stdoutOnly }` keeps
 * stderr out of a JSON answer). Resolves with `{ set, present, missing }`.
 *
 * @example
 * await setMissingSecrets(siteSecrets(dir, vars), (args, options) => runWrangler([...args, "--config", config], { cwd, ...options }));
 */
export async function setMissingSecrets({ generated, named }, wrangler) {
  const listed = JSON.parse(await wrangler(["secret", "list", "--format", "json"], { stdoutOnly: true }));
  const present = new Set(listed.map((secret) => secret.name));
  const set = [];
  for (const name of generated.filter((key) => !present.has(key))) {
    await wrangler(["secret", "put", name], { input: generateSecret() });
    set.push(name);
  }
  return { set, present: generated.filter((key) => present.has(key)), missing: named.filter((key) => !present.has(key)) };
}
