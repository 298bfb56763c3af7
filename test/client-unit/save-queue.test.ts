import { describe, expect, it } from "vitest";
import { createSaveQueue, type SaveQueueSnapshot } from "../../src/client/save-queue";
import { controlledSend, fakeTimers, settle } from "./fake-timers";

const TITLE = "pages:1:title";
const BODY = "pages:1:body";

function setup(debounceMs: number | false = 800) {
  const clock = fakeTimers();
  const wire = controlledSend();
  const states: SaveQueueSnapshot["state"][] = [];
  const queue = createSaveQueue({ send: wire.send, debounceMs, timers: clock.timers, onChange: (s) => states.push(s.state) });
  queue.track(TITLE, "About");
  queue.track(BODY, "<p>Hi</p>");
  return { clock, wire, states, queue };
}

describe("auto-save queue", () => {
  it("saves a changed field once, 800 ms after the last edit of a burst", async () => {
    const { clock, wire, queue } = setup();
    for (const value of ["A", "Ab", "Abo", "Abou", "About us"]) {
      queue.edit(TITLE, value);
      clock.advance(300);
    }
    expect(wire.calls).toHaveLength(0);
    clock.advance(500);
    await settle();
    expect(wire.calls.map((c) => [c.field, c.value])).toEqual([[TITLE, "About us"]]);
  });

  it("never sends an unchanged field, nor a field edited back to its saved value", async () => {
    const { clock, wire, queue } = setup();
    queue.edit(TITLE, "About!");
    queue.edit(TITLE, "About");
    clock.advance(800);
    await queue.flush();
    expect(wire.calls).toHaveLength(0);
  });

  it("sends one request per changed field", async () => {
    const { wire, queue } = setup();
    queue.edit(TITLE, "New");
    queue.edit(BODY, "<p>New</p>");
    void queue.flush();
    await settle();
    expect(wire.calls.map((c) => c.field).sort()).toEqual([BODY, TITLE]);
  });

  it("goes saving → saved and forgets the field once the server accepts it", async () => {
    const { wire, queue, states } = setup();
    queue.edit(TITLE, "New");
    const done = queue.flush();
    await settle();
    expect(queue.snapshot()).toMatchObject({ state: "saving", inFlight: true });
    wire.calls[0]!.resolve(true);
    await done;
    expect(queue.snapshot()).toEqual({ state: "saved", dirty: [], failed: [], inFlight: false });
    expect(states).toContain("saving");
  });

  it("never overlaps saves: edits during a save make exactly one coalesced re-run", async () => {
    const { clock, wire, queue } = setup(100);
    queue.edit(TITLE, "One");
    clock.advance(100);
    await settle();
    expect(wire.calls).toHaveLength(1);
    queue.edit(TITLE, "Two");
    clock.advance(100);
    queue.edit(TITLE, "Three");
    clock.advance(100);
    void queue.flush();
    await settle();
    expect(wire.calls).toHaveLength(1);
    wire.calls[0]!.resolve(true);
    await settle();
    expect(wire.calls.map((c) => c.value)).toEqual(["One", "Three"]);
    wire.calls[1]!.resolve(true);
    await settle();
    expect(queue.snapshot().state).toBe("saved");
  });

  it("keeps a failed field dirty, says so, and retries it on the next edit", async () => {
    const { clock, wire, queue } = setup();
    queue.edit(TITLE, "New");
    void queue.flush();
    await settle();
    wire.calls[0]!.resolve(false);
    await settle();
    expect(queue.snapshot()).toMatchObject({ state: "failed", dirty: [TITLE], failed: [TITLE] });
    clock.advance(5_000);
    expect(wire.calls).toHaveLength(1);
    queue.edit(BODY, "<p>Other</p>");
    clock.advance(800);
    await settle();
    expect(wire.calls.slice(1).map((c) => [c.field, c.value]).sort()).toEqual([[BODY, "<p>Other</p>"], [TITLE, "New"]]);
    for (const call of wire.calls.slice(1)) call.resolve(true);
    await settle();
    expect(queue.snapshot()).toMatchObject({ state: "saved", dirty: [], failed: [] });
  });

  it("counts a rejected send (network error) as a failure", async () => {
    const clock = fakeTimers();
    const queue = createSaveQueue({ send: () => Promise.reject(new TypeError("offline")), debounceMs: 800, timers: clock.timers });
    queue.track(TITLE, "About");
    queue.edit(TITLE, "New");
    await queue.flush();
    expect(queue.snapshot().state).toBe("failed");
  });

  it("keeps an edit made while its field was saving dirty", async () => {
    const { wire, queue } = setup(false);
    queue.edit(TITLE, "First");
    const run = queue.flush();
    await settle();
    queue.edit(TITLE, "Second");
    wire.calls[0]!.resolve(true);
    await run;
    expect(queue.snapshot()).toMatchObject({ state: "dirty", dirty: [TITLE] });
  });

  it("with auto-save off, saves only when flushed", async () => {
    const { clock, wire, queue } = setup(false);
    queue.edit(TITLE, "New");
    clock.advance(10_000);
    expect(clock.pendingCount()).toBe(0);
    expect(wire.calls).toHaveLength(0);
    expect(queue.snapshot().state).toBe("dirty");
    void queue.flush();
    await settle();
    expect(wire.calls).toHaveLength(1);
  });

  it("honours a tuned debounce", async () => {
    const { clock, wire, queue } = setup(250);
    queue.edit(TITLE, "New");
    clock.advance(249);
    expect(wire.calls).toHaveLength(0);
    clock.advance(1);
    await settle();
    expect(wire.calls).toHaveLength(1);
  });
});
