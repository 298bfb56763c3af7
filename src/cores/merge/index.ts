export { applyTextDiff, mergeTextInto } from "./merge-text";
export { mergeRichInto } from "./merge-rich";
