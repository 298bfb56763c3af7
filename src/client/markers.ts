import { parseFieldAddress, type FieldAddress } from "../shared/field-address";
import type { FieldDef } from "../shared/field-def";

/** The kinds of field edited through a form control (`src/client/fields`) rather than in the text itself. */
export type ValueKind = "number" | "boolean" | "date" | "datetime" | "select" | "url" | "slug";

/** What kind of editor a marker asks for: plain text, rich text, an image, or a typed value's control. */
export type FieldKind = "text" | "richtext" | "image" | ValueKind;

const VALUE_KINDS: ReadonlySet<string> = new Set<ValueKind>(["number", "boolean", "date", "datetime", "select", "url", "slug"]);

/**
 * Whether a marker's kind is edited through a form control.
 *
 * @example
 * isValueKind("number") // true
 */
export function isValueKind(kind: string): kind is ValueKind {
  return VALUE_KINDS.has(kind);
}

/** A parsed `data-cms-field` marker: its address, the editor kind and its image options. */
export interface FieldMarker extends FieldAddress {
  /** The marker's full address, `<collection>:<key>:<field>`: the `field` of a save body. */
  address: string;
  kind: FieldKind;
  /** The top-level field a dotted address lives in (`sections` for `sections.2.heading`). */
  root: string;
  /** Path below `root`; empty for a top-level field. */
  below: (string | number)[];
  /** A free URL box is offered in image controls only when the marker sets it. */
  allowUrl: boolean;
  /** The field's declaration (`data-cms-def`): a number's unit and bounds, a select's options. */
  def?: Partial<FieldDef>;
  /** The stored value (`data-cms-value`, JSON), where the shown text is formatted. */
  value?: unknown;
}

/** The marker attributes as read from an element, so parsing needs no DOM. */
export interface MarkerAttributes {
  field: string | null;
  type?: string | null;
  allowUrl?: string | null;
  def?: string | null;
  value?: string | null;
}

const KINDS: Record<string, FieldKind> = { "": "text", text: "text", richtext: "richtext", image: "image" };

/**
 * Parses one marker, or returns `null` when its address is malformed or its type unknown (such an
 * element is left alone rather than guessed at). `allowUrl` is on for any present value but "false".
 *
 * @example
 * parseMarker({ field: "pages:1:body", type: "richtext" })
 * // { address: "pages:1:body", kind: "richtext", root: "body", below: [], allowUrl: false, ... }
 */
export function parseMarker(attributes: MarkerAttributes): FieldMarker | null {
  if (attributes.field === null) return null;
  const address = parseFieldAddress(attributes.field.trim());
  if (!address) return null;
  const type = (attributes.type ?? "").trim().toLowerCase();
  const kind = isValueKind(type) ? type : Object.hasOwn(KINDS, type) ? KINDS[type] : undefined;
  if (!kind) return null;
  const [root, ...below] = address.path;
  const allowUrl = attributes.allowUrl != null && attributes.allowUrl.trim().toLowerCase() !== "false";
  const def = readJson(attributes.def);
  // A select is nothing to choose from without its declared options: such a marker is left alone.
  if (kind === "select" && !Array.isArray((def as { options?: unknown } | undefined)?.options)) return null;
  const value = readJson(attributes.value);
  return {
    ...address,
    address: attributes.field.trim(),
    kind,
    root: String(root),
    below,
    allowUrl,
    ...(def && typeof def === "object" ? { def: def as Partial<FieldDef> } : {}),
    ...(attributes.value != null ? { value } : {}),
  };
}

/**
 * Parses the marker an element carries (its `data-cms-field`, `data-cms-type`,
 * `data-cms-allow-url`, `data-cms-def` and `data-cms-value`), as {@link parseMarker} does: every
 * place that finds fields on the page reads them alike, so a typed field keeps its declaration
 * wherever it is found (at start, or in an entry the sections editor adds or moves).
 *
 * @example
 * readMarker(document.querySelector("[data-cms-field]")!)
 */
export function readMarker(element: Pick<Element, "getAttribute">): FieldMarker | null {
  return parseMarker({
    field: element.getAttribute("data-cms-field"),
    type: element.getAttribute("data-cms-type"),
    allowUrl: element.getAttribute("data-cms-allow-url"),
    def: element.getAttribute("data-cms-def"),
    value: element.getAttribute("data-cms-value"),
  });
}

function readJson(text: string | null | undefined): unknown {
  if (text == null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Drops repeated addresses (the first element wins), so one field never gets two editors that
 * would race each other's saves.
 *
 * @example
 * uniqueMarkers([a, a2, b]) // [a, b] when a and a2 share an address
 */
export function uniqueMarkers<T extends { marker: FieldMarker }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.marker.address) && Boolean(seen.add(item.marker.address)));
}
