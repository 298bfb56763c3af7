export { openSharePanel, type SharePanelOptions } from "./share-panel";
