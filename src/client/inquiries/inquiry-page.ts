/* The inquiries list as the panel reads it: plain data, no fetch or DOM, so tests need neither. */

/** One message a visitor sent: its id, when it came, whether it was read, and the form's fields. */
export interface Inquiry {
  id: number;
  createdAt: string | null;
  readAt: string | null;
  /** The form's fields in the order the server gave them (`name`, `email`, `message`…). */
  fields: [name: string, value: string][];
}

/** A page of the list, newest first, and the cursor of the next (older) page. */
export interface InquiryPage {
  items: Inquiry[];
  next: string | null;
}

const OWN = new Set(["id", "createdAt", "readAt"]);

/**
 * Reads a review list answer (`{ items, next }`): rows without a numeric id are left out, and each
 * row's other properties are the form's fields as text.
 *
 * @example
 * parseInquiryPage({ items: [{ id: 3, name: "Ann", createdAt: "…", readAt: null }], next: null })
 * // { items: [{ id: 3, createdAt: "…", readAt: null, fields: [["name", "Ann"]] }], next: null }
 */
export function parseInquiryPage(body: unknown): InquiryPage {
  const raw = body !== null && typeof body === "object" ? (body as { items?: unknown; next?: unknown }) : {};
  const items = Array.isArray(raw.items) ? raw.items.flatMap((row) => (isRow(row) ? [toInquiry(row)] : [])) : [];
  return { items, next: typeof raw.next === "string" && raw.next ? raw.next : null };
}

const isRow = (row: unknown): row is Record<string, unknown> & { id: number } =>
  row !== null && typeof row === "object" && Number.isSafeInteger((row as { id?: unknown }).id);

function toInquiry(row: Record<string, unknown> & { id: number }): Inquiry {
  const text = (value: unknown) => (typeof value === "string" ? value : value === null || value === undefined ? "" : JSON.stringify(value));
  return {
    id: row.id,
    createdAt: typeof row.createdAt === "string" ? row.createdAt : null,
    readAt: typeof row.readAt === "string" ? row.readAt : null,
    fields: Object.entries(row).filter(([name]) => !OWN.has(name)).map(([name, value]) => [name, text(value)]),
  };
}
