import type { Table } from "drizzle-orm";
import { assertJsonDepth } from "../../shared/json-depth";
import { HttpError, LouiseValidationError, type Violation } from "../../shared/errors";
import { assertAdmin } from "../../shared/publish-privilege";
import type { EditorSession } from "../../shared/session";
import type { ActivityNoter } from "../../shared/activity";
import { isMediaUrl, isSafeUrl } from "../sanitize";
import { decodeRow, ident, tableMeta, type TableMeta } from "../table-meta";
import { partitionSettingsPatch } from "./partition-settings-patch";

export interface SettingsConfig<Env = unknown> {
  /** The singleton table (one row, id 1). */
  table: Table;
  /** Writable structured columns (property names). */
  columns: readonly string[];
  /** Site-declared keys stored in the `custom` JSON column. */
  customKeys?: readonly string[];
  /** Settings holding an image URL (logo, favicon, share image…), base or custom. */
  imageKeys?: readonly string[];
  /** With `imageKeys`, image settings must be media assets under this base (the strict media rule). */
  mediaBase?: string | ((env: Env) => string | undefined);
  /** Property name of the custom JSON column; default `custom`. */
  customField?: string;
  /** Longest text value of a base column; default 2000. */
  maxLength?: number;
  /** Checks of structured settings (a menu, a list of links), by key: the violations of a value written. */
  validators?: Readonly<Record<string, (value: unknown, key: string) => Violation[]>>;
  /**
   * Told once a write of `keys` has committed (every page shows the settings: a site's edge cache
   * purges all of it). The route and the service binding both write through this core, so it is
   * called from here only. It must not throw: the write already stood.
   */
  changed?: (env: Env, keys: readonly string[]) => Promise<void>;
}

/** What a settings write reports: the settings after it, what was ignored and what was written. */
export interface SettingsPatchResult {
  settings: Record<string, unknown>;
  ignored: string[];
  changed: string[];
}

const SINGLETON_ID = 1;
const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The settings as one flat object: every configured base column and every declared custom key
 * (custom keys no longer declared stay stored but are not shown). Missing row: all `null`.
 *
 * @example
 * await readSettings(env.DB, siteSettingsConfig) // { siteName: "Acme", logo: null, accent: "#f00" }
 */
export async function readSettings(db: D1Database, config: Pick<SettingsConfig, "table" | "columns" | "customKeys" | "customField">): Promise<Record<string, unknown>> {
  const meta = tableMeta(config.table);
  const pk = ident(meta.columns[meta.primaryKey]!.name);
  const row = await db.prepare(`SELECT ${meta.selectList} FROM ${ident(meta.name)} WHERE ${pk} = ?1`).bind(SINGLETON_ID).first<Record<string, unknown>>();
  const decoded = row ? decodeRow(meta, row) : {};
  const stored = decoded[config.customField ?? "custom"];
  const custom = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = {};
  for (const column of config.columns) settings[column] = decoded[column] ?? null;
  for (const key of config.customKeys ?? []) settings[key] = Object.hasOwn(custom, key) ? custom[key] : null;
  return settings;
}

/** The settings key that holds the site menu: a change of it is `menu.changed` activity. */
export const MENU_SETTING = "menu";

/**
 * The route-free settings write: needs an editor session (401 without) with the admin role (403 `forbidden_admin`), splits the patch with
 * `partitionSettingsPatch`, validates (422: a base value that is not a string, too long, an image
 * setting that is not a media asset under `mediaBase`, or a value its `validators` refuse), then upserts the singleton in one statement,
 * merging `custom` with `json_patch` so concurrent writers of different keys do not undo each other.
 * What changed is told to `activity`: `menu.changed` for the `menu` key, `settings.changed` for the rest.
 *
 * @example
 * await applySettingsPatch(env, siteSettingsConfig, session, { siteName: "Acme", logo: `${env.MEDIA_URL}/a.png` });
 */
