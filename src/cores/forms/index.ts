export { DEFAULT_FORM_RATE_LIMIT, captureSubmission, type CaptureDeps, type CaptureInput, type CaptureOutcome } from "./capture";
export { coerceField, isIncomingFile, type Coerced, type IncomingFile } from "./coerce-field";
export { defineForm } from "./define-form";
export { envKv, envString, type FormEnv } from "./form-env";
export { issueFormToken, readFormToken, verifyFormToken, insertClaimingFormToken, assertFreshFormToken, MAX_FORM_TOKEN_AGE_SECONDS, type FormToken } from "./form-token";
export {
  TIMING_FIELD,
  TURNSTILE_FIELD,
  type FormDefinition,
  type FormDefinitionInput,
  type FormField,
  type FormFieldType,
  type FormNotify,
  type FormValue,
  type SpamGuard,
  type SubmittedFile,
} from "./form-types";
export { mailText, notifySubmission, type NotifyDeps, type SubmissionNotice } from "./notify-submission";
export { countUnread, deleteMatching, listNewestFirst, markRead, type RowFilter } from "./submission-store";
export { TURNSTILE_SITEVERIFY_URL, assertTurnstile, type TurnstileCheck } from "./turnstile";
export { validateSubmission } from "./validate-submission";
