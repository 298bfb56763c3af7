export { assertCreateAccess, assertRecordAccess, assertStoredRecordAccess, fieldEditOf, mayAccessRecord, type ScopedCollection } from "./record-access";
