export { openPreview, type PreviewOptions } from "./preview";
export { showVisitorPage, type LeaveOptions } from "./leave";
