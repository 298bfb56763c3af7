import { absentTables } from "./schema-check";
import { isHttpError } from "../shared/errors";
import { isMisconfigured, logMisconfiguredOnce, missingBinding, missingTables } from "../shared/misconfigured";

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
