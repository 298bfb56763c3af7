import { SOURCE_CHANGED_EVENT, translationReadOnly } from "../../shared/page-languages";
import type { Answer } from "../call-json";
import { readMarker, type FieldMarker } from "../markers";
import { addStylesOnce } from "../style-once";
import type { LanguagesContext } from "./languages-context";
import { languageName } from "./translations";
import { loadCurrent } from "./translations-api";
import { sourceValueAt } from "./source-value";

const CSS = `
.cms-source-text,.cms-fallback-text{display:block;margin:.3rem 0 .6rem;padding:.3rem .6rem;border-left:3px solid #8a94a3;background:#f4f5f7;color:#4b5563;font:14px/1.45 system-ui,sans-serif;white-space:pre-line;user-select:text}
.cms-fallback-text{border-left-style:dashed;font-style:italic}
.cms-source-text .cms-source-label,.cms-fallback-text .cms-source-label{display:block;font-size:12px;font-weight:600;font-style:normal;color:#374151}
`;

/*
 * What is shown on each document: the blocks, so the panel knows the toggle's state and Done takes
 * them away; the listener that reads the source again when it changes; and how many reads were
 * started, so only the newest one's text is put up.
 */
interface Shown {
  blocks: HTMLElement[];
  follow: () => void;
  reads: number;
}
const shown = new WeakMap<Document, Shown>();

/* The source's current fields and, when a field sits in a list, the translation's own (whose entries' ids find the source's). */
interface SourceRead {
  source: Record<string, unknown>;
  own: Record<string, unknown> | null;
}

/**
 * Whether the source's text is shown under this page's fields.
 *
 * @example
 * if (isSourceShown(document)) box.checked = true;
 */
export function isSourceShown(doc: Document): boolean {
  return (shown.get(doc)?.blocks.length ?? 0) > 0;
}

/**
 * Takes away the source's text blocks (the toggle turned off, or Done), and stops following the source.
 *
 * @example
 * hideSourceText(document);
 */
export function hideSourceText(doc: Document): void {
  const state = shown.get(doc);
  if (!state) return;
  for (const block of state.blocks) block.remove();
  (doc.defaultView ?? window).removeEventListener(SOURCE_CHANGED_EVENT, state.follow);
  shown.delete(doc);
}

/**
 * Shows the source's current text (its newest version over its live row) under each of
 * this translation's fields, as a muted block that cannot be edited, so a translator reads what
 * to translate beside what they write. Shared fields are left out: they show the source already.
 * A field inside a list (`sections.2.heading`) reads the source's entry with the same id as the
 * translation's entry there (a translation's entries keep their source's ids), by position only
 * for an entry without an id. The text follows the source: whenever the page's room says the
 * source's draft was written (`SOURCE_CHANGED_EVENT`), it is read again and shown anew.
 *
 * @example
 * const answer = await showSourceText(context); // { ok: true, value: 3 } (three fields)
 */
export async function showSourceText(context: LanguagesContext): Promise<Answer<number>> {
  const doc = context.bar.element.ownerDocument;
  const sourceId = context.languages.sourceId;
  if (sourceId === undefined || sourceId === null) return { ok: true, value: 0 };
  const read = await readSource(context, sourceId);
  if (!read.ok) return read;
  hideSourceText(doc);
  addTextBlockStyles(doc);
  const state: Shown = { blocks: placeBlocks(context, read.value), follow: () => void follow(context, sourceId, state), reads: 0 };
  shown.set(doc, state);
  (doc.defaultView ?? window).addEventListener(SOURCE_CHANGED_EVENT, state.follow);
  return { ok: true, value: state.blocks.length };
}

/* The source changed: its text is read again and replaces the blocks, unless hidden meanwhile or a newer read started. A failed read keeps the text shown. */
async function follow(context: LanguagesContext, sourceId: number, state: Shown): Promise<void> {
  const reading = ++state.reads;
  const read = await readSource(context, sourceId);
  if (!read.ok || reading !== state.reads || shown.get(context.bar.element.ownerDocument) !== state) return;
  for (const block of state.blocks) block.remove();
  state.blocks = placeBlocks(context, read.value);
}

/* The source's current fields, and the translation's own when one of its fields sits in a list (read as the server has it). */
async function readSource(context: LanguagesContext, sourceId: number): Promise<Answer<SourceRead>> {
  const inList = ownMarkers(context).some(({ marker }) => marker.below.length > 0);
  const [source, own] = await Promise.all([loadCurrent(context, sourceId), inList ? loadCurrent(context, Number(context.pageId)) : null]);
  if (!source.ok) return source;
  return { ok: true, value: { source: source.value, own: own?.ok ? own.value : null } };
}

/* This record's markers whose source text is shown: not a shared field's (it shows the source already), not an image's. */
function ownMarkers(context: LanguagesContext): { element: HTMLElement; marker: FieldMarker }[] {
  const shared = new Set(translationReadOnly(context.languages));
  return [...context.root.querySelectorAll<HTMLElement>("[data-cms-field]")].flatMap((element) => {
    const marker = readMarker(element);
    return marker && marker.key === context.pageId && !shared.has(marker.root) && marker.kind !== "image" ? [{ element, marker }] : [];
  });
}

/* A block of the source's text under each field, in the page. */
function placeBlocks(context: LanguagesContext, read: SourceRead): HTMLElement[] {
  const doc = context.bar.element.ownerDocument;
  const name = languageName(context.languages.defaultLocale);
  return ownMarkers(context).map(({ element, marker }) => {
    const found = sourceValueAt(read.source, read.own, marker);
    const text = found === null ? `(not in the ${name} page)` : textOf(doc, marker, found.value) || "(empty)";
    const block = textBlock(doc, { className: "cms-source-text", name: `${name} source of ${marker.field}`, label: name, text });
    element.after(block);
    return block;
  });
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
