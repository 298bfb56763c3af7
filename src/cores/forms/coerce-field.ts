import type { Violation } from "../../shared/errors";
import type { FormField, FormValue, SubmittedFile } from "./form-types";

/** A file part as the route hands it over: bytes already read under the body cap. */
export interface IncomingFile {
  kind: "file";
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A field is either coerced to its value, absent (left out of the row), or a violation. */
export type Coerced = { value: FormValue } | { absent: true } | { violation: Violation };

/** Caps that apply when a field declares none, so no text field is unbounded. */
const DEFAULT_MAX_LENGTH: Record<string, number> = { text: 1000, textarea: 10_000, email: 254, url: 2048, phone: 32, select: 1000 };

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;
const PHONE = /^\+?[0-9 ().-]+$/;
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const TRUE_TEXT = new Set(["true", "on", "1", "yes"]);
const FALSE_TEXT = new Set(["false", "off", "0", "no", ""]);
// Control characters other than tab/newline never belong in a form value; single-line types refuse newlines too.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Coerces one raw value (a form-encoded string, a JSON value or a file part) to the field's type and
 * checks its limits.
 *
 * @example
 * coerceField("age", { type: "number", min: 18 }, "21") // { value: 21 }
 * coerceField("age", { type: "number", min: 18 }, "12") // { violation: { path: "age", code: "too_small", … } }
 */
export function coerceField(name: string, field: FormField, raw: unknown): Coerced {
  const label = field.label ?? name;
  const bad = (code: string, message: string): Coerced => ({ violation: { path: name, message: `${label} ${message}`, code } });
  if (Array.isArray(raw)) return bad("type", "takes one value, got several");
  if (field.type === "boolean") return coerceBoolean(raw, field, bad);
  if (field.type === "file") return coerceFile(raw, field, bad);
  if (raw === undefined || raw === null || raw === "") return missing(field, bad);
  if (field.type === "number") return coerceNumber(raw, field, bad);
  if (typeof raw !== "string") return bad("type", "must be text");
  const text = field.type === "textarea" ? raw.replace(/\r\n?/g, "\n").trim() : raw.trim();
  if (text === "") return missing(field, bad);
  if (CONTROL.test(text) || (field.type !== "textarea" && /[\r\n]/.test(text))) return bad("type", "contains characters that are not allowed");
  const maxLength = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type] ?? 1000;
  if (text.length > maxLength) return bad("too_long", `is longer than ${maxLength} characters`);
  if (field.minLength !== undefined && text.length < field.minLength) return bad("too_short", `is shorter than ${field.minLength} characters`);
  const format = checkFormat(field, text);
  if (format) return bad(format.code, format.message);
  if (field.pattern && !field.pattern.test(text)) return bad("pattern", "is not in the expected format");
  return { value: text };
}

function missing(field: FormField, bad: (code: string, message: string) => Coerced): Coerced {
  return field.required ? bad("required", "is required") : { absent: true };
}

function checkFormat(field: FormField, text: string): { code: string; message: string } | null {
  switch (field.type) {
    case "email":
      return EMAIL.test(text) ? null : { code: "email", message: "must be an email address" };
    case "url":
      return isWebUrl(text) ? null : { code: "url", message: "must be an http(s) URL" };
    case "phone": {
      const digits = text.replace(/\D/g, "").length;
      return PHONE.test(text) && digits >= 5 && digits <= 15 ? null : { code: "phone", message: "must be a phone number" };
    }
    case "select":
      return field.choices?.includes(text) ? null : { code: "choice", message: `must be one of ${field.choices?.join(", ")}` };
    default:
      return null;
  }
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function coerceNumber(raw: unknown, field: FormField, bad: (code: string, message: string) => Coerced): Coerced {
  let value: number;
  if (typeof raw === "number") value = raw;
  else if (typeof raw === "string" && NUMBER_TEXT.test(raw.trim())) value = Number(raw.trim());
  else return bad("type", "must be a number");
  if (!Number.isFinite(value)) return bad("type", "must be a finite number");
  if (field.integer && !Number.isInteger(value)) return bad("type", "must be a whole number");
  if (field.min !== undefined && value < field.min) return bad("too_small", `must be at least ${field.min}`);
  if (field.max !== undefined && value > field.max) return bad("too_large", `must be at most ${field.max}`);
  return { value };
}

// An unchecked checkbox is simply not sent, so absence means false; a required box must be ticked.
function coerceBoolean(raw: unknown, field: FormField, bad: (code: string, message: string) => Coerced): Coerced {
  let value: boolean;
  if (raw === undefined || raw === null) value = false;
  else if (typeof raw === "boolean") value = raw;
  else if (typeof raw === "string" && TRUE_TEXT.has(raw.trim().toLowerCase())) value = true;
  else if (typeof raw === "string" && FALSE_TEXT.has(raw.trim().toLowerCase())) value = false;
  else return bad("type", "must be yes or no");
  if (field.required && !value) return bad("required", "must be checked");
  return { value };
}

function coerceFile(raw: unknown, field: FormField, bad: (code: string, message: string) => Coerced): Coerced {
  // Browsers send an empty, nameless part for a file input left blank.
  const blank = raw === undefined || raw === null || raw === "" || (isIncomingFile(raw) && raw.bytes.byteLength === 0 && raw.name === "");
  if (blank) return missing(field, bad);
  if (!isIncomingFile(raw)) return bad("type", "must be a file upload");
  if (field.maxBytes !== undefined && raw.bytes.byteLength > field.maxBytes) return bad("too_large", `is larger than ${field.maxBytes} bytes`);
  const type = raw.type.split(";")[0]!.trim().toLowerCase();
  if (field.accept && !field.accept.includes(type)) return bad("file_type", `must be one of ${field.accept.join(", ")}`);
  const file: SubmittedFile = { name: raw.name.slice(0, 255), type, size: raw.bytes.byteLength, base64: toBase64(raw.bytes) };
  return { value: file };
}

/**
 * True for a file part handed over by the route.
 *
 * @example
 * isIncomingFile({ kind: "file", name: "a.txt", type: "text/plain", bytes: new Uint8Array() }) // true
 */
export function isIncomingFile(value: unknown): value is IncomingFile {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "file";
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
