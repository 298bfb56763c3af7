import { translationReadOnly } from "../../shared/page-languages";
import type { Answer } from "../call-json";
import { readMarker, type FieldMarker } from "../markers";
import { addStylesOnce } from "../style-once";
import type { LanguagesContext } from "./languages-context";
import { languageName } from "./translations";
import { loadCurrent } from "./translations-api";

const CSS = `
.cms-source-text,.cms-fallback-text{display:block;margin:.3rem 0 .6rem;padding:.3rem .6rem;border-left:3px solid #8a94a3;background:#f4f5f7;color:#4b5563;font:14px/1.45 system-ui,sans-serif;white-space:pre-line;user-select:text}
.cms-fallback-text{border-left-style:dashed;font-style:italic}
.cms-source-text .cms-source-label,.cms-fallback-text .cms-source-label{display:block;font-size:12px;font-weight:600;font-style:normal;color:#374151}
`;

/* The blocks shown on each document, so the panel knows the toggle's state and Done takes them away. */
const shown = new WeakMap<Document, HTMLElement[]>();

/**
 * Whether the source's text is shown under this page's fields.
 *
 * @example
 * if (isSourceShown(document)) box.checked = true;
 */
export function isSourceShown(doc: Document): boolean {
  return (shown.get(doc)?.length ?? 0) > 0;
}

/**
 * Takes away the source's text blocks (the toggle turned off, or Done).
 *
 * @example
 * hideSourceText(document);
 */
export function hideSourceText(doc: Document): void {
  for (const block of shown.get(doc) ?? []) block.remove();
  shown.delete(doc);
}

/**
 * Shows the source's current text (its newest version over its live row) under each of
 * this translation's fields, as a muted block that cannot be edited, so a translator reads what
 * to translate beside what they write. Shared fields are left out: they show the source already.
 * A field inside a list (`sections.2.heading`) reads the source's entry at the same position.
 *
 * @example
 * const answer = await showSourceText(context); // { ok: true, value: 3 } (three fields)
 */
export async function showSourceText(context: LanguagesContext): Promise<Answer<number>> {
  const doc = context.bar.element.ownerDocument;
  const sourceId = context.languages.sourceId;
  if (sourceId === undefined || sourceId === null) return { ok: true, value: 0 };
  const record = await loadCurrent(context, sourceId);
  if (!record.ok) return record;
  hideSourceText(doc);
  addTextBlockStyles(doc);
  const shared = new Set(translationReadOnly(context.languages));
  const name = languageName(context.languages.defaultLocale);
  const blocks: HTMLElement[] = [];
  for (const element of context.root.querySelectorAll<HTMLElement>("[data-cms-field]")) {
    const marker = readMarker(element);
    if (!marker || marker.key !== context.pageId || shared.has(marker.root) || marker.kind === "image") continue;
    const block = textBlock(doc, { className: "cms-source-text", name: `${name} source of ${marker.field}`, label: name, text: textOf(doc, marker, valueAt(record.value, marker)) || "(empty)" });
    element.after(block);
    blocks.push(block);
  }
  shown.set(doc, blocks);
  return { ok: true, value: blocks.length };
}

/* The source's value at the marker's path: the top-level field, then down its list entries by position. */
function valueAt(record: Record<string, unknown>, marker: FieldMarker): unknown {
  let value: unknown = record[marker.root];
  for (const step of marker.below) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/**
 * Adds the styles of the muted text blocks shown beside a translation's fields (the source's text,
 * the fallback's).
 *
 * @example
 * addTextBlockStyles(document);
 */
export function addTextBlockStyles(doc: Document): void {
  addStylesOnce(doc, "cms-source-text-styles", CSS);
}

/**
 * A muted block that cannot be edited, read out as a note named `name`: a small `label` over `text`.
 *
 * @example
 * element.after(textBlock(document, { className: "cms-source-text", name: "English source of title", label: "English", text: "Hello" }));
 */
export function textBlock(doc: Document, parts: { className: string; name: string; label: string; text: string }): HTMLElement {
  const block = doc.createElement("div");
  block.className = parts.className;
  block.setAttribute("role", "note");
  block.setAttribute("aria-label", parts.name);
  block.contentEditable = "false";
  const label = doc.createElement("span");
  label.className = "cms-source-label";
  label.textContent = parts.label;
  block.append(label, parts.text);
  return block;
}

/**
 * A field's value shown as text, never as markup: a rich field's paragraphs one a line.
 *
 * @example
 * textOf(document, marker, "<p>Open daily.</p><p>Closed on Sundays.</p>") // "Open daily.\nClosed on Sundays."
 */
export function textOf(doc: Document, marker: FieldMarker, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (marker.kind !== "richtext" || typeof value !== "string") return typeof value === "string" ? value : JSON.stringify(value);
  const parsed = new (doc.defaultView ?? window).DOMParser().parseFromString(value, "text/html");
  return [...parsed.body.children].map((child) => child.textContent ?? "").join("\n") || (parsed.body.textContent ?? "");
}
