/** The page fields `pagesRoute` writes when no `fields` option is given. */
export const DEFAULT_PAGE_FIELDS: readonly string[] = Object.freeze(["slug", "title", "body", "sections"]);

/** The fields holding rich HTML when no `richFields` option is given. */
export const DEFAULT_RICH_FIELDS: readonly string[] = Object.freeze(["body"]);

/**
 * Keeps only allowlisted keys of `input` and passes string values of rich fields through `sanitize`.
 * Keys not in `fields` are dropped (and reported in `dropped`), so a client can never write a column
 * it was not given, such as `id` or `published_version_id`.
 *
 * @example
 * pickFields({ title: "Hi", id: 9 }, ["title"], [], (h) => h) // { data: { title: "Hi" }, dropped: ["id"] }
 */
export function pickFields(
  input: Record<string, unknown>,
  fields: readonly string[],
  richFields: readonly string[],
  sanitize: (html: string) => string,
): { data: Record<string, unknown>; dropped: string[] } {
  const data: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const key of Object.keys(input)) {
    if (!fields.includes(key)) {
      dropped.push(key);
      continue;
    }
    const value = input[key];
    data[key] = richFields.includes(key) && typeof value === "string" ? sanitize(value) : value;
  }
  return { data, dropped };
}
