import { HttpError } from "./errors";

/*
 * A deployment mistake (a binding, secret or table the site never set up) is neither the caller's
 * fault nor a bug: it answers 503 `{ error, code: "misconfigured", fix }`, naming what is missing
 * and the command or wrangler.toml lines that fix it, and it is logged once per isolate rather than
 * on every request. Every such case in the toolkit is built here, so they all read the same.
 */

/** The kinds of binding a site declares in wrangler.toml or as a secret. */
export type BindingKind = "D1 database" | "R2 bucket" | "Durable Object namespace" | "KV namespace" | "variable" | "secret";

/**
 * A 503 naming a deployment mistake and its fix.
 *
 * @example
 * throw new MisconfiguredError("the MEDIA bucket binding is missing", 'add [[r2_buckets]] binding = "MEDIA" to wrangler.toml');
 */
export class MisconfiguredError extends HttpError {
  readonly fix: string;

  constructor(message: string, fix: string) {
    super(503, message, { code: "misconfigured", details: { fix } });
    this.name = "MisconfiguredError";
    this.fix = fix;
  }
}

/**
 * True for a {@link MisconfiguredError}.
 *
 * @example
 * if (isMisconfigured(error)) logMisconfiguredOnce(error);
 */
export function isMisconfigured(error: unknown): error is MisconfiguredError {
  return error instanceof MisconfiguredError;
}

const FIXES: Record<BindingKind, (name: string) => string> = {
  "D1 database": (name) => `add to wrangler.toml: [[d1_databases]] binding = "${name}" database_name = "<name>" database_id = "<id from npx wrangler d1 create <name>>"`,
  "R2 bucket": (name) => `add to wrangler.toml: [[r2_buckets]] binding = "${name}" bucket_name = "<bucket>" (create it with npx wrangler r2 bucket create <bucket>)`,
  "Durable Object namespace": (name) =>
    `add to wrangler.toml: [[durable_objects.bindings]] name = "${name}" class_name = "RateLimitObject", list the class in a [[migrations]] new_sqlite_classes, and export it from the Worker (export const { RateLimitObject } = cms)`,
  "KV namespace": (name) => `add to wrangler.toml: [[kv_namespaces]] binding = "${name}" id = "<id from npx wrangler kv namespace create ${name}>"`,
  variable: (name) => `add to wrangler.toml: [vars] ${name} = "<value>"`,
  secret: (name) => `add ${name}=<value> to .dev.vars for local dev; npx wrangler secret put ${name} for a deployment`,
};

/**
 * A binding the site's env lacks: detected by its absence in `env`, never from an error's text.
 * `usedFor` says what needs it.
 *
 * @example
 * if (!env.MEDIA) throw missingBinding("MEDIA", "R2 bucket", "uploads");
 */
export function missingBinding(name: string, kind: BindingKind, usedFor: string, fix = FIXES[kind](name)): MisconfiguredError {
  return new MisconfiguredError(`${usedFor} needs the ${kind} ${name}, which the Worker's env does not have`, fix);
}

/** The command that creates a site's tables in the local D1. */
export const APPLY_MIGRATIONS = "npx wrangler d1 migrations apply DB --local";

/**
 * D1 tables the site's declaration needs but the database lacks (found by asking D1's
 * `sqlite_master`, never from an error's text).
 *
 * @example
 * throw missingTables(["posts", "posts_versions"]);
 */
export function missingTables(names: readonly string[]): MisconfiguredError {
  const list = names.join(", ");
  return new MisconfiguredError(
    `the database has no ${names.length === 1 ? "table" : "tables"} ${list}: its migrations are not applied`,
    `${APPLY_MIGRATIONS} (use --remote for the deployed database); the toolkit's own tables are copied into migrations/ by npx cms-toolkit migrations migrations`,
  );
}

/**
 * Columns a declared table has in the site's code but not in D1: a column renamed or added in the
 * declaration whose migration was never generated or applied.
 *
 * @example
 * throw missingColumns("posts", ["summary"]);
 */
export function missingColumns(table: string, columns: readonly string[]): MisconfiguredError {
  const list = columns.join(", ");
  return new MisconfiguredError(
    `the database's table ${table} has no ${columns.length === 1 ? "column" : "columns"} ${list}, which the site's declaration reads: a migration is missing`,
    `npx cms-toolkit migrations generate --from src/collections.ts (the file that declares the collections), then ${APPLY_MIGRATIONS} (use --remote for the deployed database)`,
  );
}

/**
 * The sign-in of a site whose `editors` table holds nobody: no password can be right, so the answer
 * names the command that adds the first account instead of "wrong email or password".
 *
 * @example
 * if (!editor && !(await hasEditors(env.DB))) throw new NoEditorAccountsError();
 */
export class NoEditorAccountsError extends MisconfiguredError {
  constructor() {
    super(
      "this site has no editor account yet, so nobody can sign in",
      "npx cms-toolkit add-editor --email you@example.com --name You --role admin --remote (--local for wrangler dev; the password is prompted for)",
    );
    this.name = "NoEditorAccountsError";
  }
}

const logged = new Set<string>();

/**
 * Logs a misconfiguration once per isolate (per distinct message), so a missing binding does not
 * fill the log with one line per request.
 *
 * @example
 * logMisconfiguredOnce(error);
 */
export function logMisconfiguredOnce(error: MisconfiguredError): void {
  if (logged.has(error.message)) return;
  logged.add(error.message);
  console.error(`cms-toolkit is misconfigured: ${error.message}. Fix: ${error.fix}`);
}
