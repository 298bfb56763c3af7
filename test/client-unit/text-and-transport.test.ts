import { describe, expect, it } from "vitest";
import { readPath, writePath } from "../../src/client/json-path";
import { createSaveTransport, fitsKeepalive, KEEPALIVE_BUDGET_BYTES } from "../../src/client/save-transport";
import { statusText } from "../../src/client/status-text";
import { diffText, mapOffset, typedSplice } from "../../src/client/text-diff";

describe("text splices for live plain fields", () => {
  it.each([
    ["About us", "About all of us", { index: 6, remove: 0, insert: "all of " }],
    ["About us", "About", { index: 5, remove: 3, insert: "" }],
    ["aaa", "aaaa", { index: 3, remove: 0, insert: "a" }],
    ["same", "same", { index: 4, remove: 0, insert: "" }],
    ["", "new", { index: 0, remove: 0, insert: "new" }],
    ["cat", "cut", { index: 1, remove: 1, insert: "u" }],
  ])("%j → %j", (before, after, splice) => {
    expect(diffText(before, after)).toEqual(splice);
    expect(before.slice(0, splice.index) + splice.insert + before.slice(splice.index + splice.remove)).toBe(after);
  });

  it.each([
    ["a letter typed before the same letter goes where the caret is", "how", "howw", 3, { index: 2, remove: 0, insert: "w" }],
    ["in a run of one letter too", "aaa", "aaaa", 1, { index: 0, remove: 0, insert: "a" }],
    ["a paste before the same text", "abab", "ababab", 2, { index: 0, remove: 0, insert: "ab" }],
    ["no caret: the plain diff", "how", "howw", null, { index: 3, remove: 0, insert: "w" }],
    ["a caret that does not fit: the plain diff", "how", "howw", 1, { index: 3, remove: 0, insert: "w" }],
    ["a replacement: the plain diff", "cat", "cut", 2, { index: 1, remove: 1, insert: "u" }],
  ] as const)("typedSplice: %s", (_name, before, after, caret, splice) => {
    expect(typedSplice(before, after, caret)).toEqual(splice);
  });

  it.each([
    [5, [{ retain: 2 }, { insert: "abc" }], 8],
    [5, [{ retain: 5 }, { insert: "abc" }], 5],
    [5, [{ retain: 7 }, { insert: "abc" }], 5],
    [5, [{ retain: 1 }, { delete: 2 }], 3],
    [5, [{ retain: 4 }, { delete: 3 }], 4],
    [2, [{ delete: 10 }, { insert: "x" }], 0],
  ])("moves a caret at %i through %j to %i", (offset, delta, expected) => {
    expect(mapOffset(offset, delta)).toBe(expected);
  });
});

describe("JSON leaves of structured fields", () => {
  const sections = [{ type: "hero", heading: "Hi" }, { type: "features", items: [{ title: "A" }] }];

  it("reads and writes a leaf without touching the original", () => {
    expect(readPath(sections, [1, "items", 0, "title"])).toBe("A");
    const next = writePath(sections, [1, "items", 0, "title"], "B");
    expect(readPath(next, [1, "items", 0, "title"])).toBe("B");
    expect(readPath(sections, [1, "items", 0, "title"])).toBe("A");
  });

  it("drops a write into a list item that no longer exists", () => {
    expect(writePath(sections, [5, "heading"], "X")).toBeNull();
    expect(readPath(sections, [5, "heading"])).toBeUndefined();
  });
});

describe("save transport", () => {
  it("uses keepalive within the 64 KiB budget and a normal request beyond it", async () => {
    expect(fitsKeepalive(KEEPALIVE_BUDGET_BYTES, 0)).toBe(true);
    expect(fitsKeepalive(KEEPALIVE_BUDGET_BYTES + 1, 0)).toBe(false);
    expect(fitsKeepalive(40_000, 30_000)).toBe(false);
    const seen: { keepalive: boolean | undefined; body: string }[] = [];
    const send = createSaveTransport({
      url: "/api/cms/save",
      fetch: async (_url, init) => {
        seen.push({ keepalive: init.keepalive, body: init.body });
        return new Response(null, { status: 204 });
      },
    });
    expect(await send("pages:1:title", "About")).toBe(true);
    expect(await send("pages:1:body", "x".repeat(70_000))).toBe(true);
    expect(seen[0]).toEqual({ keepalive: true, body: JSON.stringify({ field: "pages:1:title", value: "About" }) });
    expect(seen[1]!.keepalive).toBe(false);
  });

  it("counts the saves in flight that went without keepalive, and only while they are in flight", async () => {
    const answers: (() => void)[] = [];
    const send = createSaveTransport({ url: "/s", fetch: () => new Promise((resolve) => answers.push(() => resolve(new Response(null, { status: 204 })))) });
    const small = send("pages:1:title", "About");
    const big = send("pages:1:body", "x".repeat(70_000));
    expect(send.unkeptInFlight()).toBe(1);
    for (const answer of answers) answer();
    await Promise.all([small, big]);
    expect(send.unkeptInFlight()).toBe(0);
  });

  it("reports a non-2xx answer and a network error as a failed save", async () => {
    const failing = createSaveTransport({ url: "/s", fetch: async () => new Response("{}", { status: 500 }) });
    const offline = createSaveTransport({ url: "/s", fetch: () => Promise.reject(new TypeError("offline")) });
    expect(await failing("pages:1:title", "x")).toBe(false);
    expect(await offline("pages:1:title", "x")).toBe(false);
  });
});

describe("status line", () => {
  it.each([
    ["saving", { versioned: false }, "Saving…"],
    ["saved", { versioned: false }, "Saved"],
    ["saved", { versioned: true }, "Draft saved"],
    ["dirty", { versioned: false, manual: true }, "Unsaved changes"],
    ["saved", { versioned: true, live: "offline" }, "Offline: changes kept on this device"],
    ["saving", { versioned: true, live: "offline", keptOnDevice: true }, "Offline: changes kept on this device"],
    ["saving", { versioned: true, live: "offline", keptOnDevice: false }, "Offline: changes kept in this tab until you reconnect"],
    ["saving", { versioned: true, live: "deleted" }, "This page was deleted: changes here are not saved"],
    ["saved", { versioned: true, live: "access-changed" }, "Your access to this page changed: reconnecting…"],
    ["saving", { versioned: true, live: "out-of-scope" }, "This page is outside your access: changes here are not saved"],
    ["saving", { versioned: true, live: "outdated", keptOnDevice: true }, "This editor was updated: reload the page to keep editing. Your changes are kept on this device."],
    ["saving", { versioned: true, live: "outdated", keptOnDevice: false }, "This editor was updated: copy your unsaved changes, then reload the page to keep editing."],
  ] as const)("%s %j reads %j", (state, context, text) => {
    expect(statusText(state, context)).toBe(text);
  });

  it("says a failed save is kept and retried", () => {
    expect(statusText("failed", { versioned: true })).toMatch(/failed.*kept.*retry/i);
  });
});
