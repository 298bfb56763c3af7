/**
 * An ISO time in the page's language, date and time (e.g. "23 Nov 2026, 13:05"); empty for a
 * missing or malformed time.
 *
 * @example
 * formatTime(document, "2026-11-23T13:05:00Z")
 */
export function formatTime(doc: Document, iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const locale = doc.documentElement.lang || undefined;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
