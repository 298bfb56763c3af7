import { formatKey, type RichToken } from "./text-format";
import { diffBy, diffTokens, diffWords, type DiffPart } from "./word-diff";

/** How one field of a version differs from the current draft. */
export interface FieldComparison {
  field: string;
  changed: boolean;
  /** Runs from the version's value (older) to the current draft's (newer). */
  parts: DiffPart[];
}

export interface CompareOptions {
  /** Fields holding rich HTML: compared as their readable, formatted words, not as markup. */
  richFields: ReadonlySet<string>;
  /** Turns rich HTML into its words with their formatting (in the browser: `htmlToTokens`). */
  htmlToTokens: (html: string) => RichToken[];
}

/**
 * Compares a version's snapshot with the current draft, field by field: text fields word by
 * word, rich fields by their readable words and each word's formatting (a word made bold, a
 * link's new address, a paragraph turned heading show as changed), structured fields (JSON) as one line per text leaf
 * (`sections 1 heading: Welcome`). Fields come in the current draft's order, then any the
 * version alone has.
 *
 * @example
 * compareFields({ title: "Old" }, { title: "New" }, { richFields: new Set(), htmlToTokens })
 * // [{ field: "title", changed: true, parts: [{ kind: "removed", text: "Old" }, { kind: "added", text: "New" }] }]
 */
export function compareFields(version: Record<string, unknown>, current: Record<string, unknown>, options: CompareOptions): FieldComparison[] {
  const fields = [...new Set([...Object.keys(current), ...Object.keys(version)])];
  return fields.map((field) => {
    const before = version[field];
    const after = current[field];
    const [b, a] = [jsonText(before), jsonText(after)];
    const changed = b === null || a === null || b !== a;
    let parts: DiffPart[];
    if (options.richFields.has(field)) parts = diffRich(options.htmlToTokens(String(before ?? "")), options.htmlToTokens(String(after ?? "")));
    else if (typeof before === "string" || typeof after === "string") parts = diffWords(textOf(before), textOf(after));
    else parts = diffTokens(lines(before), lines(after));
    return { field, changed, parts };
  });
}

/* Runs of one kind and one format; a word differs when its text or its format does. */
function diffRich(before: RichToken[], after: RichToken[]): DiffPart[] {
  const out: DiffPart[] = [];
  diffBy(before, after, (token) => `${formatKey(token.format)}\u0000${token.text}`, (kind, token) => {
    const last = out[out.length - 1];
    if (last?.kind === kind && formatKey(last.format) === formatKey(token.format)) last.text += token.text;
    else out.push({ kind, text: token.text, format: token.format });
  });
  return out;
}

/* Each line keeps its line break, so runs of lines read as lines. */
const lines = (value: unknown) => leafLines(value).map((line) => `${line}\n`);

const textOf = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value));

/* Deeper than this, a value is shown as one line of JSON (a snapshot is data, not a stack bomb). */
const MAX_DEPTH = 12;

/**
 * A JSON value as readable lines, one per leaf: its path (list positions counted from 1) and value.
 *
 * @example
 * leafLines([{ heading: "Hi" }]) // ["1 heading: Hi"]
 */
export function leafLines(value: unknown, path: string[] = []): string[] {
  if (path.length >= MAX_DEPTH && value !== null && typeof value === "object") return [`${path.join(" ")}: ${shortJson(value)}`];
  if (Array.isArray(value)) return value.flatMap((item, i) => leafLines(item, [...path, String(i + 1)]));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => leafLines(item, [...path, key]));
  if (value === undefined) return [];
  return [`${path.join(" ")}${path.length ? ": " : ""}${typeof value === "string" ? value : JSON.stringify(value)}`];
}

/* JSON text of a value, or null when it cannot be written (nested too deep for the engine). */
function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? "undefined";
  } catch {
    return null;
  }
}

function shortJson(value: unknown): string {
  const text = jsonText(value) ?? "…";
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
