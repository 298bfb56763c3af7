/** A settings patch split by allowlist. */
export interface PartitionedSettingsPatch {
  /** Updates of structured base columns (property names). */
  base: Record<string, unknown>;
  /** Updates of site-declared keys kept in the `custom` JSON column. */
  custom: Record<string, unknown>;
  /** Keys in neither allowlist: never written, reported back to the caller. */
  ignored: string[];
}

/**
 * Splits a settings patch into base-column updates, `custom` updates and ignored keys. A key that is
 * both a column and a custom key is a column. `undefined` values are treated as absent.
 *
 * @example
 * partitionSettingsPatch({ siteName: "Acme", accent: "#f00", id: 9 }, ["siteName"], ["accent"])
 * // { base: { siteName: "Acme" }, custom: { accent: "#f00" }, ignored: ["id"] }
 */
export function partitionSettingsPatch(
  patch: Record<string, unknown>,
  columns: readonly string[],
  customKeys: readonly string[] = [],
): PartitionedSettingsPatch {
  const base: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (columns.includes(key)) base[key] = value;
    else if (customKeys.includes(key)) custom[key] = value;
    else ignored.push(key);
  }
  return { base, custom, ignored };
}
