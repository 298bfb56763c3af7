/** What the lookup by email reads (a `CommentsApi` has both). */
export interface TeamLookup {
  myEmail(): Promise<string | null>;
  people(): Promise<readonly { id: number; email: string }[]>;
}

/**
 * The editor id that names this editor's comments (as `author`, the same text the server's
 * `isAuthoredBy` compares): the id the page gives (`mountLouise`'s `editor.id`), whatever the
 * site's sign-in; only a page without one looks the signed-in email up in the team list, which a
 * sign-in without emails cannot match.
 *
 * @example
 * await myEditorId("acc-7f3", api) // "acc-7f3", asking the server nothing
 */
export async function myEditorId(given: string | number | null | undefined, api: TeamLookup): Promise<string | null> {
  if (given !== undefined && given !== null && String(given) !== "") return String(given);
  const [email, people] = await Promise.all([api.myEmail(), api.people()]);
  const found = email === null ? undefined : people.find((person) => person.email === email);
  return found ? String(found.id) : null;
}
