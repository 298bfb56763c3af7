import { describe, expect, it } from "vitest";
import { parseMarker, readMarker, uniqueMarkers } from "../../src/client/markers";
import { roomPath, resolveEndpoints } from "../../src/client/mount-config";

describe("marker parser", () => {
  it.each([
    [{ field: "pages:1:title" }, { address: "pages:1:title", kind: "text", root: "title", below: [], allowUrl: false }],
    [{ field: "pages:1:body", type: "richtext" }, { kind: "richtext", root: "body" }],
    [{ field: "pages:1:sections.2.heading" }, { kind: "text", root: "sections", below: [2, "heading"] }],
    [{ field: "pages:1:sections.0.items.3.title" }, { root: "sections", below: [0, "items", 3, "title"] }],
    [{ field: "pages:1:sections.0.image", type: "image", allowUrl: "" }, { kind: "image", allowUrl: true }],
    [{ field: "pages:1:sections.0.image", type: "image", allowUrl: "false" }, { allowUrl: false }],
    [{ field: " pages:about-us:title ", type: "TEXT" }, { address: "pages:about-us:title", key: "about-us", kind: "text" }],
    [{ field: "events:1:price", type: "number", def: '{"type":"number","unit":"EUR"}', value: "12.5" }, { kind: "number", def: { type: "number", unit: "EUR" }, value: 12.5 }],
    [{ field: "events:1:free", type: "boolean", value: "null" }, { kind: "boolean", value: null }],
    [{ field: "events:1:category", type: "select", def: '{"type":"select","options":[{"value":"a","label":"A"}]}' }, { kind: "select" }],
  ])("reads %j", (attributes, expected) => {
    expect(parseMarker(attributes)).toMatchObject(expected);
  });

  it.each([
    [{ field: null }],
    [{ field: "" }],
    [{ field: "pages:1" }],
    [{ field: "pages:1:title:extra" }],
    [{ field: "pages:1:__proto__" }],
    [{ field: "pages:1:sections.-1.heading" }],
    [{ field: "pages:1:0.heading" }],
    [{ field: "pages:1:title", type: "video" }],
    [{ field: "events:1:category", type: "select" }],
    [{ field: "events:1:category", type: "select", def: "{not json" }],
  ])("refuses %j", (attributes) => {
    expect(parseMarker(attributes)).toBeNull();
  });

  it("reads every marker attribute from an element, so a section's select keeps its options wherever it is found", () => {
    const attributes: Record<string, string> = {
      "data-cms-field": "pages:1:sections.3.style",
      "data-cms-type": "select",
      "data-cms-def": '{"type":"select","options":[{"value":"primary","label":"Primary"}]}',
      "data-cms-value": '"primary"',
    };
    const element = { getAttribute: (name: string) => attributes[name] ?? null };
    expect(readMarker(element)).toMatchObject({ kind: "select", root: "sections", below: [3, "style"], def: { options: [{ value: "primary", label: "Primary" }] }, value: "primary" });
  });

  it("keeps the first of two markers with the same address", () => {
    const a = { marker: parseMarker({ field: "pages:1:title" })!, id: "a" };
    const b = { marker: parseMarker({ field: "pages:1:title" })!, id: "b" };
    const c = { marker: parseMarker({ field: "pages:1:body", type: "richtext" })!, id: "c" };
    expect(uniqueMarkers([a, b, c]).map((x) => x.id)).toEqual(["a", "c"]);
  });
});

describe("mount configuration", () => {
  const markers = [parseMarker({ field: "settings:1:siteName" })!, parseMarker({ field: "pages:7:title" })!];

  it("joins the room of the versioned page's own collection", () => {
    expect(roomPath("/parties/page-room", 7, markers)).toBe("/parties/page-room/pages:7");
  });

  it("has no room without a versioned page, with live editing off, or without the page's markers", () => {
    expect(roomPath("/parties/page-room", undefined, markers)).toBeNull();
    expect(roomPath(false, 7, markers)).toBeNull();
    expect(roomPath("/parties/page-room", 8, markers)).toBeNull();
  });

  it("defaults to the reference endpoints and an 800 ms debounce", () => {
    expect(resolveEndpoints({})).toEqual({
      saveUrl: "/api/cms/save",
      uploadUrl: "/api/cms/upload",
      mediaUrl: "/api/cms/media",
      roomUrl: "/parties/page-room",
      roomTimeoutMs: 5000,
      debounceMs: 800,
    });
    expect(resolveEndpoints({ autoSave: false }).debounceMs).toBe(false);
    expect(resolveEndpoints({ autoSave: { debounceMs: 250 }, roomUrl: "/rooms/" })).toMatchObject({ debounceMs: 250, roomUrl: "/rooms" });
  });
});