export async function applySettingsPatch<Env extends { DB: D1Database }>(
  env: Env,
  config: SettingsConfig<Env>,
  session: EditorSession | null,
  patch: Record<string, unknown>,
  activity?: ActivityNoter,
): Promise<SettingsPatchResult> {
  if (!session) throw new HttpError(401, "sign in as an editor to change settings", { code: "unauthenticated" });
  // Every visitor sees the settings (the menu among them) at once, and they shape the whole site: admins only.
  assertAdmin(session, "changing site settings");
  assertJsonDepth(patch, "the settings patch");
  const meta = tableMeta(config.table);
  const { base, custom, ignored } = partitionSettingsPatch(patch, config.columns, config.customKeys);
  const mediaBase = typeof config.mediaBase === "function" ? config.mediaBase(env) : config.mediaBase;
  const violations = baseViolations(meta, base, config.maxLength ?? 2000);
  // One violation a key: an image key already refused as a base value is not reported twice.
  const imageKeys = (config.imageKeys ?? []).filter((key) => !violations.some((v) => v.path === key));
  violations.push(...imageViolations({ ...base, ...custom }, imageKeys, mediaBase));
  for (const [key, validate] of Object.entries(config.validators ?? {})) {
    const values: Record<string, unknown> = { ...base, ...custom };
    if (Object.hasOwn(values, key)) violations.push(...validate(values[key], key));
  }
  if (violations.length > 0) throw new LouiseValidationError(violations);
  const changed = [...Object.keys(base), ...Object.keys(custom)];
  if (changed.length > 0) {
    await upsert(env.DB, meta, base, custom, config.customField ?? "custom");
    await config.changed?.(env, changed);
  }
  // The menu is a setting of its own in the log: who moved the site's navigation is asked apart.
  const others = changed.filter((key) => key !== MENU_SETTING);
  if (others.length < changed.length) activity?.({ kind: "menu.changed", detail: { keys: [MENU_SETTING] } });
  if (others.length > 0) activity?.({ kind: "settings.changed", detail: { keys: others } });
  return { settings: await readSettings(env.DB, config), ignored, changed };
}

function baseViolations(meta: TableMeta, base: Record<string, unknown>, maxLength: number): Violation[] {
  const violations: Violation[] = [];
  for (const [key, value] of Object.entries(base)) {
    const column = meta.columns[key];
    if (!column) throw new TypeError(`settings column ${key} is not a column of ${meta.name}`);
    if (column.json || value === null) continue;
    if (typeof value !== "string") violations.push({ path: key, message: `${key} must be a string or null`, code: "type" });
    else if (value.length > maxLength) violations.push({ path: key, message: `${key} is longer than ${maxLength} characters`, code: "too_long" });
  }
  return violations;
}

/** Image settings: empty or null clears; otherwise a media asset (with `mediaBase`) or a safe image URL. */
function imageViolations(values: Record<string, unknown>, imageKeys: readonly string[], mediaBase: string | undefined): Violation[] {
  const violations: Violation[] = [];
  for (const key of imageKeys) {
    if (!Object.hasOwn(values, key)) continue;
    const value = values[key];
    if (value === null || value === "") continue;
    if (typeof value !== "string") violations.push({ path: key, message: `${key} must be an image URL`, code: "type" });
    else if (mediaBase ? !isMediaUrl(value, mediaBase) : !isSafeUrl(value, "src")) {
      violations.push({ path: key, message: mediaBase ? `${key} must be an image from the media library` : `${key} is not a safe image URL`, code: "not_media" });
    }
  }
  return violations;
}

async function upsert(db: D1Database, meta: TableMeta, base: Record<string, unknown>, custom: Record<string, unknown>, customField: string): Promise<void> {
  const customColumn = meta.columns[customField];
  if (!customColumn) throw new TypeError(`settings table ${meta.name} has no ${customField} column`);
  const names = [meta.columns[meta.primaryKey]!.name, ...Object.keys(base).map((k) => meta.columns[k]!.name)];
  const values: unknown[] = [SINGLETON_ID, ...Object.entries(base).map(([k, v]) => (meta.columns[k]!.json ? JSON.stringify(v) : v))];
  const marks = values.map((_, i) => `?${i + 1}`);
  const sets = names.slice(1).map((n) => `${ident(n)} = excluded.${ident(n)}`);
  if (Object.keys(custom).length > 0) {
    values.push(JSON.stringify(custom));
    names.push(customColumn.name);
    // json_patch (RFC 7396) merges key by key inside SQLite; a null value removes that custom key.
    marks.push(`json_patch('{}', ?${values.length})`);
    sets.push(`${ident(customColumn.name)} = json_patch(${ident(meta.name)}.${ident(customColumn.name)}, ?${values.length})`);
  }
  const updatedAt = meta.columns.updatedAt;
  if (updatedAt) sets.push(`${ident(updatedAt.name)} = ${NOW_SQL}`);
  const pk = ident(names[0]!);
  const sql = `INSERT INTO ${ident(meta.name)} (${names.map(ident).join(", ")}) VALUES (${marks.join(", ")}) ON CONFLICT(${pk}) DO UPDATE SET ${sets.join(", ")}`;
  await db.prepare(sql).bind(...values).run();
}
