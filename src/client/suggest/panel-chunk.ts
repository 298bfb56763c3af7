/* The Suggestions panel and its routes, loaded when the edit bar's Suggestions is first pressed. */
export { openSuggestionsPanel } from "./suggestions-panel";
export { suggestApi } from "./suggest-api";
