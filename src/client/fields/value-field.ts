import type { FieldDef } from "../../shared/field-def";
import { humanName } from "../human-name";
import type { FieldMarker, ValueKind } from "../markers";
import { valueInput } from "./value-input";

/** A typed field (`data-cms-type` number, boolean, date, datetime, select, url or slug) edited through a form control. */
export interface ValueField {
  element: HTMLElement;
  /** The control (where history keys for this field are pressed). */
  control: HTMLElement;
  value(): unknown;
  setValue(value: unknown): void;
  destroy(): void;
}

/**
 * Puts the control that fits the field's declaration (`data-cms-def`) in place of the shown value,
 * starting from the stored value (`data-cms-value`). A change that is a value is reported (and
 * shown in the page once editing ends); one that is not (a slug with capitals, an address no link
 * may have) is marked `aria-invalid` with the reason beside the control, and not reported.
 *
 * @example
 * attachValueField(span, marker, { onChange: (value) => queue.edit(marker.address, value) });
 */
export function attachValueField(element: HTMLElement, marker: FieldMarker & { kind: ValueKind }, options: { onChange: (value: unknown) => void }): ValueField {
  const doc = element.ownerDocument;
  const def = { ...(marker.def ?? {}), type: marker.kind } as FieldDef & { type: ValueKind };
  const input = valueInput(doc, def, `Edit ${humanName(marker.field)}`);
  const problem = doc.createElement("span");
  problem.className = "cms-value-problem";
  problem.id = `cms-problem-${marker.address.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  problem.hidden = true;
  let current = marker.value;
  input.write(current);
  const wrapper = doc.createElement("span");
  wrapper.className = "cms-value-field";
  wrapper.append(input.element, problem);

  const onChange = () => {
    const read = input.read();
    const error = "error" in read ? read.error : null;
    problem.hidden = error === null;
    problem.textContent = error ?? "";
    if (error !== null) {
      input.control.setAttribute("aria-invalid", "true");
      input.control.setAttribute("aria-describedby", problem.id);
      return;
    }
    input.control.removeAttribute("aria-invalid");
    input.control.removeAttribute("aria-describedby");
    if (!("value" in read) || JSON.stringify(read.value) === JSON.stringify(current)) return;
    current = read.value;
    if (def.type === "url" && typeof current === "string") input.write(current);
    options.onChange(current);
  };
  input.control.addEventListener("change", onChange);
  const previous = element.hidden;
  element.hidden = true;
  element.after(wrapper);
  return {
    element,
    control: input.control,
    value: () => current,
    setValue: (value) => {
      current = value;
      input.write(value);
    },
    destroy: () => {
      wrapper.remove();
      element.textContent = input.display(current);
      if (element instanceof HTMLAnchorElement && typeof current === "string") element.href = current;
      element.setAttribute("data-cms-value", JSON.stringify(current ?? null));
      element.hidden = previous;
    },
  };
}
