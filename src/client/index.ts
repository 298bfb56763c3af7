/*
 * "cms-toolkit/client": the inline-editing browser client. Browser-only; imports nothing from
 * Workers code. Nothing here touches the DOM at import time.
 */
export { parseFieldAddress, formatFieldAddress } from "../shared/field-address";
export type { FieldAddress } from "../shared/field-address";
export { mountLouise, DONE_EVENT } from "./mount-louise";
export type { MountLouiseOptions, LouiseHandle } from "./mount-options";
export { OPEN_SETTINGS_EVENT } from "./edit-bar";
export { parseMarker } from "./markers";
export type { FieldMarker, FieldKind, MarkerAttributes } from "./markers";
export { createSaveQueue } from "./save-queue";
export type { SaveQueue, SaveQueueOptions, SaveQueueSnapshot, SaveState, SaveTimers } from "./save-queue";
export { createSaveTransport, fitsKeepalive, KEEPALIVE_BUDGET_BYTES } from "./save-transport";
export { RichText, mountRichText } from "./rich/rich-text";
export type { RichTextOptions } from "./rich/rich-text";
export { Icon } from "./icon";
export type { IconName, IconOptions } from "./icon";
export { openSettingsPanel } from "./settings-panel";
export type { SettingsPanelField, SettingsPanelOptions } from "./settings-panel";
