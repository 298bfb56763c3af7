export { applyFieldSave, type FieldSaveInput, type FieldSaveResult, type SaveConfig } from "./apply-field-save";
export { resolveFieldValue, setAtPath, type ResolvedFieldValue, type SaveCollectionConfig, type SaveFieldType } from "./resolve-field-value";
