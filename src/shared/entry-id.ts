/** Characters of a generated entry id: lower-case letters and digits, safe in a path and a selector. */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const LENGTH = 12;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A fresh id for an entry of a list (a section, a list item): 12 random characters, so two
 * editors adding entries at once never pick the same one. Ids are stable: they travel with the
 * entry through the room, D1 drafts and REST, so a writer can address an entry wherever it moved.
 *
 * @example
 * newEntryId() // "k3v9q0x2m7ab"
 */
export function newEntryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/**
 * Whether `value` can be an entry's id: 1 to 64 letters, digits, `_` or `-`.
 *
 * @example
 * isEntryId("k3v9q0x2m7ab") // true
 * isEntryId("") // false
 */
export function isEntryId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}
