/* The publishing chunk: loaded when an editor opens the Publish dialog. */
export { openPublishDialog } from "./publish-dialog";
export type { PublishDialogOptions } from "./publish-dialog";
