import type { FieldDef } from "../../shared/field-def";
import { SLUG } from "../../shared/field-def";
import { normalizeLinkAddress } from "../../shared/link-address";
import type { ValueKind } from "../markers";


/** A form control for one typed value: what it holds, as stored, or why what was typed is not a value. */
export interface ValueInput {
  /** The control the editor uses (an input, a select, a switch button), labelled. */
  control: HTMLElement;
  /** The element to put in the page: the control, with its unit beside it for a number. */
  element: HTMLElement;
  /** The stored value (`null` when cleared), or an error message for what cannot be stored. */
  read(): { value: unknown } | { error: string };
  write(value: unknown): void;
  /** The value as the page shows it (an option's label, Yes/No, a local date and time). */
  display(value: unknown): string;
}

/**
 * Builds the control that fits a declaration: a number input with its unit and bounds, a switch
 * (`role="switch"`, `aria-checked`) for a boolean, the browser's date and date-time pickers (a
 * `datetime` is stored as UTC ISO text and shown in local time), a select of the declared options,
 * and text inputs for a URL (normalized by the link dialog's rule) and a slug.
 *
 * @example
 * const input = valueInput(document, { type: "number", unit: "EUR" }, "Price");
 */
export function valueInput(doc: Document, def: FieldDef & { type: ValueKind }, label: string): ValueInput {
  switch (def.type) {
    case "number":
      return numberInput(doc, def, label);
    case "boolean":
      return switchInput(doc, label);
    case "select":
      return selectInput(doc, def, label);
    default:
      return textLike(doc, def.type, label);
  }
}

function labelled<T extends HTMLElement>(control: T, label: string): T {
  control.setAttribute("aria-label", label);
  control.classList.add("cms-value-control");
  return control;
}

function numberInput(doc: Document, def: Extract<FieldDef, { type: "number" }>, label: string): ValueInput {
  const input = labelled(doc.createElement("input"), label);
  input.type = "number";
  input.step = def.integer ? "1" : "any";
  if (def.min !== undefined) input.min = String(def.min);
  if (def.max !== undefined) input.max = String(def.max);
  const element = doc.createElement("span");
  element.className = "cms-value-number";
  element.append(input);
  if (def.unit) {
    const unit = doc.createElement("span");
    unit.className = "cms-unit";
    unit.textContent = def.unit;
    input.setAttribute("aria-label", `${label} (${def.unit})`);
    element.append(" ", unit);
  }
  return {
    control: input,
    element,
    read: () => {
      if (input.value.trim() === "") return input.validity.badInput ? { error: "Enter a number." } : { value: null };
      const value = Number(input.value);
      if (!Number.isFinite(value)) return { error: "Enter a number." };
      if (def.integer && !Number.isInteger(value)) return { error: "Enter a whole number." };
      if ((def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max)) {
        return { error: `Enter a number from ${def.min ?? "any"} to ${def.max ?? "any"}.` };
      }
      return { value };
    },
    write: (value) => void (input.value = typeof value === "number" ? String(value) : ""),
    display: (value) => (typeof value === "number" ? String(value) : ""),
  };
}

function switchInput(doc: Document, label: string): ValueInput {
  const button = labelled(doc.createElement("button"), label);
  button.type = "button";
  button.setAttribute("role", "switch");
  button.className = "cms-value-control cms-switch";
  const set = (on: boolean) => {
    button.setAttribute("aria-checked", String(on));
    button.textContent = on ? "Yes" : "No";
  };
  set(false);
  button.addEventListener("click", () => {
    set(button.getAttribute("aria-checked") !== "true");
    button.dispatchEvent(new Event("change", { bubbles: true }));
  });
  return {
    control: button,
    element: button,
    read: () => ({ value: button.getAttribute("aria-checked") === "true" }),
    write: (value) => set(value === true),
    display: (value) => (value === true ? "Yes" : "No"),
  };
}

function selectInput(doc: Document, def: Extract<FieldDef, { type: "select" }>, label: string): ValueInput {
  const select = labelled(doc.createElement("select"), label);
  const options = def.required ? def.options : [{ value: "", label: "—" }, ...def.options];
  for (const option of options) select.append(new Option(option.label, option.value));
  const labelOf = (value: unknown) => def.options.find((option) => option.value === value)?.label ?? "";
  return {
    control: select,
    element: select,
    read: () => ({ value: select.value === "" ? null : select.value }),
    write: (value) => void (select.value = typeof value === "string" ? value : ""),
    display: labelOf,
  };
}

const INPUT_TYPES: Record<"date" | "datetime" | "url" | "slug", string> = { date: "date", datetime: "datetime-local", url: "text", slug: "text" };

function textLike(doc: Document, type: "date" | "datetime" | "url" | "slug", label: string): ValueInput {
  const input = labelled(doc.createElement("input"), label);
  input.type = INPUT_TYPES[type];
  if (type === "url") input.inputMode = "url";
  const read = (): { value: unknown } | { error: string } => {
    const typed = input.value.trim();
    if (typed === "") return input.validity.badInput ? { error: "Enter a complete date." } : { value: null };
    if (type === "datetime") {
      const time = new Date(typed);
      return Number.isNaN(time.getTime()) ? { error: "Enter a date and time." } : { value: time.toISOString() };
    }
    if (type === "url") {
      const address = normalizeLinkAddress(typed);
      return "href" in address ? { value: address.href } : { error: address.error };
    }
    if (type === "slug") return SLUG.test(typed) ? { value: typed } : { error: "Use lowercase letters and digits joined by hyphens, such as summer-party." };
    return { value: typed };
  };
  return {
    control: input,
    element: input,
    read,
    write: (value) => void (input.value = typeof value !== "string" ? "" : type === "datetime" ? localDateTime(value) : value),
    display: (value) => (typeof value !== "string" ? "" : type === "datetime" ? new Date(value).toLocaleString() : value),
  };
}

/** An ISO time as a `datetime-local` input holds it: the browser's local time, to the minute. */
function localDateTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return "";
  return new Date(time.getTime() - time.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
