// SQL text for statements sent through `wrangler d1 execute`, which takes no bound parameters:
// identifiers quoted, values written as literals that read back exactly.

/**
 * A quoted SQL identifier.
 *
 * @example
 * ident('my "table"') // '"my ""table"""'
 */
export function ident(name) {
  return `"${String(name).replaceAll('"', '""')}"`;
}

/**
 * A value of an archive row as an SQL literal: `null`, numbers, text, and `{ blob: "<hex>" }`.
 *
 * @example
 * literal("it's") // "'it''s'"
 */
export function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`the archive holds a number SQL cannot store: ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "object" && typeof value.blob === "string" && /^[0-9A-Fa-f]*$/.test(value.blob)) return `X'${value.blob}'`;
  throw new Error(`the archive holds a value SQL cannot store: ${JSON.stringify(value)}`);
}
