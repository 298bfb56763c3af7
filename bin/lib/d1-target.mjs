// Which D1 a command acts on: the binding, local or remote, and the wrangler.toml and local state
// folder it goes through. One set of flags for every command that touches the site's database.
import { resolve } from "node:path";

/** `parseArgs` options naming the database (shared by add-editor, migrations check and dev). */
export const D1_TARGET_OPTIONS = {
  local: { type: "boolean", default: false },
  remote: { type: "boolean", default: false },
  config: { type: "string", short: "c" },
  database: { type: "string", default: "DB" },
  "persist-to": { type: "string" },
};

/**
 * The database the parsed flags name: `{ database, remote, target, flags }`, where `target` is
 * `--local` or `--remote` and `flags` the `--persist-to` / `--config` arguments for wrangler.
 *
 * @example
 * d1Target({ database: "DB", local: true }) // { database: "DB", remote: false, target: "--local", flags: [] }
 */
export function d1Target(values) {
  if (values.local && values.remote) throw new Error("choose one of --local and --remote");
  if (values.remote && values["persist-to"]) throw new Error("--persist-to applies to the local database only");
  const flags = [];
  if (values["persist-to"]) flags.push("--persist-to", resolve(values["persist-to"]));
  if (values.config) flags.push("--config", resolve(values.config));
  const remote = values.remote === true;
  return { database: values.database ?? "DB", remote, target: remote ? "--remote" : "--local", flags };
}

/**
 * The `npx wrangler d1 migrations apply` command for a target, as a user would type it.
 *
 * @example
 * applyCommand(d1Target({ local: true })) // "npx wrangler d1 migrations apply DB --local"
 */
export function applyCommand({ database, target, flags }) {
  return ["npx wrangler d1 migrations apply", database, target, ...flags].join(" ");
}
