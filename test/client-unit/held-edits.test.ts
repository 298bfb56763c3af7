import { describe, expect, it } from "vitest";
import { createSaveQueue } from "../../src/client/save-queue";
import { HELD_WHILE_SUGGESTING, holdWhileSuggesting } from "../../src/client/suggest/held-edits";
import { createReview } from "../../src/client/suggest/review";

const PRICE = "pages:1:price";

/* A manual-save queue whose sends are recorded, behind the hold of a page starting in Suggesting mode. */
function setup() {
  const sent: [string, unknown][] = [];
  const queue = createSaveQueue({ send: async (field, value) => (sent.push([field, value]), true), debounceMs: false });
  const review = createReview({ id: 7, name: "Eve" }, "suggesting");
  const told: string[] = [];
  review.onTell((text) => told.push(text));
  const win = new EventTarget();
  const held = holdWhileSuggesting(queue, review, win);
  held.queue.track(PRICE, "10");
  return { sent, queue, review, told, held, win };
}

/* Whether leaving the page now asks the editor to confirm (a cancelled `beforeunload`). */
function leavingAsks(win: EventTarget): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  win.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("a live page's field saved over HTTP in Suggesting mode", () => {
  it("holds an edit back while Suggesting and tells the editor to switch to Editing, which sends it", async () => {
    const { sent, queue, review, told, held } = setup();
    held.queue.edit(PRICE, "12");
    await held.queue.flush();
    expect(sent).toEqual([]);
    expect(queue.snapshot().dirty).toEqual([]);
    expect(told).toEqual([HELD_WHILE_SUGGESTING]);
    review.setMode("editing");
    await held.queue.flush();
    expect(sent).toEqual([[PRICE, "12"]]);
    held.destroy();
  });

  it("asks before the page is left while an edit is held, and not once it was sent or the page let go", async () => {
    const { review, held, win } = setup();
    expect(leavingAsks(win)).toBe(false);
    held.queue.edit(PRICE, "12");
    expect(leavingAsks(win)).toBe(true);
    review.setMode("editing");
    expect(leavingAsks(win)).toBe(false);
    review.setMode("suggesting");
    held.queue.edit(PRICE, "14");
    held.destroy();
    expect(leavingAsks(win)).toBe(false);
  });

  it("sends edits made in Editing mode as they come, and holds nothing once destroyed", async () => {
    const { sent, review, told, held } = setup();
    review.setMode("editing");
    held.queue.edit(PRICE, "11");
    await held.queue.flush();
    expect(sent).toEqual([[PRICE, "11"]]);
    expect(told).toEqual([]);
    review.setMode("suggesting");
    held.queue.edit(PRICE, "13");
    held.destroy();
    review.setMode("editing");
    await held.queue.flush();
    expect(sent).toEqual([[PRICE, "11"]]);
  });
});
