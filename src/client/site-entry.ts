/*
 * The entry the reference site serves (`/cms-client/louise.js`). It leaves out the static
 * `RichText` re-export of index.ts so the plain-text path stays small: rich text and live
 * editing arrive as lazily imported chunks when a page needs them.
 */
export { mountLouise, DONE_EVENT } from "./mount-louise";
export { OPEN_SETTINGS_EVENT } from "./edit-bar";
export { Icon } from "./icon";

/**
 * Loads the rich-text chunk (`RichText`, `mountRichText`) on demand.
 *
 * @example
 * const { mountRichText } = await loadRichText();
 */
export const loadRichText = () => import("./rich");

/**
 * The settings panel, loaded only when the Settings button is first pressed.
 *
 * @example
 * window.addEventListener("cms:open-settings", () => openSettingsPanel(document, { fields }));
 */
export const openSettingsPanel: typeof import("./settings-panel").openSettingsPanel = async (doc, options) =>
  (await import("./settings-panel")).openSettingsPanel(doc, options);

/**
 * The page dialogs of the edit bar's "New page", "Pages" and "Page" buttons, loaded when first pressed.
 *
 * @example
 * const { openNewPageDialog } = await loadPageDialogs();
 */
export const loadPageDialogs = () => import("./pages");

/**
 * The Team panel (admins: accounts, invites, roles and scopes), loaded when first opened.
 *
 * @example
 * const { openTeamPanel } = await loadTeamPanel();
 */
export const loadTeamPanel = () => import("./team");
