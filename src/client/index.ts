/*
 * "cms-toolkit/client": the inline-editing browser client. Browser-only; imports nothing from
 * Workers code.
 */
export { parseFieldAddress, formatFieldAddress } from "../shared/field-address";
export type { FieldAddress } from "../shared/field-address";
