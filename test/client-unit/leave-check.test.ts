import { describe, expect, it } from "vitest";
import { unsavedOnLeave, type LeaveState } from "../../src/client/leave-check";

const state = (over: Partial<LeaveState> & { dirty?: string[]; failed?: string[]; inFlight?: boolean } = {}): LeaveState => ({
  snapshot: { state: "idle", dirty: over.dirty ?? [], failed: over.failed ?? [], inFlight: over.inFlight ?? false },
  manual: over.manual ?? false,
  unkeptInFlight: over.unkeptInFlight ?? 0,
  liveUnkept: over.liveUnkept ?? false,
});

describe("unsavedOnLeave", () => {
  it.each([
    ["nothing pending", state(), false],
    ["a keepalive save in flight (it lands after the page is gone)", state({ dirty: ["f"], inFlight: true }), false],
    ["auto-save with a dirty field (the exit flush sends it with keepalive)", state({ dirty: ["f"] }), false],
    ["a save in flight without keepalive", state({ dirty: ["f"], inFlight: true, unkeptInFlight: 1 }), true],
    ["unsaved fields with auto-save off", state({ dirty: ["f"], manual: true }), true],
    ["a field whose last save failed", state({ dirty: ["f"], failed: ["f"] }), true],
    ["live edits the room has not acknowledged, kept only in this tab", state({ liveUnkept: true }), true],
  ] as const)("%s → %s", (_name, input, expected) => {
    expect(unsavedOnLeave(input)).toBe(expected);
  });
});
