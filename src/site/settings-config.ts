import type { SeedStep } from "../cores/seed";
import type { BlobSettingsConfig, BlobSanitizer, SettingsConfig } from "../cores/settings";
import { LouiseValidationError } from "../shared/errors";
import type { SiteEnv } from "./env";
import { siteSettings, siteSettingsBlob } from "../tables/media";
import { menuViolations } from "./site-menu";

/**
 * The reference site's settings singleton: structured columns, custom keys (among them `menu`, the
 * site menu: `[{ pageId, label, labels? }]`, a label per other locale in `labels`), three image settings.
 */
export const siteSettingsConfig: SettingsConfig<SiteEnv> = {
  table: siteSettings,
  columns: ["siteName", "tagline", "logo", "favicon", "shareImage", "contactEmail"],
  customKeys: ["accentColor", "footerNote", "socialLinks", "menu"],
  validators: { menu: menuViolations },
  imageKeys: ["logo", "favicon", "shareImage"],
  mediaBase: (env) => env.MEDIA_URL,
};

const MAX_TEXT = 500;

/** A sanitizer for short plain-text settings: trimmed, capped; a non-string removes the key. */
export const plainText: BlobSanitizer = (value, key) => {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") throw new LouiseValidationError([{ path: key, message: `${key} must be text`, code: "type" }]);
  const text = value.trim();
  if (text.length > MAX_TEXT) throw new LouiseValidationError([{ path: key, message: `${key} is longer than ${MAX_TEXT} characters`, code: "too_long" }]);
  return text === "" ? undefined : text;
};

/** A sanitizer admitting one of a fixed set of values. */
export function oneOf(values: readonly string[]): BlobSanitizer {
  return (value, key) => {
    if (value === null) return undefined;
    if (typeof value === "string" && values.includes(value)) return value;
    throw new LouiseValidationError([{ path: key, message: `${key} must be one of ${values.join(", ")}`, code: "enum" }]);
  };
}

/** The blob variant, as a site without structured columns would configure it. */
export const siteBlobSettingsConfig: BlobSettingsConfig = {
  table: siteSettingsBlob,
  allow: { announcement: plainText, theme: oneOf(["light", "dark"]), footerNote: plainText },
  read: (blob) => ({ theme: "light", ...blob }),
};

/** What `POST /api/cms/seed` makes sure exists: the settings singletons (demo pages come from scripts/seed-demo.sql). */
export const siteSeedSteps: SeedStep[] = [
  { name: "site_settings", table: siteSettings, rows: [{ id: 1, siteName: "cms-toolkit demo", tagline: "Edit your site where it lives", custom: {} }] },
  { name: "site_settings_blob", table: siteSettingsBlob, rows: [{ id: 1, data: { theme: "light" } }] },
];
