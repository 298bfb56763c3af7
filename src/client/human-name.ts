/**
 * The field name a screen reader announces: list indexes count from 1.
 *
 * @example
 * humanName("sections.0.heading") // "sections 1 heading"
 */
export function humanName(field: string): string {
  return field
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part))
    .join(" ");
}
