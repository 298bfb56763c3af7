import { describe, expect, it } from "vitest";
import { fieldSearchText, flattenStringLeaves, htmlToText, toFtsQuery } from "../../../src/cores/search";

describe("htmlToText", () => {
  it.each([
    ["<p>Fast <strong>sites</strong></p><p>win</p>", "Fast sites win"],
    ["<h2>How</h2><ul><li>Write</li><li>Review</li></ul>", "How Write Review"],
    ["Tom &amp; Jerry &lt;3 &#x41;", "Tom & Jerry <3 A"],
    ["in<em>line</em>", "inline"],
    ["<p>a</p><script>evil()</script><style>p{}</style><p>b</p>", "a b"],
    ["x\u0002y\u0003z", "x y z"],
    ["", ""],
  ])("%j → %j", (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe("flattenStringLeaves", () => {
  it.each([
    [[{ type: "hero", heading: "Hi", n: 3, ok: true }], ["hero", "Hi"]],
    [{ items: [{ title: "A" }, { title: "B", text: null }] }, ["A", "B"]],
    ["plain", ["plain"]],
    [null, []],
    [42, []],
  ])("%j → %j", (value, leaves) => {
    expect(flattenStringLeaves(value)).toEqual(leaves);
  });
});

describe("fieldSearchText", () => {
  it.each([
    [{ type: "text" as const }, "  About  us ", "About us"],
    [{ type: "richtext" as const }, "<p>Hello <b>world</b></p>", "Hello world"],
    [{ type: "json" as const }, [{ heading: "Hi" }, { items: [{ title: "There" }] }], "Hi\nThere"],
    [{ type: "json" as const, catalog: {} }, [{ id: "k3v9q0x2m7ab", heading: "Hi", items: [{ id: "i1", title: "There" }] }], "Hi\nThere"],
    [{ type: "json" as const }, [{ id: "kept", heading: "Hi" }], "kept\nHi"],
    [{ type: "text" as const }, null, ""],
    [{ type: "text" as const }, 12, ""],
  ])("%j of %j → %j", (field, value, text) => {
    expect(fieldSearchText(field, value)).toBe(text);
  });
});

describe("toFtsQuery: user text is never FTS syntax", () => {
  it.each([
    ["fast sites", '"fast" "sites"'],
    ['"unbalanced quote', '"unbalanced" "quote"'],
    ["title:secret", '"title" "secret"'],
    ["a NEAR b", '"a" "NEAR" "b"'],
    ["NOT this OR that AND", '"NOT" "this" "OR" "that" "AND"'],
    ["-excluded +required ^start", '"excluded" "required" "start"'],
    ["prefix* (open", '"prefix" "open"'],
    ["café Ünïcode", '"café" "Ünïcode"'],
    ["***", null],
    ["( ) \" :", null],
  ])("%j → %j", (text, query) => {
    expect(toFtsQuery(text)).toBe(query);
  });

  it("searches at most 16 words", () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
    expect(toFtsQuery(words)!.split(" ")).toHaveLength(16);
  });
});
