/** Longest file name kept for an upload; a longer one is cut (the name is a label, not an identity). */
export const MAX_MEDIA_NAME = 200;

/**
 * The file name an upload is shown and searched by: the last path segment only (browsers and some
 * clients send `C:\fakepath\…` or a relative path), control characters removed, whitespace
 * collapsed, cut to `MAX_MEDIA_NAME`. `""` when nothing usable remains. The name never becomes part
 * of the object key, which the server always chooses.
 *
 * @example
 * mediaFileName("C:\\fakepath\\Red  door.png") // "Red door.png"
 * mediaFileName(undefined) // ""
 */
export function mediaFileName(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const last = raw.split(/[\\/]/).pop() ?? "";
  const clean = last.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "").replace(/\s+/g, " ").trim();
  return [...clean].slice(0, MAX_MEDIA_NAME).join("");
}
