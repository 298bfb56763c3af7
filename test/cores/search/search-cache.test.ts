import { describe, expect, it } from "vitest";
import { createSearchCache, noteSearchChange, searchGeneration } from "../../../src/cores/search";

/* A loader that counts its calls and answers with the call number. */
function counter() {
  let calls = 0;
  return { load: async () => ++calls, get calls() { return calls; } };
}

describe("createSearchCache", () => {
  it("answers a repeated key from memory", async () => {
    const cache = createSearchCache();
    const c = counter();
    expect(await cache.read("q", c.load)).toBe(1);
    expect(await cache.read("q", c.load)).toBe(1);
    expect(c.calls).toBe(1);
  });

  it("keeps keys apart", async () => {
    const cache = createSearchCache();
    const c = counter();
    expect(await cache.read("a", c.load)).toBe(1);
    expect(await cache.read("b", c.load)).toBe(2);
  });

  it("recomputes once the published generation moves", async () => {
    const cache = createSearchCache();
    const c = counter();
    await cache.read("q", c.load);
    const before = searchGeneration();
    noteSearchChange();
    expect(searchGeneration()).toBe(before + 1);
    expect(await cache.read("q", c.load)).toBe(2);
    expect(await cache.read("q", c.load)).toBe(2);
  });

  it("never serves an answer older than maxAgeMs", async () => {
    let now = 1_000;
    const cache = createSearchCache({ maxAgeMs: 500, now: () => now });
    const c = counter();
    await cache.read("q", c.load);
    now += 499;
    expect(await cache.read("q", c.load)).toBe(1);
    now += 1;
    expect(await cache.read("q", c.load)).toBe(2);
  });

  it("shares one load between concurrent equal reads", async () => {
    const cache = createSearchCache();
    const c = counter();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.read("q", c.load)));
    expect(answers).toEqual(new Array(20).fill(1));
    expect(c.calls).toBe(1);
  });

  it("does not keep a failed load", async () => {
    const cache = createSearchCache();
    await expect(cache.read("q", () => Promise.reject(new Error("D1 down")))).rejects.toThrow("D1 down");
    expect(cache.size).toBe(0);
    expect(await cache.read("q", async () => "ok")).toBe("ok");
  });

  it("drops the least recently used entry beyond maxEntries", async () => {
    const cache = createSearchCache({ maxEntries: 2 });
    const c = counter();
    await cache.read("a", c.load); // 1
    await cache.read("b", c.load); // 2
    await cache.read("a", c.load); // hit: a is now the most recent
    await cache.read("c", c.load); // 3, evicts b
    expect(cache.size).toBe(2);
    expect(await cache.read("a", c.load)).toBe(1);
    expect(await cache.read("b", c.load)).toBe(4);
  });

  it("does not serve an answer computed under a generation that moved while it loaded", async () => {
    const cache = createSearchCache();
    let release!: () => void;
    const slow = cache.read("q", () => new Promise<string>((resolve) => (release = () => resolve("old"))));
    noteSearchChange(); // a publish commits while the query runs
    release();
    expect(await slow).toBe("old"); // the caller that asked before the commit gets its answer
    expect(await cache.read("q", async () => "new")).toBe("new");
  });
});
