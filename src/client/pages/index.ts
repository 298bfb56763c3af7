/* The page dialogs of the edit bar, one lazily loaded chunk. */
export { openNewPageDialog, type NewPageOptions } from "./new-page-dialog";
export { openPageSettings, type PageSettingsOptions } from "./page-settings-dialog";
export { openPageList } from "./page-list-panel";
