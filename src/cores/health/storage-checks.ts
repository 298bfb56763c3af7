import { missingBinding, missingColumns, missingTables, type BindingKind } from "../../shared/misconfigured";
import { absentColumns, absentTables } from "../schema-check";
import type { TableMeta } from "../table-meta";
import type { HealthCheck, HealthFinding } from "./run-checks";

/** A binding the site's declaration needs, with what needs it (and its fix when not the usual one). */
export interface NeededBinding {
  name: string;
  kind: BindingKind;
  usedFor: string;
  fix?: string;
}

/**
 * Every needed binding is in `env` (secrets by their presence only: a value is never read out).
 * Missing ones are `down`, with the wrangler.toml lines (or the secret command) that add them.
 *
 * @example
 * bindingsCheck(env, [{ name: "MEDIA", kind: "R2 bucket", usedFor: "uploads" }])
 */
export function bindingsCheck(env: object, needed: readonly NeededBinding[]): HealthCheck {
  return {
    name: "bindings",
    failure: "down",
    run: async () => {
      const bound = env as Record<string, unknown>;
      const missing = needed.filter((binding) => bound[binding.name] === undefined || bound[binding.name] === null || bound[binding.name] === "");
      if (missing.length === 0) return { status: "ok", detail: needed.map((binding) => binding.name).join(", ") };
      const errors = missing.map((binding) => missingBinding(binding.name, binding.kind, binding.usedFor, binding.fix));
      return { status: "down", detail: errors.map((error) => error.message).join("; "), fix: errors.map((error) => error.fix).join("; ") };
    },
  };
}

/**
 * The database has every table the declaration needs and every column its Drizzle tables declare
 * (what `cms-toolkit migrations check` compares, asked of D1's own schema), and says how many
 * migrations `d1_migrations` records. A missing table or column is `down`, naming the command.
 *
 * @example
 * migrationsCheck(env.DB, ["pages", "editors"], [tableMeta(pages)])
 */
export function migrationsCheck(db: D1Database, tables: readonly string[], metas: readonly TableMeta[]): HealthCheck {
  return {
    name: "migrations",
    failure: "down",
    run: async (): Promise<HealthFinding> => {
      const absent = await absentTables(db, tables);
      if (absent.length > 0) return misconfigured(missingTables(absent));
      for (const meta of metas) {
        const columns = await absentColumns(db, meta.name, Object.values(meta.columns).map((column) => column.name));
        if (columns.length > 0) return misconfigured(missingColumns(meta.name, columns));
      }
      const applied = await appliedMigrations(db);
      const count = applied === null ? "no d1_migrations table" : `${applied} applied`;
      return { status: "ok", detail: `${count}; the ${tables.length} declared tables and their columns are present` };
    },
  };
}

async function appliedMigrations(db: D1Database): Promise<number | null> {
  const exists = await db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'").first<{ found: number }>();
  if (!exists) return null;
  return (await db.prepare("SELECT count(*) AS n FROM d1_migrations").first<{ n: number }>())?.n ?? 0;
}

function misconfigured(error: { message: string; fix: string }): HealthFinding {
  return { status: "down", detail: error.message, fix: error.fix };
}

/**
 * One D1 round trip (`SELECT 1`); a failure is `down`.
 *
 * @example
 * d1Check(env.DB)
 */
export function d1Check(db: D1Database): HealthCheck {
  return {
    name: "d1",
    failure: "down",
    run: async () => {
      const row = await db.prepare("SELECT 1 AS one").first<{ one: number }>();
      if (row?.one !== 1) return { status: "down", detail: "D1 answered SELECT 1 without its row" };
    },
  };
}

/** Where the R2 probe object lives: apart from uploads (whose keys never start with a dot). */
export const R2_PROBE_PREFIX = ".cms-health/";

/**
 * Writes a small probe object to the bucket, reads it back and deletes it; a failure is
 * `degraded` (uploads and media fail, pages still serve).
 *
 * @example
 * r2Check(env.MEDIA)
 */
export function r2Check(bucket: R2Bucket): HealthCheck {
  return {
    name: "r2",
    failure: "degraded",
    run: async () => {
      const key = `${R2_PROBE_PREFIX}${crypto.randomUUID()}`;
      const body = `probe ${key}`;
      await bucket.put(key, body);
      try {
        const read = await bucket.get(key);
        const text = read ? await read.text() : null;
        if (text !== body) return { status: "degraded", detail: "the probe object read back differs from what was written" };
      } finally {
        await bucket.delete(key);
      }
    },
  };
}

/**
 * One KV read (of a key nobody writes); a failure is `degraded` (form limits counted in KV fail).
 *
 * @example
 * kvCheck(env.KV)
 */
export function kvCheck(kv: KVNamespace): HealthCheck {
  return {
    name: "kv",
    failure: "degraded",
    run: async () => {
      await kv.get("cms-health:probe");
    },
  };
}
