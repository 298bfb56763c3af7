/*
 * The declaration of a typed field, shared by the cores (which judge values by it) and the browser
 * client (whose inline editors are built from it, read from the marker's `data-cms-def`).
 */

/** One choice of a `select` field: the stored value and the label the editor shows. */
export interface SelectOption {
  value: string;
  label: string;
}

/** What an editor is told about a field whatever its type: shown in its slot while it is empty. */
export interface FieldHints {
  /** The field's name for editors ("Heading"). */
  label?: string;
  /** What an empty slot says instead of the label ("Who said it?"). */
  placeholder?: string;
}

/**
 * A field's declaration, one shape per type: the options a type takes are the only ones that
 * compile (`min` on a text field, a `select` without `options` are type errors). Collections and
 * sections declare fields with it; every write path checks values with `fieldValueProblem` (src/cores/field-types.ts).
 */
export type FieldDef = FieldHints &
  (
    | { type: "text"; required?: boolean; maxLength?: number; /** A regular expression the whole value must match. */ pattern?: string }
    | { type: "richtext"; required?: boolean }
    | { type: "number"; required?: boolean; integer?: boolean; min?: number; max?: number; /** Shown beside the value ("EUR", "kg"). */ unit?: string }
    | { type: "boolean"; required?: boolean }
    | { type: "date"; required?: boolean }
    | { type: "datetime"; required?: boolean }
    | { type: "select"; required?: boolean; options: readonly SelectOption[] }
    | { type: "url"; required?: boolean }
    | { type: "slug"; required?: boolean }
    | { type: "image"; required?: boolean }
    | { type: "json"; required?: boolean }
  );

/** The type names a field may declare. */
export type FieldType = FieldDef["type"];

/** The value a field of declaration `D` holds (what a typed edit must pass). */
export type FieldValue<D extends { type: FieldType }> = D extends { type: "number" }
  ? number | null
  : D extends { type: "boolean" }
    ? boolean | null
    : D extends { type: "image" }
      ? ImageValue | null
      : D extends { type: "json" }
        ? unknown
        : D extends { type: "select"; options: readonly (infer O)[] }
          ? (O extends { value: infer V } ? V : string) | null
          : string | null;

/** An image field's value: a media asset's URL and the alternative text of this one use of it. */
export interface ImageValue {
  src: string;
  alt?: string;
}

/** A slug: lowercase letters and digits in words joined by single hyphens (`about-us`). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
