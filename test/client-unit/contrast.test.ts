import { describe, expect, it } from "vitest";
import { readableTextOn } from "../../src/client/contrast";

describe("readableTextOn", () => {
  it.each([
    ["#3cb44b", "#000000"],
    ["#f58231", "#000000"],
    ["#4363d8", "#ffffff"],
    ["#911eb4", "#ffffff"],
    ["#6d4c41", "#ffffff"],
    ["#fff", "#000000"],
    ["#000", "#ffffff"],
    ["#FFFF00", "#000000"],
    ["red", "#ffffff"],
    ["#12345", "#ffffff"],
    ["", "#ffffff"],
  ])("%s → %s", (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });
});
