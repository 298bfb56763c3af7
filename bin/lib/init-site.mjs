// `cms-toolkit init <dir>`: writes a new site from templates/site into an empty or new folder: the
// Worker, its one declared collection and the migrations that make it (the toolkit's own tables
// copied from sql/, the collection's generated from its declaration and kept equal to it by the
// toolkit's tests), wrangler.toml with every binding named, package.json whose versions follow this
// package, and .dev.vars with a fresh session secret. It needs nothing installed: only Node.
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { copyMigrations, PACKAGE_ROOT } from "./copy-parts.mjs";

const TEMPLATE = join(PACKAGE_ROOT, "templates/site");
/** The toolkit's SQL parts the template's Worker uses (createCms with the built-in sign-in and media). */
const SITE_PARTS = ["core", "media"];
const NAME_PLACEHOLDER = /__SITE_NAME__/g;
/**
 * An email address as `--email` takes it: nothing a shell reads specially, because it is written
 * into the `dev` script npm runs through a shell (`x@y;touch${IFS}PWNED` would run a command).
 */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/;

/**
 * A Worker name from a folder name: lowercase letters, digits and dashes, at most 63 characters.
 *
 * @example
 * siteName("My Site!") // "my-site"
 */
export function siteName(folder) {
  const name = folder.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 63).replace(/-+$/, "");
  if (name === "") throw new Error(`cannot make a Worker name of ${JSON.stringify(folder)}: name the folder with letters or digits`);
  return name;
}

/**
 * The new site's package.json: its scripts, and dependencies at the versions this package is
 * built and tested with (`toolkit` is how to get cms-toolkit itself: a range, or a tarball).
 *
 * @example
 * sitePackageJson("my-site", "^0.1.0", publisher)
 */
export function sitePackageJson(name, toolkit, publisher) {
  const own = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8"));
  const from = "src/collections.ts";
  return {
    name,
    version: "0.0.0",
    private: true,
    type: "module",
    scripts: {
      dev: `cms-toolkit client public && cms-toolkit dev --from ${from} --publisher ${publisher}`,
      deploy: "cms-toolkit client public && cms-toolkit deploy",
      typecheck: "tsc -p tsconfig.json",
      migrations: `cms-toolkit migrations generate --from ${from}`,
    },
    dependencies: {
      "cms-toolkit": toolkit ?? `^${own.version}`,
      // The toolkit's peers, in the ranges it accepts.
      ...Object.fromEntries(["drizzle-orm", "partyserver", "y-partyserver", "yjs"].map((dep) => [dep, own.peerDependencies[dep]])),
    },
    devDependencies: {
      "@cloudflare/workers-types": own.peerDependencies["@cloudflare/workers-types"],
      typescript: `^${own.devDependencies.typescript}`,
      // Exactly the wrangler the toolkit is tested with: later releases may need a newer Node.
      wrangler: own.devDependencies.wrangler,
    },
  };
}

function fillTemplate(dir, name) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) fillTemplate(path, name);
    else writeFileSync(path, readFileSync(path, "utf8").replace(NAME_PLACEHOLDER, name));
  }
}

/**
 * Writes the site into `dir` (created when missing; refused when it holds anything). Returns the
 * folder and the Worker name.
 *
 * @example
 * initSite("my-site", { publisher: "you@example.com" }) // { dir: "/home/you/my-site", name: "my-site" }
 */
export function initSite(dir, { toolkit, publisher = "publisher@example.test" } = {}) {
  if (!EMAIL.test(publisher)) throw new Error(`--email must be an email address (letters, digits and . _ % + - around one @), got ${JSON.stringify(publisher)}`);
  const target = realTarget(dir);
  const existed = existsSync(target);
  if (existed && (!statSync(target).isDirectory() || readdirSync(target).length > 0)) {
    throw new Error(`${dir} is not an empty folder: init writes a new site, so give it a new or empty folder`);
  }
  const name = siteName(basename(target));
  mkdirSync(target, { recursive: true });
  try {
    writeSite(target, name, { toolkit, publisher });
  } catch (error) {
    // Never leave half a site: the folder goes back to what it was (absent, or empty).
    if (existed) for (const entry of readdirSync(target)) rmSync(join(target, entry), { recursive: true, force: true });
    else rmSync(target, { recursive: true, force: true });
    throw error;
  }
  return { dir: target, name, relative: relative(process.cwd(), target) || "." };
}

/**
 * The folder to write: `dir` resolved, through a symbolic link when `dir` is one (the site is
 * written where the link points, which must exist). A dangling link is refused.
 */
function realTarget(dir) {
  const target = resolve(dir);
  let link;
  try {
    link = lstatSync(target);
  } catch {
    return target;
  }
  if (!link.isSymbolicLink()) return target;
  if (!existsSync(target)) throw new Error(`${dir} is a link to nothing: init writes a new site, so give it a new or empty folder`);
  return realpathSync(target);
}

function writeSite(target, name, { toolkit, publisher }) {
  // The toolkit's own tables first (0001, 0002…), so the template's collection migrations follow them.
  const parts = copyMigrations(join(target, "migrations"), { parts: SITE_PARTS });
  const taken = readdirSync(join(TEMPLATE, "migrations")).map((file) => Number.parseInt(file, 10));
  if (Math.min(...taken) <= parts.length) throw new Error("the template's migrations are numbered below the toolkit's parts");
  cpSync(TEMPLATE, target, { recursive: true });
  // npm never packs a file named .gitignore, so the template holds it without the dot.
  renameSync(join(target, "gitignore"), join(target, ".gitignore"));
  fillTemplate(target, name);
  writeFileSync(join(target, "package.json"), `${JSON.stringify(sitePackageJson(name, toolkit, publisher), null, 2)}\n`);
  // The session secret signs every editor's cookie: readable by its owner only.
  writeFileSync(join(target, ".dev.vars"), `# Local secrets for wrangler dev (never committed). Deployed: npx wrangler secret put CMS_SESSION_SECRET\nCMS_SESSION_SECRET=${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
}
