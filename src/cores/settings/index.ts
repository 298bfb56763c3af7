export { applyBlobSettingsPatch, readBlobSettings, type BlobSettingsConfig } from "./blob-settings";
export { mergeBlobPatch, type BlobMergeResult, type BlobSanitizer } from "./merge-blob-patch";
export { partitionSettingsPatch, type PartitionedSettingsPatch } from "./partition-settings-patch";
export { applySettingsPatch, readSettings, type SettingsConfig, type SettingsPatchResult } from "./settings-store";
export { settingsMediaReferences } from "./settings-media";
