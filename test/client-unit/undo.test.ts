import { describe, expect, it } from "vitest";
import { historyInput, historyKey } from "../../src/client/undo/undo-keys";
import { createEditOrder } from "../../src/client/undo/edit-order";
import { createValueHistory } from "../../src/client/undo/value-history";

const key = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) => ({
  key,
  ctrlKey: Boolean(mods.ctrl),
  metaKey: Boolean(mods.meta),
  shiftKey: Boolean(mods.shift),
  altKey: Boolean(mods.alt),
});

describe("historyKey", () => {
  it.each([
    [key("z", { ctrl: true }), false, "undo"],
    [key("Z", { ctrl: true, shift: true }), false, "redo"],
    [key("y", { ctrl: true }), false, "redo"],
    [key("z", { meta: true }), true, "undo"],
    [key("z", { meta: true, shift: true }), true, "redo"],
    [key("z", { ctrl: true }), true, null],
    [key("z", { meta: true }), false, null],
    [key("z"), false, null],
    [key("z", { ctrl: true, alt: true }), false, null],
    [key("y", { ctrl: true, shift: true }), false, null],
    [key("b", { ctrl: true }), false, null],
  ] as const)("%o on mac=%s → %s", (event, mac, expected) => {
    expect(historyKey(event, mac)).toBe(expected);
  });

  it("reads the browser's own undo requests", () => {
    expect([historyInput("historyUndo"), historyInput("historyRedo"), historyInput("insertText")]).toEqual(["undo", "redo", null]);
  });
});

function history(initial = "T", captureMs = 500) {
  let now = 0;
  const applied: string[] = [];
  const h = createValueHistory(initial, (value) => applied.push(value), { captureMs, now: () => now });
  return { h, applied, tick: (ms: number) => (now += ms) };
}

describe("createValueHistory", () => {
  it("merges quick typing into one step and separates pauses", () => {
    const { h, applied, tick } = history();
    h.edited("T ");
    tick(100);
    h.edited("T A");
    tick(100);
    h.edited("T AA");
    tick(2000);
    h.edited("T AA!");
    expect(h.target.undo()).toBe(true);
    expect(h.target.undo()).toBe(true);
    expect(h.target.undo()).toBe(false);
    expect(applied).toEqual(["T AA", "T"]);
  });

  it("redoes what was undone, and a new edit clears the redo steps", () => {
    const { h, applied, tick } = history();
    h.edited("T1");
    tick(1000);
    h.edited("T12");
    h.target.undo();
    expect(h.target.canRedo()).toBe(true);
    h.target.redo();
    expect(applied).toEqual(["T1", "T12"]);
    h.target.undo();
    h.edited("T1x");
    expect(h.target.canRedo()).toBe(false);
    expect(h.target.redo()).toBe(false);
  });

  it("never extends an undone step with the next edit, even within the capture time", () => {
    const { h, applied } = history();
    h.edited("T1");
    h.target.undo();
    h.edited("T2");
    h.edited("T23");
    h.target.undo();
    expect(applied).toEqual(["T", "T"]);
    expect(h.target.canUndo()).toBe(false);
  });

  it("drops its steps when someone else replaces the value, so undo cannot overwrite theirs", () => {
    const { h, applied } = history();
    h.edited("T mine");
    h.replaced("T theirs");
    expect(h.target.canUndo()).toBe(false);
    expect(h.target.undo()).toBe(false);
    expect(applied).toEqual([]);
  });

  it("ignores an edit that changes nothing and compares JSON values by content", () => {
    let now = 0;
    const applied: unknown[] = [];
    const h = createValueHistory<{ src: string; alt: string }>({ src: "/a.png", alt: "" }, (v) => applied.push(v), { now: () => (now += 1000) });
    h.edited({ src: "/a.png", alt: "" });
    expect(h.target.canUndo()).toBe(false);
    h.edited({ src: "/b.png", alt: "B" });
    h.target.undo();
    expect(applied).toEqual([{ src: "/a.png", alt: "" }]);
  });

  it("keeps astral characters whole", () => {
    const { h, applied, tick } = history("🙂");
    h.edited("🙂👍🏽");
    tick(1000);
    h.edited("🙂👍🏽𝒳");
    h.target.undo();
    expect(applied).toEqual(["🙂👍🏽"]);
  });
});

describe("createEditOrder", () => {
  /* Two fields with their own value histories on one clock; typing a word is one step. */
  const page = () => {
    let clock = 0;
    const values = { title: "T", body: "B" };
    const field = (name: keyof typeof values) => {
      const history = createValueHistory(values[name], (value) => (values[name] = value), { now: () => clock });
      return {
        target: history.target,
        type(word: string, pause = 1000) {
          for (const letter of word) history.edited((values[name] += letter)), (clock += 50);
          clock += pause;
        },
      };
    };
    const title = field("title");
    const body = field("body");
    const order = createEditOrder();
    order.follow(title.target);
    order.follow(body.target);
    return { values, title, body, order };
  };

  it("undoes across fields in the order the edits were made, and redoes them in order", () => {
    const { values, title, body, order } = page();
    title.type(" ONE"), order.sync();
    body.type(" TWO"), order.sync();
    title.type(" THREE"), order.sync();
    const seen: string[] = [];
    while (order.undo()) seen.push(`${values.title}|${values.body}`);
    expect(seen).toEqual(["T ONE|B TWO", "T ONE|B", "T|B"]);
    expect(order.canUndo()).toBe(false);
    const redone: string[] = [];
    while (order.redo()) redone.push(`${values.title}|${values.body}`);
    expect(redone).toEqual(["T ONE|B", "T ONE|B TWO", "T ONE THREE|B TWO"]);
  });

  it("typing back in a field soon after another field starts a step of its own", () => {
    const { values, title, body, order } = page();
    const quick = (field: typeof title, word: string) => {
      for (const letter of word) field.type(letter, 0), order.sync();
    };
    quick(title, " ONE");
    quick(body, " TWO");
    quick(title, " THREE");
    expect(order.undo()).toBe(true);
    expect(values).toEqual({ title: "T ONE", body: "B TWO" });
  });

  it("a field's own undo keeps the page order, and a new edit ends the redo chain", () => {
    const { values, title, body, order } = page();
    title.type(" ONE"), order.sync();
    body.type(" TWO"), order.sync();
    expect(order.undo(title.target)).toBe(true);
    expect(values).toEqual({ title: "T", body: "B TWO" });
    expect(order.undo()).toBe(true);
    expect(values.body).toBe("B");
    expect(order.canUndo()).toBe(false);
    body.type(" NEW"), order.sync();
    expect(order.canRedo()).toBe(false);
  });

  it("drops the steps of a field whose history was cleared", () => {
    const { values, title, body, order } = page();
    const history = createValueHistory("x", () => undefined);
    order.follow(history.target);
    title.type(" ONE"), order.sync();
    history.edited("xy"), order.sync();
    history.replaced("someone else's"), order.sync();
    body.type(" TWO"), order.sync();
    expect(order.undo()).toBe(true);
    expect(order.undo()).toBe(true);
    expect(values).toEqual({ title: "T", body: "B" });
  });

  it("names the field whose step Undo or Redo would take next, skipping cleared ones", () => {
    const { title, body, order } = page();
    expect(order.next("undo")).toBeNull();
    title.type(" ONE"), order.sync();
    body.type(" TWO"), order.sync();
    expect(order.next("undo")).toBe(body.target);
    expect(order.next("redo")).toBeNull();
    order.undo();
    expect(order.next("undo")).toBe(title.target);
    expect(order.next("redo")).toBe(body.target);
  });
});
