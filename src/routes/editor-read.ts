import type { D1Client } from "../cores/d1-client";
import type { EditorSession, ResolveEditor, SessionStatement } from "../shared/session";
import { admitEditor, guardEditor, noEditorError, type EditorNeeds } from "./guard";

/** What an editor read answers: who is reading, and what the read found. */
export interface EditorRead<T> {
  session: EditorSession;
  value: T;
}

/**
 * An editor read in one D1 round trip: when the site's resolver offers its session check as a
 * statement (`resolveEditor.sessionStatement`), `read` runs on a client that sends that statement
 * in the same batch as the read's first query, and the session is admitted (`admitEditor`: 401,
 * 403, publish) from that batch before any row reaches `read`. The check runs on every request,
 * so a signed-out, removed or demoted editor is refused on the very next one. A resolver without
 * the statement form is called first, as `guardEditor` does (two round trips).
 *
 * `read` must only read: it runs before the session is known, and nothing it found is answered
 * unless the session is admitted. `db` is the client the read goes through; the batch goes where
 * it sends its first query (pass the binding or a `first-primary` session, so the session check
 * never reads a lagging replica).
 *
 * `shared`: what `read` finds may answer other requests too (a search whose in-flight query and
 * cached answer every editor asking the same shares). A refused session then refuses only this
 * request, once `read` is done, and never fails the query another request is waiting on; `read`
 * may see rows of a session that is refused, which is why it must only read.
 *
 * @example
 * const { session, value: row } = await guardEditorRead(request, env, resolveEditor, env.DB, (db) => getRow(db, meta, id));
 */
export async function guardEditorRead<Env, T>(
  request: Request,
  env: Env,
  resolveEditor: ResolveEditor<Env>,
  db: D1Client,
  read: (db: D1Client) => Promise<T>,
  need: EditorNeeds = {},
  shared = false,
): Promise<EditorRead<T>> {
  const check = resolveEditor.sessionStatement ? await resolveEditor.sessionStatement(request, env, db) : undefined;
  if (check === undefined) {
    const session = await guardEditor(request, env, resolveEditor, need);
    return { session, value: await read(db) };
  }
  if (check === null) throw noEditorError(need);
  const gate = sessionFirst(db, check, (session) => admitEditor(request, session, need), shared);
  let value: T;
  try {
    value = await read(gate.client);
  } catch (error) {
    // A refused session answers as refused, whatever the read ran into.
    await gate.session();
    throw error;
  }
  return { session: await gate.session(), value };
}

/**
 * A client whose first query to D1 carries the session statement in its batch; the session is
 * admitted from that answer before the query's own results are returned. Later queries go straight
 * to `db`. `session()` answers the admitted session (running the statement alone if no query ran).
 * With `shared`, a refusal is kept for `session()` instead of failing the query that carried it.
 */
function sessionFirst(db: D1Client, check: SessionStatement, admit: (session: EditorSession | null) => EditorSession, shared: boolean) {
  let admitted: EditorSession | null = null;
  let refused = false;
  let refusal: unknown;
  const take = (results: D1Result[]): D1Result[] => {
    try {
      admitted = admit(check.editor((results[0]?.results[0] as Record<string, unknown> | undefined) ?? null));
    } catch (error) {
      if (!shared) throw error;
      refused = true;
      refusal = error;
    }
    return results.slice(1);
  };
  const batch = async (statements: D1PreparedStatement[]): Promise<D1Result[]> => {
    if (admitted || refused) return db.batch(statements);
    return take(await db.batch([check.statement, ...statements]));
  };
  const session = async (): Promise<EditorSession> => {
    if (!admitted && !refused) await batch([]);
    if (refused) throw refusal;
    return admitted as unknown as EditorSession;
  };
  const client: D1Client = {
    prepare: (sql) => gatedStatement(db.prepare(sql), batch, session),
    batch: <T>(statements: D1PreparedStatement[]) => batch(statements.map(realStatement)) as Promise<D1Result<T>[]>,
  };
  return { client, session };
}

const REAL = new WeakMap<object, D1PreparedStatement>();

function realStatement(statement: D1PreparedStatement): D1PreparedStatement {
  return REAL.get(statement) ?? statement;
}

/* A prepared statement whose runs go through `batch`, so the first run carries the session check. */
function gatedStatement(
  real: D1PreparedStatement,
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>,
  session: () => Promise<EditorSession>,
): D1PreparedStatement {
  const one = async () => (await batch([real]))[0] as D1Result;
  const gated = {
    bind: (...values: unknown[]) => gatedStatement(real.bind(...values), batch, session),
    all: one,
    run: one,
    async first(column?: string) {
      const row = ((await one()).results[0] as Record<string, unknown> | undefined) ?? null;
      return column === undefined || row === null ? row : (row[column] ?? null);
    },
    // Rows as arrays have no batch form: the session is admitted first, then the statement runs.
    async raw(options?: { columnNames?: boolean }) {
      await session();
      return real.raw(options as { columnNames: true });
    },
  };
  REAL.set(gated, real);
  return gated as unknown as D1PreparedStatement;
}
