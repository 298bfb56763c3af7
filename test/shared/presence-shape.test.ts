import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { isPresenceState, isRelativePositionJson } from "../../src/shared/presence-shape";

const doc = new Y.Doc();
const title = doc.getText("title");
title.insert(0, "Hello");
const real = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(title, 2));
const atRoot = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(doc.getXmlFragment("body"), 0));

describe("presence state shape", () => {
  it.each([
    [{ cursor: { anchor: real, head: real } }, true],
    [{ cursor: { anchor: atRoot, head: atRoot } }, true],
    [{ cursor: null, user: { name: "x" } }, true],
    [{ field: { address: "pages:1:title", anchor: 3, head: 5 } }, true],
    [{ field: { address: "pages:1:title", anchor: real, head: real } }, true],
    [{ field: null }, true],
    [{}, true],
    [{ cursor: { anchor: { junk: true }, head: { junk: true } } }, false],
    [{ cursor: { anchor: real } }, false],
    [{ cursor: "here" }, false],
    [{ cursor: { anchor: { item: { client: -1, clock: 0 } }, head: real } }, false],
    [{ cursor: { anchor: { type: { client: "a", clock: 1 } }, head: real } }, false],
    [{ cursor: { anchor: { tname: "" }, head: real } }, false],
    [{ cursor: { anchor: { tname: "x".repeat(300) }, head: real } }, false],
    [{ cursor: { anchor: { ...real, assoc: 0.5 }, head: real } }, false],
    [{ field: { address: 7 } }, false],
    [{ field: { address: "pages:1:title", anchor: -1 } }, false],
    [{ field: { address: "pages:1:title", head: { junk: true } } }, false],
    [{ field: "pages:1:title" }, false],
    [[], false],
    [null, false],
    ["state", false],
  ])("%j → %s", (state, ok) => {
    expect(isPresenceState(state)).toBe(ok);
  });

  it("accepts every relative position Yjs itself writes, and what Yjs resolves it to is not thrown", () => {
    for (const json of [real, atRoot]) {
      expect(isRelativePositionJson(json)).toBe(true);
      expect(() => Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(json), doc)).not.toThrow();
    }
    expect(() => Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON({ junk: true }), doc)).toThrow("Unexpected case");
  });
});
