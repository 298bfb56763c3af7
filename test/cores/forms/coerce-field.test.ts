import { describe, expect, it } from "vitest";
import { coerceField, defineForm, type FormField } from "../../../src/cores/forms";

const file = (name: string, type: string, text: string) => ({ kind: "file" as const, name, type, bytes: new TextEncoder().encode(text) });

describe("coerceField: values it accepts, and what they become", () => {
  const accepted: [string, FormField, unknown, unknown][] = [
    ["text is trimmed", { type: "text" }, "  Ann  ", "Ann"],
    ["textarea keeps newlines, normalized", { type: "textarea" }, "a\r\nb\rc", "a\nb\nc"],
    ["email", { type: "email" }, "ann@example.test", "ann@example.test"],
    ["url", { type: "url" }, "https://ann.test/x?y=1", "https://ann.test/x?y=1"],
    ["phone", { type: "phone" }, "+1 (555) 010-9999", "+1 (555) 010-9999"],
    ["select", { type: "select", choices: ["a", "b"] }, "b", "b"],
    ["number from text", { type: "number" }, "3.5", 3.5],
    ["number from JSON", { type: "number" }, 7, 7],
    ["number at its bounds", { type: "number", min: 1, max: 5 }, "5", 5],
    ["boolean 'on' (a ticked checkbox)", { type: "boolean" }, "on", true],
    ["boolean 'false'", { type: "boolean" }, "false", false],
    ["boolean absent (an unticked checkbox)", { type: "boolean" }, undefined, false],
    ["boolean from JSON", { type: "boolean" }, true, true],
    ["text at exactly maxLength", { type: "text", maxLength: 3 }, "abc", "abc"],
    ["file", { type: "file", accept: ["text/plain"] }, file("a.txt", "text/plain;charset=utf-8", "hi"), { name: "a.txt", type: "text/plain", size: 2, base64: btoa("hi") }],
  ];
  it.each(accepted)("%s", (_label, field, raw, value) => {
    expect(coerceField("f", field, raw)).toEqual({ value });
  });

  it.each([
    ["empty optional text", { type: "text" } as FormField, ""],
    ["whitespace optional text", { type: "text" } as FormField, "   "],
    ["missing optional number", { type: "number" } as FormField, undefined],
    ["a blank file input", { type: "file" } as FormField, file("", "application/octet-stream", "")],
  ])("%s is left out", (_label, field, raw) => {
    expect(coerceField("f", field, raw)).toEqual({ absent: true });
  });
});

describe("coerceField: violations", () => {
  const refused: [string, FormField, unknown, string][] = [
    ["required text missing", { type: "text", required: true }, undefined, "required"],
    ["required text blank", { type: "text", required: true }, "  ", "required"],
    ["required boolean unticked", { type: "boolean", required: true }, undefined, "required"],
    ["a default cap on text (1000)", { type: "text" }, "x".repeat(1001), "too_long"],
    ["a default cap on email (254)", { type: "email" }, `${"a".repeat(250)}@b.test`, "too_long"],
    ["maxLength", { type: "textarea", maxLength: 3 }, "abcd", "too_long"],
    ["minLength", { type: "text", minLength: 3 }, "ab", "too_short"],
    ["min", { type: "number", min: 1 }, "0", "too_small"],
    ["max", { type: "number", max: 1 }, 2, "too_large"],
    ["integer", { type: "number", integer: true }, "1.5", "type"],
    ["a number as words", { type: "number" }, "ten", "type"],
    ["Infinity", { type: "number" }, "1e999", "type"],
    ["a boolean as words", { type: "boolean" }, "maybe", "type"],
    ["an email without a domain", { type: "email" }, "ann@", "email"],
    ["an email with a display name", { type: "email" }, "Ann <ann@example.test>", "email"],
    ["a javascript: URL", { type: "url" }, "javascript:alert(1)", "url"],
    ["a relative URL", { type: "url" }, "/about", "url"],
    ["a too-short phone", { type: "phone" }, "123", "phone"],
    ["a choice not offered", { type: "select", choices: ["a"] }, "b", "choice"],
    ["a pattern miss", defineForm({ name: "p", fields: { f: { type: "text", pattern: /\d+/ } } }).fields.f!, "12a", "pattern"],
    ["several values", { type: "text" }, ["a", "b"], "type"],
    ["an object", { type: "text" }, { a: 1 }, "type"],
    ["a control character", { type: "textarea" }, "a\u0000b", "type"],
    ["a newline in a single-line field", { type: "email" }, "a@b.test\nBcc: x@y.test", "type"],
    ["text where a file goes", { type: "file" }, "not a file", "type"],
    ["a file over maxBytes", { type: "file", maxBytes: 1 }, file("a.txt", "text/plain", "hi"), "too_large"],
    ["a file type not accepted", { type: "file", accept: ["text/plain"] }, file("a.html", "text/html", "<p>"), "file_type"],
    ["a file where text goes", { type: "text" }, file("a.txt", "text/plain", "hi"), "type"],
  ];
  it.each(refused)("%s", (_label, field, raw, code) => {
    expect(coerceField("f", field, raw)).toEqual({ violation: { path: "f", message: expect.any(String), code } });
  });
});
