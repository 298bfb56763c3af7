import type { MediaReferenceTarget } from "../media";
import { tableMeta } from "../table-meta";
import type { SettingsConfig } from "./settings-store";

/**
 * Where the settings singleton may show a media asset to visitors: the base columns named in
 * `imageKeys`, and the custom JSON column when an image key lives there. A media delete or alt
 * change scans it like a published page, so a logo is as protected as an image in a page body.
 * `null` when no setting holds an image.
 *
 * @example
 * settingsMediaReferences({ table: siteSettings, columns: ["logo"], imageKeys: ["logo"] })
 * // { table: siteSettings, fields: ["logo"] }
 */
export function settingsMediaReferences(config: Pick<SettingsConfig, "table" | "columns" | "imageKeys" | "customField">): MediaReferenceTarget | null {
  const imageKeys = config.imageKeys ?? [];
  const meta = tableMeta(config.table);
  const customField = config.customField ?? "custom";
  const fields = imageKeys.filter((key) => config.columns.includes(key) && key in meta.columns);
  if (imageKeys.some((key) => !config.columns.includes(key)) && customField in meta.columns) fields.push(customField);
  return fields.length > 0 ? { table: config.table, fields } : null;
}
