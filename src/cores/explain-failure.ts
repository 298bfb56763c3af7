import { absentColumns, absentTables } from "./schema-check";
import type { TableMeta } from "./table-meta";
import { isHttpError } from "../shared/errors";
import { isMisconfigured, logMisconfiguredOnce, missingBinding, missingColumns, missingTables } from "../shared/misconfigured";

/*
 * The tables the site's declaration needs (`createCms` names them once, at start-up). A failure
 * that no route explained is checked against them: when D1 lacks one, the answer is the 503 that
 * names the migration command instead of a bare 500. Per isolate, as the declaration is.
 */
const expected = new Set<string>();

/**
 * Records tables the site needs, for {@link explainFailure}.
 *
 * @example
 * expectTables(["pages", "pages_versions", "editors"]);
 */
export function expectTables(names: Iterable<string>): void {
  for (const name of names) expected.add(name);
}

/**
 * What a failure really was: an `HttpError` stays itself; any other error (or a bare 500), when the env has no
 * `DB` or D1 lacks a table the site declared (asked of D1 after the failure, not read from the
 * error's text), becomes a {@link MisconfiguredError} naming the fix. Misconfigurations are logged
 * once per isolate here. Used by every route's error edge, `cms.view` and the `CmsService`.
 *
 * @example
 * catch (caught) { throw await explainFailure(env, caught); }
 */
export async function explainFailure(env: unknown, error: unknown): Promise<unknown> {
  // A bare 500 may be a room's or another isolate's failure come back as data: checked the same way.
  const explained = isHttpError(error) && error.status !== 500 ? error : await diagnose(env, error);
  if (isMisconfigured(explained)) logMisconfiguredOnce(explained);
  return explained;
}

async function diagnose(env: unknown, error: unknown): Promise<unknown> {
  if (expected.size === 0) return error;
  const db = (env as { DB?: Partial<D1Database> } | null | undefined)?.DB;
  if (!db || typeof db.prepare !== "function") return missingBinding("DB", "D1 database", "the CMS");
  // When D1 cannot even answer the check, the original failure is the one worth reporting.
  const absent = await absentTables(db as D1Database, [...expected]).catch(() => []);
  return absent.length > 0 ? missingTables(absent) : error;
}

/**
 * What a failed read of `tables` really was, for the exported read cores a site calls from its own
 * code (no route's error edge around them): a table D1 lacks (migrations not applied) or a
 * declared column it lacks (a renamed or added column without its migration) becomes a
 * {@link MisconfiguredError} naming the fix, logged once per isolate; any other failure stays itself.
 *
 * @example
 * catch (caught) { throw await explainReadFailure(db, [meta], caught); }
 */
export async function explainReadFailure(db: unknown, tables: readonly TableMeta[], error: unknown): Promise<unknown> {
  if (isHttpError(error)) return error;
  const d1 = db as Partial<D1Database> | null | undefined;
  if (!d1 || typeof d1.prepare !== "function" || typeof d1.batch !== "function") return error;
  const explained = await diagnoseSchema(d1 as D1Database, tables).catch(() => null);
  if (explained === null) return error;
  logMisconfiguredOnce(explained);
  return explained;
}

async function diagnoseSchema(db: D1Database, tables: readonly TableMeta[]) {
  const absent = await absentTables(db, tables.map((meta) => meta.name));
  if (absent.length > 0) return missingTables(absent);
  for (const meta of tables) {
    const columns = await absentColumns(db, meta.name, Object.values(meta.columns).map((column) => column.name));
    if (columns.length > 0) return missingColumns(meta.name, columns);
  }
  return null;
}
