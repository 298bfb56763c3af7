/*
 * An editor's id is the text `EditorSession.id` holds: whatever the site's resolver answers (the
 * built-in sign-in's `editors.id` as digits, an Access subject, an email). Comments, suggestions and
 * activity rows name their author by it, so every check of "is this the author" is this one.
 */

/**
 * Whether a stored `author` names this editor. A number is read as its digits, so threads and
 * suggestions written when authors were numbers still match the same account.
 *
 * @example
 * isAuthoredBy("3", "3"); // true
 * isAuthoredBy(3, "3"); // true
 * isAuthoredBy("ann@example.com", "3"); // false
 */
export function isAuthoredBy(author: unknown, editorId: string): boolean {
  return (typeof author === "number" || typeof author === "string") && editorId !== "" && String(author) === editorId;
}

/**
 * A stored `author` as the editor id it names ("" when it names none).
 *
 * @example
 * authorId(12); // "12"
 */
export function authorId(author: unknown): string {
  return typeof author === "string" || (typeof author === "number" && Number.isSafeInteger(author)) ? String(author) : "";
}
