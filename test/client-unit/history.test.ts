import { describe, expect, it } from "vitest";
import { compareFields, leafLines } from "../../src/client/history/field-compare";
import type { RichToken } from "../../src/client/history/text-format";
import { parseVersionList, scheduledVersionId, versionStateLabel } from "../../src/client/history/versions-api";
import { diffTokens, diffWords, wordTokens } from "../../src/client/history/word-diff";

const render = (parts: { kind: string; text: string }[]) => parts.map((p) => (p.kind === "same" ? p.text : p.kind === "added" ? `{+${p.text}+}` : `[-${p.text}-]`)).join("");

describe("diffWords", () => {
  it.each([
    ["Live T", "Live T BBB", "Live T{+ BBB+}"],
    ["the old text", "the new text", "the [-old-]{+new+} text"],
    ["a b c", "a c", "a [-b -]c"],
    ["", "new", "{+new+}"],
    ["gone", "", "[-gone-]"],
    ["same", "same", "same"],
    ["🙂 café 👍🏽", "🙂 cafe 👍🏽", "🙂 [-café-]{+cafe+} 👍🏽"],
  ])("%j → %j reads %j", (before, after, expected) => {
    expect(render(diffWords(before, after))).toBe(expected);
  });

  it("keeps every token of both sides, in order", () => {
    const before = "one two three four five six";
    const after = "zero one three four 4½ six seven";
    const parts = diffWords(before, after);
    expect(parts.filter((p) => p.kind !== "added").map((p) => p.text).join("")).toBe(before);
    expect(parts.filter((p) => p.kind !== "removed").map((p) => p.text).join("")).toBe(after);
  });

  it("a change too large to compare in bounds is shown replaced whole, still complete", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(" ");
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(" ");
    const parts = diffWords(before, after);
    expect(parts.map((p) => p.kind)).toEqual(["removed", "added"]);
    expect(parts[0]!.text).toBe(before);
  });

  it("splits words and whitespace", () => {
    expect(wordTokens("Hi  there\n you")).toEqual(["Hi", "  ", "there", "\n ", "you"]);
  });

  it("diffs any token lists", () => {
    expect(diffTokens(["a", "b", "c"], ["a", "x", "c"])).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "x" },
      { kind: "same", text: "c" },
    ]);
  });
});

describe("compareFields", () => {
  /* The browser parses HTML with its DOM; here a tag-by-tag reading of b, i and a is enough. */
  const htmlToTokens = (html: string): RichToken[] => {
    const tokens: RichToken[] = [];
    const marks: string[] = [];
    let href: string | undefined;
    for (const [, close, tag, attrs, text] of html.matchAll(/<(\/?)(\w+)([^>]*)>|([^<]+)/g)) {
      if (text !== undefined) {
        for (const word of wordTokens(text)) tokens.push({ text: word, format: word.trim() ? { marks: [...marks], ...(href === undefined ? {} : { href }) } : { marks: [] } });
      } else if (tag === "b" || tag === "i") {
        if (close) marks.pop();
        else marks.push(tag === "b" ? "bold" : "italic");
      } else if (tag === "a") href = close ? undefined : /href="([^"]*)"/.exec(attrs ?? "")?.[1];
    }
    return tokens;
  };
  const options = { richFields: new Set(["body"]), htmlToTokens };

  it("compares text by words, rich text by readable text, JSON by leaf lines", () => {
    const version = { title: "Old title", body: "<p>Hello <b>world</b></p>", sections: [{ heading: "Hi", text: "A" }] };
    const current = { title: "New title", body: "<p>Hello <i>world</i></p>", sections: [{ heading: "Hi", text: "B" }] };
    const result = compareFields(version, current, options);
    expect(result.map((r) => [r.field, r.changed, render(r.parts)])).toEqual([
      ["title", true, "[-Old-]{+New+} title"],
      ["body", true, "Hello [-world-]{+world+}"],
      ["sections", true, "1 heading: Hi\n[-1 text: A\n-]{+1 text: B\n+}"],
    ]);
  });

  it("shows a word made bold and a link's new address as changed, with the run's formatting", () => {
    const result = compareFields({ body: '<p>Go <a href="https://a.test">home</a> now</p>' }, { body: '<p>Go <a href="https://b.test">home</a> <b>now</b></p>' }, options);
    expect(render(result[0]!.parts)).toBe("Go [-home-]{+home+} [-now-]{+now+}");
    expect(result[0]!.parts.filter((p) => p.kind !== "same").map((p) => p.format)).toEqual([
      { marks: [], href: "https://a.test" },
      { marks: [], href: "https://b.test" },
      { marks: [] },
      { marks: ["bold"] },
    ]);
  });

  it("lists a field only the version has after the current draft's fields", () => {
    expect(compareFields({ a: "x", extra: "y" }, { a: "x" }, options).map((r) => [r.field, r.changed])).toEqual([
      ["a", false],
      ["extra", true],
    ]);
  });

  it("shows a value nested past the depth limit as one line, without recursing into it", () => {
    let deep: unknown = "bottom";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const lines = leafLines(deep);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith("1 1 1 1 1 1 1 1 1 1 1 1: ")).toBe(true);
    expect(compareFields({ sections: deep }, { sections: [] }, options)[0]!.changed).toBe(true);
  });

  it("reads deep JSON leaves with list positions from 1", () => {
    expect(leafLines({ items: [{ title: "T", tags: ["x", 2, null] }] })).toEqual(["items 1 title: T", "items 1 tags 1: x", "items 1 tags 2: 2", "items 1 tags 3: null"]);
  });
});

describe("versions list", () => {
  const body = {
    items: [
      { id: 5, state: "pending", versionData: { title: "Five" }, author: "Eddie Editor", createdAt: "2026-11-23T10:00:00.000Z" },
      { id: 4, state: "published", versionData: '{"title":"Four"}', author: null },
      { id: 3, state: "superseded", versionData: { title: "Three" } },
      { id: "x", state: "pending" },
      { id: 2, state: "weird" },
      null,
    ],
    scheduled: { at: "2030-01-01T09:00:00Z", versionId: null, by: "Pat" },
  };

  it("keeps well-formed versions, parses a JSON-text snapshot, and reads the schedule", () => {
    const list = parseVersionList(body);
    expect(list.items.map((v) => [v.id, v.state, v.author, v.data.title])).toEqual([
      [5, "pending", "Eddie Editor", "Five"],
      [4, "published", null, "Four"],
      [3, "superseded", null, "Three"],
    ]);
    expect(list.scheduled).toEqual({ at: "2030-01-01T09:00:00Z", versionId: null, by: "Pat" });
    expect(list.next).toBeNull();
    expect(parseVersionList({ ...body, next: "3" }).next).toBe("3");
  });

  it("marks the published version, the scheduled one (the newest draft when none is named) and drafts", () => {
    const list = parseVersionList(body);
    const scheduled = scheduledVersionId(list);
    expect(scheduled).toBe(5);
    expect(list.items.map((v) => versionStateLabel(v, scheduled))).toEqual(["Scheduled", "Published", "Earlier"]);
    expect(versionStateLabel({ id: 5, state: "pending" }, null)).toBe("Draft");
  });

  it("an unexpected answer is an empty list", () => {
    expect(parseVersionList("nope")).toEqual({ items: [], scheduled: null, next: null });
    expect(parseVersionList({ items: {}, scheduled: "soon", next: 4 })).toEqual({ items: [], scheduled: null, next: null });
  });
});
