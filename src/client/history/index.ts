/* The history chunk: loaded only when an editor opens the page's history. */
export { openHistoryPanel } from "./history-panel";
export type { HistoryPanelOptions } from "./history-panel";
