export {
  DEFAULT_MAX_PER_DOC,
  DRAFT_STATUS,
  PUBLISHED_STATUS,
  SUPERSEDED_STATUS,
  type DraftDeps,
  type DraftRunOptions,
  type VisibleChange,
} from "./draft-deps";
export { latestDraftBody, latestDraftSections, loadEditableDocument, type EditableDocument } from "./load-editable";
export { listVersions, type VersionPage, type VersionState } from "./list-versions";
export { applyPublish, applyRestore, assertPublishable, publishVersion, type PublishOptions, type PublishResult } from "./publish";
export { applySaveDraft, saveBoundedDraft, writeDraft, type SavedDraft } from "./save-draft";
export { assertDraftRules, draftViolations, notNullFields } from "./draft-rules";
export { applyUnpublish, unpublishPage } from "./unpublish";
export { declaredFields, directDraftWriter, type DraftWriter, type DraftWriterFor, type DraftWriteOptions, type FieldEdit, type ScheduledPublish, type ScheduleFailure, type WrittenDraft } from "./draft-writer";
export { readRecord, readVersionSnapshot } from "./read-version";
export { cancelScheduleRequest, publishRequest, saveDraftRequest, labelOf, unpublishRequest, type ActivityTarget, type DraftSaveRequest, type PublishRequest } from "./draft-request";
export { applyCreate } from "./create";
export { listPublished, readPublished } from "./published";
export { readPublishState, type PublishState } from "./publish-state";
export { listRecordOverview, type RecordOverview } from "./record-overview";
export { clearUnflushed, listUnflushed, markUnflushed, type UnflushedRoom } from "./unflushed-rooms";
export { deleteScheduleRow, listScheduleRows, readScheduleRow, saveScheduleRow, type ScheduleRow } from "./scheduled-publishes";
