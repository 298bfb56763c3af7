import type { Table } from "drizzle-orm";
import type { Violation } from "../../shared/errors";
import type { CollectionField } from "../collection";
import { sanitizeRichHtml } from "../sanitize";
import { tableMeta } from "../table-meta";
import { validateFields, type WriteOperation } from "../validate-fields";

/** What the import needs of a collection as a site declares it: its table, fields and `validate` hook. */
export interface ArchivedCollection {
  table: Table;
  fields: Readonly<Record<string, CollectionField>>;
  validate?: ((data: Record<string, unknown>, ctx: { operation: WriteOperation; mediaBase: string | undefined }) => void | Promise<void>) | undefined;
}

/** What an import makes of one archived row of a collection's table. */
export interface ArchivedRowCheck {
  /** The row to write: each rich field as the sanitizer leaves it, everything else as archived. */
  row: unknown[];
  /** The rich fields whose archived HTML the sanitizer changed. */
  cleaned: string[];
  /** Values no write path would accept: the import refuses the archive before writing anything. */
  problems: Violation[];
}

/**
 * The rules every write path applies to a collection's fields, for the rows of an archive, whose
 * columns are `columns` (SQL names). An archive is integrity-checked but not signed, and its rows
 * may come from a database written by other means, so an import holds them to the same rules as
 * an edit: rich text is sanitized (as a save does, silently), and a value the field types refuse
 * (`validateFields`, as a partial edit), the site's `validate` hook refuses (its sections, its
 * slugs), or a JSON column that does not parse refuses the archive. Without the site's media base
 * the strict media rule is not applied.
 *
 * @example
 * const check = archivedRowChecker(pagesDeclaration, ["id", "title", "body"]);
 * await check([7, "Hi", "<p>Hi</p><script>x()</script>"]) // { row: [7, "Hi", "<p>Hi</p>"], cleaned: ["body"], problems: [] }
 */
export function archivedRowChecker(collection: ArchivedCollection, columns: readonly string[]): (row: readonly unknown[]) => Promise<ArchivedRowCheck> {
  const meta = tableMeta(collection.table);
  const fields = Object.values(meta.columns)
    .filter(({ property }) => Object.hasOwn(collection.fields, property))
    .map((column) => ({ column, at: columns.indexOf(column.name), rich: collection.fields[column.property]?.type === "richtext" }))
    .filter(({ at }) => at >= 0);
  return async (archived) => {
    const row = [...archived];
    const cleaned: string[] = [];
    const problems: Violation[] = [];
    const document: Record<string, unknown> = {};
    for (const { column, at, rich } of fields) {
      const value = archived[at];
      if (rich && typeof value === "string") {
        const clean = sanitizeRichHtml(value);
        if (clean !== value) cleaned.push(column.property);
        row[at] = document[column.property] = clean;
      } else if (column.json && typeof value === "string") {
        try {
          document[column.property] = JSON.parse(value);
        } catch {
          problems.push({ path: column.property, message: `${column.property} is not JSON`, code: "type" });
        }
      } else if (value !== null) {
        document[column.property] = column.boolean && typeof value === "number" ? value !== 0 : value;
      }
    }
    problems.push(...validateFields(document, collection.fields, "update"));
    if (problems.length === 0) problems.push(...(await hookProblems(collection, document)));
    return { row, cleaned, problems };
  };
}

/* The site's `validate` hook's refusal as violations. Read by shape: the hook may come from a copy of the package other than this one. */
async function hookProblems({ validate }: ArchivedCollection, document: Record<string, unknown>): Promise<Violation[]> {
  try {
    await validate?.(document, { operation: "update", mediaBase: undefined });
    return [];
  } catch (error) {
    const violations = (error as { violations?: unknown }).violations;
    if (Array.isArray(violations)) return violations as Violation[];
    return [{ path: "", message: `the collection's validate hook threw: ${error instanceof Error ? error.message : String(error)}` }];
  }
}
