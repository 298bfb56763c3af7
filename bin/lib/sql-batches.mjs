// Rows written as SQL text (`wrangler d1 execute --file`, the fallback path, binds no parameters,
// and both paths store the same literals): multi-row INSERTs kept under D1's statement size limit,
// gathered into batches of a few megabytes, each batch run (one transaction) as soon as it is full
// so memory stays bounded. A value too long for one statement goes in by parts (an INSERT with its
// first part, then UPDATEs appending the rest).
import { ident, literal } from "./sql-text.mjs";

/** D1 refuses statements over 100 KB; stay well under. */
const STATEMENT_BYTES = 90_000;
/** Code points of a long text value per statement (4 bytes each at most, quotes doubled aside). */
const PIECE = 16_000;
/** Bytes of SQL per batch. */
const BATCH_BYTES = 4 * 1024 * 1024;

const column = (name) => (name === "rowid" ? "rowid" : ident(name));

/**
 * A writer of SQL into the target's D1 (`openSiteState`): `add(statement)`,
 * `insert(table, columns, row, keys)` and, at the end, `flush()`.
 *
 * @example
 * const batches = createSqlBatches({ state });
 * await batches.insert("pages", ["id", "slug"], [1, "home"], ["id"]); await batches.flush();
 */
export function createSqlBatches({ state }) {
  let batch = null;
  let pending = null;

  const write = async (statement) => {
    // Rows go in table by table; a reference to a table not yet filled is checked at commit.
    batch ??= { statements: ["PRAGMA defer_foreign_keys = true"], bytes: 0 };
    batch.statements.push(statement);
    batch.bytes += Buffer.byteLength(statement) + 2;
    if (batch.bytes >= BATCH_BYTES) await run();
  };
  const run = async () => {
    if (batch === null) return;
    const { statements } = batch;
    batch = null;
    await state.execute(statements);
  };
  const settle = async () => {
    if (pending === null) return;
    const statement = `${pending.prefix}${pending.tuples.join(",\n")}`;
    pending = null;
    await write(statement);
  };

  return {
    add: async (statement) => {
      await settle();
      await write(statement);
    },
    async insert(table, columns, row, keys) {
      const prefix = `INSERT INTO ${ident(table)} (${columns.map(column).join(", ")}) VALUES\n`;
      const tuple = `(${row.map(literal).join(", ")})`;
      const size = Buffer.byteLength(tuple);
      if (Buffer.byteLength(prefix) + size > STATEMENT_BYTES) {
        await settle();
        for (const statement of insertByParts(table, columns, row, keys, prefix)) await write(statement);
        return;
      }
      if (pending && (pending.prefix !== prefix || pending.bytes + size > STATEMENT_BYTES)) await settle();
      pending ??= { prefix, tuples: [], bytes: Buffer.byteLength(prefix) };
      pending.tuples.push(tuple);
      pending.bytes += size + 2;
    },
    async flush() {
      await settle();
      await run();
    },
  };
}

/** The statements that store one row whose values are too long for one statement. */
function insertByParts(table, columns, row, keys, prefix) {
  const rest = [];
  const first = row.map((value, i) => {
    if (typeof value !== "string" || value.length <= PIECE) return value;
    const points = Array.from(value);
    for (let at = PIECE; at < points.length; at += PIECE) rest.push([i, points.slice(at, at + PIECE).join("")]);
    return points.slice(0, PIECE).join("");
  });
  const where = keys
    .map((key) => {
      const at = columns.indexOf(key);
      if (at >= 0) return `${column(key)} = ${literal(row[at])}`;
      if (key === "rowid") return "rowid = last_insert_rowid()";
      throw new Error(`a row of ${table} is too long to store without its key ${key}`);
    })
    .join(" AND ");
  return [
    `${prefix}(${first.map(literal).join(", ")})`,
    ...rest.map(([i, piece]) => `UPDATE ${ident(table)} SET ${ident(columns[i])} = ${ident(columns[i])} || ${literal(piece)} WHERE ${where}`),
  ];
}
