import type { Table } from "drizzle-orm";
import { assertJsonDepth } from "../../shared/json-depth";
import { HttpError } from "../../shared/errors";
import { assertAdmin } from "../../shared/publish-privilege";
import type { EditorSession } from "../../shared/session";
import { ident, tableMeta, type TableMeta } from "../table-meta";
import { mergeBlobPatch, type BlobSanitizer } from "./merge-blob-patch";

export interface BlobSettingsConfig {
  /** The singleton table (one row, id 1) with one JSON column holding every setting. */
  table: Table;
  /** Top-level keys that may be written, each with its sanitizer. */
  allow: Record<string, BlobSanitizer>;
  /** Transforms the stored blob before it is answered (defaults, derived values, hiding keys). */
  read?: (blob: Record<string, unknown>) => Record<string, unknown>;
  /** Property name of the JSON column; default `data`. */
  field?: string;
}

const SINGLETON_ID = 1;
/** Attempts of the compare-and-swap write before a busy singleton answers 409. */
const WRITE_ATTEMPTS = 5;

/**
 * The stored blob, through `read` when configured. A missing row reads as `{}`.
 *
 * @example
 * await readBlobSettings(env.DB, config) // { theme: "dark" }
 */
export async function readBlobSettings(db: D1Database, config: BlobSettingsConfig): Promise<Record<string, unknown>> {
  const blob = parseBlob((await readRaw(db, tableMeta(config.table), config.field ?? "data")) ?? "{}");
  return config.read ? config.read(blob) : blob;
}

/**
 * The route-free blob settings write: needs a session (401 without) with the admin role (403 `forbidden_admin`), merges with `mergeBlobPatch`,
 * and writes only when something changed. The write is a compare-and-swap on the stored text, so two
 * editors patching different keys at once both land instead of the later one erasing the earlier.
 *
 * @example
 * await applyBlobSettingsPatch(env, config, session, { theme: "dark" }) // { settings, ignored: [], changed: ["theme"] }
 */
export async function applyBlobSettingsPatch(
  env: { DB: D1Database },
  config: BlobSettingsConfig,
  session: EditorSession | null,
  patch: Record<string, unknown>,
): Promise<{ settings: Record<string, unknown>; ignored: string[]; changed: string[] }> {
  if (!session) throw new HttpError(401, "sign in as an editor to change settings", { code: "unauthenticated" });
  // Every visitor sees the settings (the menu among them) at once, and they shape the whole site: admins only.
  assertAdmin(session, "changing site settings");
  assertJsonDepth(patch, "the settings patch");
  const meta = tableMeta(config.table);
  const field = config.field ?? "data";
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const raw = await readRaw(env.DB, meta, field);
    const merged = mergeBlobPatch(parseBlob(raw ?? "{}"), patch, config.allow);
    const settings = config.read ? config.read(merged.blob) : merged.blob;
    const result = { settings, ignored: merged.ignored, changed: merged.changed };
    if (merged.changed.length === 0 || (await swap(env.DB, meta, field, raw, JSON.stringify(merged.blob)))) return result;
  }
  throw new HttpError(409, "settings changed while saving; try again", { code: "conflict" });
}

async function readRaw(db: D1Database, meta: TableMeta, field: string): Promise<string | null> {
  const column = meta.columns[field];
  if (!column) throw new TypeError(`settings table ${meta.name} has no ${field} column`);
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const row = await db.prepare(`SELECT ${ident(column.name)} AS v FROM ${ident(meta.name)} WHERE ${pk} = ?1`).bind(SINGLETON_ID).first<{ v: string }>();
  return row ? row.v : null;
}

/** Writes `next` only if the stored text is still `previous` (or the row is still missing). */
async function swap(db: D1Database, meta: TableMeta, field: string, previous: string | null, next: string): Promise<boolean> {
  const table = ident(meta.name);
  const column = ident(meta.columns[field]!.name);
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const result =
    previous === null
      ? await db.prepare(`INSERT INTO ${table} (${pk}, ${column}) VALUES (?1, ?2) ON CONFLICT(${pk}) DO NOTHING`).bind(SINGLETON_ID, next).run()
      : await db.prepare(`UPDATE ${table} SET ${column} = ?2 WHERE ${pk} = ?1 AND ${column} = ?3`).bind(SINGLETON_ID, next, previous).run();
  return result.meta.changes > 0;
}

function parseBlob(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
