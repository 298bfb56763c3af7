/*
 * Error codes of the editing API in words an editor reads. The server's own `error` text is
 * written for developers (it names fields such as `versionId`), so the publishing dialog shows only
 * these words, violations, or the status.
 */
const CODE_WORDS: Readonly<Record<string, string>> = {
  unauthenticated: "you are signed out; sign in again",
  forbidden_publish: "publishing needs the publish right",
  cross_origin: "the request did not come from this site",
  nothing_pending: "there is nothing to publish yet",
  not_published: "the page is not published",
  not_found: "the page no longer exists",
  version_not_found: "that version no longer exists",
  unique: "another page already uses that value",
  conflict: "another page already uses that value",
  room_unavailable: "the page's live room is not available; try again",
  not_supported: "this site cannot schedule publishing",
  invalid_at: "that is not a date and time",
};

/**
 * Why a request failed, in words for a status line: the 422's violations, else the words for its
 * `code`, else (unless `strict`) the JSON `error`, else the status code.
 *
 * @example
 * if (!response.ok) message.textContent = `Not saved: ${await failureText(response)}`;
 * message.textContent = `Not published: ${await failureText(response, { strict: true })}`;
 */
export async function failureText(response: Response, options: { strict?: boolean } = {}): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown; violations?: unknown } | null;
  const violations = Array.isArray(body?.violations) ? (body.violations as { path?: unknown; message?: unknown }[]) : [];
  const detail = violations.map((v) => `${String(v.path)}: ${String(v.message)}`).join("; ");
  const words = typeof body?.code === "string" && Object.hasOwn(CODE_WORDS, body.code) ? CODE_WORDS[body.code] : undefined;
  if (detail || words) return detail || (words as string);
  return !options.strict && typeof body?.error === "string" ? body.error : `the server answered ${response.status}`;
}
