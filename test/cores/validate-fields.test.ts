import { describe, expect, it } from "vitest";
import type { CollectionField } from "../../src/cores/collection";
import { validateFields, type WriteOperation } from "../../src/cores/validate-fields";

const fields: Record<string, CollectionField> = {
  title: { type: "text", required: true, maxLength: 5 },
  body: { type: "richtext" },
  sections: { type: "json" },
};

describe("validateFields", () => {
  it.each<[string, Record<string, unknown>, WriteOperation, string[]]>([
    ["complete create", { title: "Hi" }, "create", []],
    ["create without a required field", {}, "create", ["title:required"]],
    ["update without it (partial edit)", { body: "x" }, "update", []],
    ["draft without it", {}, "draft", []],
    ["publish without it", { body: "x" }, "publish", ["title:required"]],
    ["a number for text", { title: 3 }, "update", ["title:type"]],
    ["an object for rich text", { body: {} }, "update", ["body:type"]],
    ["null for a required text", { title: null }, "update", ["title:required"]],
    ["blank required text", { title: "  " }, "create", ["title:required"]],
    ["blank required text in a draft", { title: "" }, "draft", []],
    ["too long", { title: "123456" }, "update", ["title:too_long"]],
    ["any JSON in a json field", { sections: [{ a: 1 }] }, "update", []],
  ])("%s", (_name, data, operation, expected) => {
    expect(validateFields(data, fields, operation).map((v) => `${v.path}:${v.code}`)).toEqual(expected);
  });
});
