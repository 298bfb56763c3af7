// `cms-toolkit dev`: a site's local start in one command. Applies its migrations to the local D1,
// checks the declared collections against what is applied (stopping with the fix when they
// disagree), adds a first admin when the database has no editor yet (its password printed this
// once), then runs `wrangler dev`. Accounts that exist are never rewritten, so a restart keeps every
// editor signed in.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { checkMigrations } from "./check-migrations.mjs";
import { d1Target } from "./d1-target.mjs";
import { assertEditorInput, sqlString } from "./editor-accounts.mjs";
import { runEditorSql } from "./editor-tables.mjs";
import { resolveWrangler, runWrangler } from "./wrangler.mjs";

/** Options `dev` reads; every other argument goes to `wrangler dev` as given. */
const DEV_OPTIONS = { from: "src/collections.ts", dir: "migrations", publisher: undefined, database: "DB", "persist-to": undefined, config: undefined };
const SHORT = { "-c": "config" };

/**
 * Splits `dev`'s own options (`--name value` or `--name=value`) from the arguments for `wrangler dev`.
 *
 * @example
 * splitDevArgs(["--publisher", "a@b.c", "--port", "8861"]) // { options: { publisher: "a@b.c", … }, rest: ["--port", "8861"] }
 */
export function splitDevArgs(args) {
  const options = { ...DEV_OPTIONS };
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const name = SHORT[flag] ?? (flag.startsWith("--") ? flag.slice(2) : null);
    if (name === null || !(name in DEV_OPTIONS)) {
      rest.push(args[i]);
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || value === "") throw new Error(`${flag} needs a value`);
    options[name] = value;
  }
  return { options, rest };
}

/** `MEDIA_URL` as wrangler.toml sets it; the value of a `[vars]` line. */
const MEDIA_URL_LINE = /^\s*MEDIA_URL\s*=\s*"([^"]*)"/m;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The `--var` that points `MEDIA_URL` at the port `wrangler dev` is asked to listen on (`--port`),
 * when the configured `MEDIA_URL` is a local address on another port: uploads answer their URL from
 * it, and the template's `http://localhost:8787/media` would otherwise name a port nothing serves.
 * `[]` when no port is given, `MEDIA_URL` is not local, already matches, or a `--var MEDIA_URL:` is given.
 *
 * @example
 * mediaUrlArgs(["--port", "8861"], 'MEDIA_URL = "http://localhost:8787/media"') // ["--var", "MEDIA_URL:http://localhost:8861/media"]
 */
export function mediaUrlArgs(rest, toml) {
  let port;
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].split(/=(.*)/s, 2);
    if (flag === "--port") port = inline ?? rest[i + 1];
    if ((flag === "--var" || flag === "--vars") && (inline ?? rest[i + 1] ?? "").startsWith("MEDIA_URL:")) return [];
  }
  const configured = MEDIA_URL_LINE.exec(toml)?.[1];
  if (port === undefined || !/^\d{1,5}$/.test(port) || configured === undefined) return [];
  let url;
  try {
    url = new URL(configured);
  } catch {
    return [];
  }
  if (!LOCAL_HOSTS.has(url.hostname) || url.port === port) return [];
  url.port = port;
  return ["--var", `MEDIA_URL:${url.href.replace(/\/$/, configured.endsWith("/") ? "/" : "")}`];
}

/**
 * Adds `email` as the site's first admin (its owner: it publishes, manages people and settings) with a fresh random password when the `editors` table is empty, in
 * one statement (so two starts cannot both add one). Returns the password, or null when an editor
 * already existed and nothing was written.
 *
 * @example
 * const password = await addFirstAdmin({ email: "you@example.com", target, cwd });
 */
export async function addFirstAdmin({ email, target, cwd }) {
  const password = randomBytes(15).toString("base64url");
  const name = "Owner";
  assertEditorInput({ email, name, role: "admin", password });
  // The package's own build of the Worker's hashing, so the site verifies what is stored here.
  const { hashPassword } = await import("../../dist/lib/auth/password.js");
  const sql =
    "INSERT INTO editors (email, name, role, password_hash) " +
    `SELECT ${sqlString(email)}, ${sqlString(name)}, 'admin', ${sqlString(await hashPassword(password))} ` +
    "WHERE NOT EXISTS (SELECT 1 FROM editors); " +
    // Local D1 reports no `changes` in its answer's meta, so the statement after says whether it wrote.
    "SELECT changes() AS added;";
  const args = ["d1", "execute", target.database, target.target, "--command", sql, ...target.flags, "--json"];
  const answer = JSON.parse(await runEditorSql((wranglerArgs) => runWrangler(wranglerArgs, { cwd }), args));
  return answer.at(-1)?.results?.[0]?.added === 1 ? password : null;
}

/**
 * Runs `cms-toolkit dev [--from src/collections.ts] [--dir migrations] [--publisher email]
 * [--database DB] [--persist-to DIR] [-c wrangler.toml] [wrangler dev arguments…]`; resolves with
 * wrangler's exit code.
 *
 * @example
 * process.exitCode = await devSite(["--publisher", "you@example.com", "--port", "8788"]);
 */
export async function devSite(args, { cwd = process.cwd() } = {}) {
  const { options, rest } = splitDevArgs(args);
  const target = d1Target({ local: true, database: options.database, "persist-to": options["persist-to"], config: options.config });
  await runWrangler(["d1", "migrations", "apply", target.database, "--local", ...target.flags], { cwd });
  await checkMigrations({ from: resolve(cwd, options.from), dir: resolve(cwd, options.dir), cwd, target });
  if (options.publisher) {
    const password = await addFirstAdmin({ email: options.publisher, target, cwd });
    if (password) {
      console.log(
        [
          "",
          "  The first admin, the site's owner (the password is shown this once):",
          `    email:     ${options.publisher}`,
          `    password:  ${password}`,
          "  Sign in at /login on the address below. A new password, or another editor:",
          `    npx cms-toolkit add-editor --email ${options.publisher} --name Owner --role admin --local`,
          "",
        ].join("\n"),
      );
    }
  }
  const toml = readConfig(resolve(cwd, options.config ?? "wrangler.toml"));
  const child = spawn(process.execPath, [resolveWrangler(cwd), "dev", ...target.flags, ...rest, ...mediaUrlArgs(rest, toml)], { cwd, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  return new Promise((resolvePromise, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

function readConfig(path) {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}
