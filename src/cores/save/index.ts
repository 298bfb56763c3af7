export { applyFieldSave, type FieldSaveInput, type FieldSaveResult, type SaveConfig } from "./apply-field-save";
export { setAtPath } from "../../shared/json-path";
export { resolveFieldValue, type ResolvedFieldValue, type SaveCollectionConfig, type SaveFieldType } from "./resolve-field-value";
