import { describe, expect, it } from "vitest";
import { scheduleCancelledNote } from "../../src/client/schedule-note";

describe("scheduleCancelledNote", () => {
  it("tells editors when a scheduled publish was due and why it did not go live", () => {
    expect(scheduleCancelledNote("1 May 2099, 09:30", "Pat no longer has the publish right")).toBe(
      "The publish scheduled for 1 May 2099, 09:30 did not go live: Pat no longer has the publish right",
    );
  });

  it("still says it without a readable time or a reason", () => {
    expect(scheduleCancelledNote("", "a newer version (7) was published after version 5 was scheduled")).toBe(
      "A scheduled publish did not go live: a newer version (7) was published after version 5 was scheduled",
    );
    expect(scheduleCancelledNote("1 May 2099, 09:30", " ")).toBe("The publish scheduled for 1 May 2099, 09:30 did not go live: it was cancelled");
  });
});
